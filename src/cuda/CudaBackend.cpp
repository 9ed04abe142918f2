// The CUDA backend's device lister and context factory.
#include "cuda/CudaBackend.h"

#include "cuda/CudaCheck.h"
#include "cuda/CudaContext.h"

namespace mardyn::cuda {

compute::DeviceList listCudaDevices() {
  compute::DeviceList list;
  std::string reason;
  auto driver = CudaDriver::load(reason);
  if (!driver) {
    list.unavailableReason = reason;
    return list;
  }
  int count = 0;
  CUDA_CHECK(*driver, cuDeviceGetCount(&count));
  for (int i = 0; i < count; ++i) list.devices.push_back(CudaContext::describeDevice(*driver, i));
  if (count == 0) list.unavailableReason = "the CUDA driver reports no device";
  return list;
}

}  // namespace mardyn::cuda

namespace mardyn::compute {

void registerCudaBackend(BackendRegistry& registry) {
  registry.add("cuda", &cuda::listCudaDevices, [](const ContextOptions& options) -> std::unique_ptr<ComputeContext> {
    std::string reason;
    auto driver = cuda::CudaDriver::load(reason);
    if (!driver) throw ComputeException(reason);
    return std::make_unique<cuda::CudaContext>(driver, options);
  });
}

}  // namespace mardyn::compute
