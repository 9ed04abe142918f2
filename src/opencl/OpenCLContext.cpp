// OpenCL context creation and program compilation (standard defines, extension pragmas, preludes).
#include "opencl/OpenCLContext.h"

#include "compute/CommonPrelude.h"
#include "compute/ComputeCompileError.h"
#include "compute/HostConstantLayout.h"
#include "opencl/OpenCLArray.h"
#include "opencl/OpenCLEvent.h"
#include "opencl/OpenCLFFT.h"
#include "opencl/OpenCLPrelude.h"
#include "opencl/OpenCLProgram.h"
#include "opencl/OpenCLQueue.h"

#include <algorithm>

namespace mardyn::opencl {

OpenCLContext::OpenCLContext(const OpenCLDevice& device, const compute::ContextOptions& options)
    : compute::ComputeContext(options), _device(device) {
  if (options.precision != compute::Precision::Single && !_device.info.supportsDouble)
    throw compute::ComputeException("OpenCL device '" + _device.info.name + "' has no double precision (cl_khr_fp64): " +
                                    compute::precisionName(options.precision) + " precision is not available");
  if (options.emulate64BitAtomics) _device.info.supports64BitAtomics = false;
  if (!_device.info.supports64BitAtomics && !_device.littleEndian)
    throw compute::ComputeException("OpenCL device '" + _device.info.name +
                                    "': 64-bit atomic emulation needs a little-endian device");
  cl_int error = CL_SUCCESS;
  cl_context_properties properties[] = {CL_CONTEXT_PLATFORM, reinterpret_cast<cl_context_properties>(_device.platform),
                                        0};
  _context = clCreateContext(properties, 1, &_device.device, nullptr, nullptr, &error);
  CL_CHECK_ERROR(error, "clCreateContext");
  _queue = clCreateCommandQueue(_context, _device.device, queueProperties(), &error);
  if (error != CL_SUCCESS) clReleaseContext(_context);
  CL_CHECK_ERROR(error, "clCreateCommandQueue");
}

OpenCLContext::~OpenCLContext() {
  if (_queue) {
    clFinish(_queue);
    for (const auto& [memory, buffer] : _pinned) {  // buffers their owners did not give back
      clEnqueueUnmapMemObject(_queue, buffer, memory, 0, nullptr, nullptr);
      clReleaseMemObject(buffer);
    }
    clFinish(_queue);
    clReleaseCommandQueue(_queue);
  }
  if (_context) clReleaseContext(_context);
}

std::string OpenCLContext::fullSource(const std::string& source, const Defines& defines) const {
  const auto layout = compute::HostConstantLayout::parse(source, defines, precision());
  return fullSource(source, defines, "program", OpenCLProgram::constantsDeclaration(layout));
}

std::string OpenCLContext::fullSource(const std::string& source, const Defines& defines, const std::string& name,
                                      const std::string& constantsBlock) const {
  const auto& info = _device.info;
  std::string text = "#define " + compute::CommonPrelude::precisionDefine(precision()) + " 1\n";
  text += "#define SIMT_WIDTH " + std::to_string(info.simtWidth) + "\n";
  if (info.supportsDouble) text += "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#define SUPPORTS_DOUBLE_PRECISION 1\n";
  if (_device.hasExtension("cl_khr_global_int32_base_atomics"))
    text += "#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable\n";
  if (_device.hasExtension("cl_khr_local_int32_base_atomics"))
    text += "#pragma OPENCL EXTENSION cl_khr_local_int32_base_atomics : enable\n";
  if (_device.hasExtension("cl_khr_int64_base_atomics"))
    text += "#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable\n";
  if (info.supports64BitAtomics) text += "#define SUPPORTS_64_BIT_ATOMICS 1\n";
  if (info.supportsSubGroups) text += "#pragma OPENCL EXTENSION cl_khr_subgroups : enable\n#define MM_USE_SUB_GROUPS 1\n";
  if (info.warpPrimitives) text += "#define MM_NVIDIA_PTX 1\n";
  text += OpenCLPrelude::text() + "\n";
  text += compute::CommonPrelude::text() + "\n";
  text += constantsBlock;
  for (const auto& [key, value] : defines) text += "#define " + key + " " + value + "\n";
  text += "#line 1 \"" + name + "\"\n" + source + "\n";
  return text;
}

std::unique_ptr<compute::ComputeProgram> OpenCLContext::compileProgram(const std::string& source,
                                                                       const Defines& defines, const std::string& name) {
  auto layout = compute::HostConstantLayout::parse(source, defines, precision());
  const std::string text = fullSource(source, defines, name, OpenCLProgram::constantsDeclaration(layout));
  const char* pointer = text.c_str();
  const std::size_t length = text.size();
  cl_int error = CL_SUCCESS;
  cl_program program = clCreateProgramWithSource(_context, 1, &pointer, &length, &error);
  CL_CHECK_ERROR(error, "clCreateProgramWithSource");
  // Argument names let kernels tell whether their last parameter is the constants struct (HOST_CONSTANTS).
  const char* buildOptions = layout.empty() ? "" : "-cl-kernel-arg-info";
  const cl_int status = clBuildProgram(program, 1, &_device.device, buildOptions, nullptr, nullptr);
  if (status != CL_SUCCESS) {
    // Best effort: the build failure is what gets reported, with whatever log the driver gives.
    std::size_t size = 0;
    clGetProgramBuildInfo(program, _device.device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
    std::string log(size, '\0');
    clGetProgramBuildInfo(program, _device.device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    clReleaseProgram(program);
    throw compute::ComputeCompileError(name, "OpenCL (" + _device.info.name + ")",
                                       openclErrorName(status) + "\n" + log);
  }
  return std::make_unique<OpenCLProgram>(*this, name, program, std::move(layout));
}

std::unique_ptr<compute::ArrayInterface> OpenCLContext::createArrayImpl(std::size_t count, std::size_t elementSize,
                                                                        const std::string& name) {
  return std::make_unique<OpenCLArray>(*this, count, elementSize, name);
}

std::unique_ptr<compute::ComputeEvent> OpenCLContext::createEvent() { return std::make_unique<OpenCLEvent>(*this); }

std::unique_ptr<compute::ComputeQueue> OpenCLContext::createQueue() { return std::make_unique<OpenCLQueue>(*this); }

std::unique_ptr<compute::ComputeFFT> OpenCLContext::createNativeFFT(int nx, int ny, int nz, compute::FFTKind kind) {
  std::string reason;
  return OpenCLFFT::create(*this, nx, ny, nz, kind, reason);
}

cl_command_queue OpenCLContext::queue() const {
  if (!currentQueue()) return _queue;
  const auto* queue = dynamic_cast<const OpenCLQueue*>(currentQueue());
  if (!queue || &queue->owner() != this)
    throw compute::ComputeException("OpenCLContext: the current queue belongs to another context");
  return queue->queue();
}

void OpenCLContext::removeQueue(cl_command_queue queue) {
  _queues.erase(std::remove(_queues.begin(), _queues.end(), queue), _queues.end());
}

void OpenCLContext::synchronize() {
  for (cl_command_queue queue : _queues) CL_CHECK(clFinish(queue));
  CL_CHECK(clFinish(_queue));
}

void* OpenCLContext::allocatePinnedHost(std::size_t bytes) {
  const std::size_t size = std::max<std::size_t>(bytes, 1);  // a buffer of 0 bytes is an error
  cl_int error = CL_SUCCESS;
  cl_mem buffer = clCreateBuffer(_context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, size, nullptr, &error);
  CL_CHECK_ERROR(error, "clCreateBuffer (host memory for copies)");
  void* memory = clEnqueueMapBuffer(_queue, buffer, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, size, 0, nullptr, nullptr,
                                    &error);
  if (error != CL_SUCCESS) {
    clReleaseMemObject(buffer);
    CL_CHECK_ERROR(error, "clEnqueueMapBuffer (host memory for copies)");
  }
  std::lock_guard<std::mutex> lock(_pinnedMutex);
  _pinned[memory] = buffer;
  return memory;
}

void OpenCLContext::freePinnedHost(void* memory) noexcept {
  std::lock_guard<std::mutex> lock(_pinnedMutex);
  auto it = _pinned.find(memory);
  if (it == _pinned.end()) return;
  // Copies into it may still be queued, on any queue.
  for (cl_command_queue queue : _queues) clFinish(queue);
  clEnqueueUnmapMemObject(_queue, it->second, memory, 0, nullptr, nullptr);
  clFinish(_queue);
  clReleaseMemObject(it->second);
  _pinned.erase(it);
}

}  // namespace mardyn::opencl
