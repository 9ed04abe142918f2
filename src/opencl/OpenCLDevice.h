// One OpenCL device found through the ICD loader, with the platform it belongs to and what the compute
// layer needs to know about it; enumerate() lists all devices of all platforms in a fixed order.
#pragma once

#include <string>
#include <vector>

#include "compute/DeviceInfo.h"
#include "opencl/OpenCLCheck.h"

namespace mardyn::opencl {

struct OpenCLDevice {
  cl_platform_id platform = nullptr;
  cl_device_id device = nullptr;
  compute::DeviceInfo info;
  std::string extensions;
  bool littleEndian = true;

  bool hasExtension(const std::string& name) const;
  /// Every device of every platform (flat index = DeviceInfo::index); sets reason when there is none.
  static std::vector<OpenCLDevice> enumerate(std::string& reason);
};

}  // namespace mardyn::opencl
