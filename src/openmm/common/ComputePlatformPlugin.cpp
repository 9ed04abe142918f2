// Entry points of a common-compute platform plugin (OpenMMCUDA, OpenMMOpenCL). The build names the platform
// and its compute backend (COMPUTE_PLATFORM_NAME, COMPUTE_BACKEND, COMPUTE_PLATFORM_SPEED): one source,
// two plugins. The platform is registered only where the backend finds a device, so that programs asking
// for it on a machine without one get the library's usual "no such platform" answer.
#include "ComputePlatform.h"
#include "openmm/PluginInitializer.h"

#include "compute/ComputeBackends.h"

extern "C" void registerPlatforms() {
  try {
    const auto registry = mardyn::compute::availableBackends();
    if (registry.devices(COMPUTE_BACKEND).devices.empty()) return;
  } catch (const std::exception&) {
    return;
  }
  OpenMM::Platform::registerPlatform(
      new OpenMM::ComputePlatform(COMPUTE_PLATFORM_NAME, COMPUTE_BACKEND, COMPUTE_PLATFORM_SPEED));
}

extern "C" void registerKernelFactories() {}
