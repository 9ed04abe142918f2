// Registration of the OpenCL backend ("opencl") in a BackendRegistry, and its device list.
#pragma once

#include "compute/BackendRegistry.h"

namespace mardyn::compute {
/// Adds "opencl" to the registry (called by availableBackends()).
void registerOpenCLBackend(BackendRegistry& registry);
}  // namespace mardyn::compute

namespace mardyn::opencl {
/// Every device of every OpenCL platform, or why there is none.
compute::DeviceList listOpenCLDevices();
}  // namespace mardyn::opencl
