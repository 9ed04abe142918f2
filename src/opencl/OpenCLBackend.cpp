// The OpenCL backend's device lister and context factory.
#include "opencl/OpenCLBackend.h"

#include "opencl/OpenCLContext.h"

namespace mardyn::opencl {

compute::DeviceList listOpenCLDevices() {
  compute::DeviceList list;
  for (auto& device : OpenCLDevice::enumerate(list.unavailableReason)) list.devices.push_back(device.info);
  return list;
}

}  // namespace mardyn::opencl

namespace mardyn::compute {

void registerOpenCLBackend(BackendRegistry& registry) {
  registry.add("opencl", &opencl::listOpenCLDevices,
               [](const ContextOptions& options) -> std::unique_ptr<ComputeContext> {
                 std::string reason;
                 auto devices = opencl::OpenCLDevice::enumerate(reason);
                 if (options.deviceIndex < 0 || options.deviceIndex >= static_cast<int>(devices.size()))
                   throw ComputeException("no OpenCL device " + std::to_string(options.deviceIndex) +
                                          (reason.empty() ? "" : ": " + reason));
                 return std::make_unique<opencl::OpenCLContext>(devices[options.deviceIndex], options);
               });
}

}  // namespace mardyn::compute
