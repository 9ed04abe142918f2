// The backend-neutral part of ComputeContext: the debug switch and the synchronisation after a launch.
#include "compute/ComputeContext.h"

#include <cstdlib>
#include <string>

namespace mardyn::compute {

ComputeContext::ComputeContext(ContextOptions options) : _options(std::move(options)) {
  const char* sync = std::getenv("MARDYN_COMPUTE_SYNC");
  if (sync && *sync && std::string(sync) != "0") _options.syncAfterLaunch = true;
  const char* profile = std::getenv("MARDYN_COMPUTE_PROFILE");
  if (profile && *profile && std::string(profile) != "0") _options.profileKernels = true;
}

void ComputeContext::synchronizeAfterLaunch(const std::string& kernelName) {
  try {
    synchronize();
  } catch (const ComputeException& error) {
    throw ComputeException("kernel '" + kernelName + "' failed: " + error.what());
  }
}

}  // namespace mardyn::compute
