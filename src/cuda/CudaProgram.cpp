// Kernel lookup and host constants of a CUDA program.
#include "cuda/CudaProgram.h"

#include "cuda/CudaContext.h"
#include "cuda/CudaKernel.h"

namespace mardyn::cuda {

CudaProgram::CudaProgram(CudaContext& context, std::string name, const std::string& cubin)
    : _context(context), _name(std::move(name)), _module(std::make_shared<CudaModule>(context.driver(), cubin)) {}

std::unique_ptr<compute::ComputeKernel> CudaProgram::createKernel(const std::string& kernelName) {
  CUfunction function = nullptr;
  const CUresult result = _context.driver().cuModuleGetFunction(&function, _module->handle(), kernelName.c_str());
  if (result == CUDA_ERROR_NOT_FOUND)
    throw compute::ComputeException("program '" + _name + "' has no kernel '" + kernelName + "'");
  if (result != CUDA_SUCCESS)
    CUDA_CHECK(_context.driver(), cuModuleGetFunction(&function, _module->handle(), kernelName.c_str()));
  return std::make_unique<CudaKernel>(_context, _module, function, kernelName);
}

CUdeviceptr CudaProgram::global(const std::string& name, std::size_t& bytes) const {
  CUdeviceptr pointer = 0;
  const CUresult result = _context.driver().cuModuleGetGlobal(&pointer, &bytes, _module->handle(), name.c_str());
  if (result == CUDA_ERROR_NOT_FOUND)
    throw compute::ComputeException("program '" + _name + "' declares no host constant '" + name + "'");
  if (result != CUDA_SUCCESS) CUDA_CHECK(_context.driver(), cuModuleGetGlobal(&pointer, &bytes, _module->handle(), name.c_str()));
  return pointer;
}

std::size_t CudaProgram::constantSize(const std::string& name) const {
  std::size_t bytes = 0;
  global(name, bytes);
  return bytes;
}

void CudaProgram::setConstantBytes(const std::string& name, const void* data, std::size_t bytes,
                                   std::size_t offsetBytes) {
  std::size_t size = 0;
  const CUdeviceptr pointer = global(name, size);
  if (offsetBytes + bytes > size)
    throw compute::ComputeException("host constant '" + name + "' has " + std::to_string(size) + " bytes, write of " +
                                    std::to_string(bytes) + " at offset " + std::to_string(offsetBytes));
  CUDA_CHECK(_context.driver(), cuMemcpyHtoD(pointer + offsetBytes, data, bytes));
  _context.countUpload(bytes);
}

}  // namespace mardyn::cuda
