// Registration of the CUDA backend ("cuda") in a BackendRegistry, and its device list.
#pragma once

#include "compute/BackendRegistry.h"

namespace mardyn::compute {
/// Adds "cuda" to the registry (called by availableBackends()).
void registerCudaBackend(BackendRegistry& registry);
}  // namespace mardyn::compute

namespace mardyn::cuda {
/// The CUDA devices, or why there are none (no libcuda.so.1, cuInit failure, no device).
compute::DeviceList listCudaDevices();
}  // namespace mardyn::cuda
