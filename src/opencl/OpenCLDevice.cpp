// Enumeration and description of OpenCL devices.
#include "opencl/OpenCLDevice.h"

#include <sstream>

namespace mardyn::opencl {

namespace {

std::string platformString(cl_platform_id platform, cl_platform_info what) {
  std::size_t size = 0;
  CL_CHECK(clGetPlatformInfo(platform, what, 0, nullptr, &size));
  std::string value(size, '\0');
  CL_CHECK(clGetPlatformInfo(platform, what, size, value.data(), nullptr));
  while (!value.empty() && value.back() == '\0') value.pop_back();
  return value;
}

std::string deviceString(cl_device_id device, cl_device_info what) {
  std::size_t size = 0;
  CL_CHECK(clGetDeviceInfo(device, what, 0, nullptr, &size));
  std::string value(size, '\0');
  CL_CHECK(clGetDeviceInfo(device, what, size, value.data(), nullptr));
  while (!value.empty() && value.back() == '\0') value.pop_back();
  return value;
}

template <class T>
T deviceValue(cl_device_id device, cl_device_info what) {
  T value{};
  CL_CHECK(clGetDeviceInfo(device, what, sizeof(T), &value, nullptr));
  return value;
}

}  // namespace

bool OpenCLDevice::hasExtension(const std::string& name) const {
  std::istringstream words(extensions);
  std::string word;
  while (words >> word)
    if (word == name) return true;
  return false;
}

std::vector<OpenCLDevice> OpenCLDevice::enumerate(std::string& reason) {
  std::vector<OpenCLDevice> result;
  cl_uint platformCount = 0;
  const cl_int status = clGetPlatformIDs(0, nullptr, &platformCount);
  if (status != CL_SUCCESS || platformCount == 0) {
    reason = "no OpenCL platform (clGetPlatformIDs: " + openclErrorName(status) + ")";
    return result;
  }
  std::vector<cl_platform_id> platforms(platformCount);
  CL_CHECK(clGetPlatformIDs(platformCount, platforms.data(), nullptr));
  for (cl_platform_id platform : platforms) {
    cl_uint deviceCount = 0;
    if (clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &deviceCount) != CL_SUCCESS || deviceCount == 0)
      continue;
    std::vector<cl_device_id> devices(deviceCount);
    CL_CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, deviceCount, devices.data(), nullptr));
    const std::string platformName = platformString(platform, CL_PLATFORM_NAME);
    for (cl_device_id device : devices) {
      OpenCLDevice d;
      d.platform = platform;
      d.device = device;
      d.extensions = deviceString(device, CL_DEVICE_EXTENSIONS);
      d.littleEndian = deviceValue<cl_bool>(device, CL_DEVICE_ENDIAN_LITTLE) == CL_TRUE;
      compute::DeviceInfo& info = d.info;
      info.backend = "opencl";
      info.index = static_cast<int>(result.size());
      info.name = deviceString(device, CL_DEVICE_NAME);
      info.platform = platformName;
      info.computeUnits = static_cast<int>(deviceValue<cl_uint>(device, CL_DEVICE_MAX_COMPUTE_UNITS));
      info.globalMemory = deviceValue<cl_ulong>(device, CL_DEVICE_GLOBAL_MEM_SIZE);
      info.maxBlockSize = deviceValue<std::size_t>(device, CL_DEVICE_MAX_WORK_GROUP_SIZE);
      info.supportsDouble = d.hasExtension("cl_khr_fp64");
      info.supports64BitAtomics = d.hasExtension("cl_khr_int64_base_atomics");
      info.supportsSubGroups = d.hasExtension("cl_khr_subgroups");
      info.simtWidth = 1;
      if (d.hasExtension("cl_nv_device_attribute_query"))
        info.simtWidth = static_cast<int>(deviceValue<cl_uint>(device, CL_DEVICE_WARP_SIZE_NV));
      // NVIDIA's OpenCL compiler takes inline PTX: the prelude's warp barrier and ballot (MM_NVIDIA_PTX), from
      // compute capability 7.0 as on CUDA, and its float reduction (atomicAddFloat).
      if (d.hasExtension("cl_nv_device_attribute_query") && info.simtWidth == 32 &&
          deviceValue<cl_uint>(device, CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV) >= 7)
        info.warpPrimitives = info.floatAtomicAdd = true;
      else if (d.hasExtension("cl_amd_device_attribute_query"))
        info.simtWidth = static_cast<int>(deviceValue<cl_uint>(device, CL_DEVICE_WAVEFRONT_WIDTH_AMD));
      result.push_back(std::move(d));
    }
  }
  if (result.empty()) reason = "OpenCL platforms found, but no device";
  return result;
}

}  // namespace mardyn::opencl
