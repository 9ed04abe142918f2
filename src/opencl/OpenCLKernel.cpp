// Launching OpenCL kernels over numBlocks work-groups of blockSize work-items.
#include "opencl/OpenCLKernel.h"

#include "opencl/OpenCLContext.h"

#include <algorithm>
#include <cstring>

namespace mardyn::opencl {

OpenCLKernel::OpenCLKernel(OpenCLContext& context, std::shared_ptr<OpenCLProgramState> state, cl_kernel kernel,
                           std::string name)
    : _context(context), _state(std::move(state)), _kernel(kernel), _name(std::move(name)) {
  CL_CHECK(clGetKernelWorkGroupInfo(_kernel, _context.device(), CL_KERNEL_WORK_GROUP_SIZE, sizeof(_maxBlockSize),
                                    &_maxBlockSize, nullptr));
  CL_CHECK(clGetKernelInfo(_kernel, CL_KERNEL_NUM_ARGS, sizeof(_numArgs), &_numArgs, nullptr));
  _setArgs.resize(_numArgs);
  if (!_state->layout().empty() && _numArgs > 0) {
    char argName[64] = {};
    const cl_int status =
        clGetKernelArgInfo(_kernel, _numArgs - 1, CL_KERNEL_ARG_NAME, sizeof(argName) - 1, argName, nullptr);
    if (status == CL_SUCCESS)
      _constantsArg = std::string(argName) == "mmHostConstants" ? ConstantsArg::Yes : ConstantsArg::No;
  }
}

OpenCLKernel::~OpenCLKernel() {
  for (const SetArg& arg : _setArgs)
    if (arg.buffer) clReleaseMemObject(arg.buffer);
  if (_kernel) clReleaseKernel(_kernel);
}

void OpenCLKernel::setBuffer(cl_uint index, cl_mem buffer) {
  SetArg& cached = _setArgs[index];
  if (cached.set && cached.buffer == buffer) return;
  CL_CHECK(clSetKernelArg(_kernel, index, sizeof(cl_mem), &buffer));
  if (buffer) CL_CHECK(clRetainMemObject(buffer));
  if (cached.buffer) clReleaseMemObject(cached.buffer);
  cached.set = true;
  cached.buffer = buffer;
  cached.size = 0;
}

void OpenCLKernel::setValue(cl_uint index, const void* value, std::size_t size) {
  SetArg& cached = _setArgs[index];
  if (cached.set && !cached.buffer && cached.size == size && std::memcmp(cached.value, value, size) == 0) return;
  CL_CHECK(clSetKernelArg(_kernel, index, size, value));
  if (cached.buffer) clReleaseMemObject(cached.buffer);
  cached.set = true;
  cached.buffer = nullptr;
  cached.size = size;
  std::memcpy(cached.value, value, size);
}

compute::ComputeContext& OpenCLKernel::context() const { return _context; }

std::size_t OpenCLKernel::residentBlocks(std::size_t blockSize) const {
  if (blockSize == 0 || blockSize > _maxBlockSize) return 0;
  return 4 * static_cast<std::size_t>(std::max(1, _context.deviceInfo().computeUnits));
}

void OpenCLKernel::launch(const std::vector<compute::KernelArg>& args, std::size_t numBlocks, std::size_t blockSize) {
  const bool withConstants =
      _constantsArg == ConstantsArg::Yes ||
      (_constantsArg == ConstantsArg::Unknown && !_state->layout().empty() && _numArgs == args.size() + 1);
  if (_numArgs != args.size() + (withConstants ? 1 : 0))
    throw compute::ComputeException("kernel '" + _name + "' takes " + std::to_string(_numArgs) + " arguments, " +
                                    std::to_string(args.size()) + " given");
  for (std::size_t i = 0; i < args.size(); ++i) {
    const cl_uint index = static_cast<cl_uint>(i);
    if (args[i].array)
      setBuffer(index, *static_cast<const cl_mem*>(args[i].array->nativeHandle()));
    else
      setValue(index, args[i].value, args[i].size);
  }
  if (withConstants) setBuffer(static_cast<cl_uint>(args.size()), _state->constantBuffer());
  const std::size_t global = numBlocks * blockSize;
  try {
    CL_CHECK(clEnqueueNDRangeKernel(_context.queue(), _kernel, 1, nullptr, &global, &blockSize, 0, nullptr, nullptr));
  } catch (const compute::ComputeException& error) {
    throw compute::ComputeException("launching kernel '" + _name + "' (" + std::to_string(numBlocks) + " groups of " +
                                    std::to_string(blockSize) + "): " + error.what());
  }
}

}  // namespace mardyn::opencl
