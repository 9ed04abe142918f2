// Launching CUDA kernels: arrays are passed as their device pointers, values by address.
#include "cuda/CudaKernel.h"

#include "cuda/CudaContext.h"

#include <algorithm>

namespace mardyn::cuda {

CudaKernel::CudaKernel(CudaContext& context, std::shared_ptr<CudaModule> module, CUfunction function,
                       std::string name)
    : _context(context), _module(std::move(module)), _function(function), _name(std::move(name)) {
  int threads = 0;
  CUDA_CHECK(_context.driver(), cuFuncGetAttribute(&threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, _function));
  _maxBlockSize = static_cast<std::size_t>(threads);
  if (const auto paramInfo = _context.driver().cuFuncGetParamInfo) {
    _paramsKnown = true;
    std::size_t offset = 0, size = 0;
    while (_paramSizes.size() < 256 && paramInfo(_function, _paramSizes.size(), &offset, &size) == CUDA_SUCCESS)
      _paramSizes.push_back(size);
  }
}

compute::ComputeContext& CudaKernel::context() const { return _context; }

std::size_t CudaKernel::residentBlocks(std::size_t blockSize) const {
  if (blockSize == 0 || blockSize > _maxBlockSize) return 0;
  int perMultiprocessor = 0;
  CUDA_CHECK(_context.driver(), cuOccupancyMaxActiveBlocksPerMultiprocessor(&perMultiprocessor, _function,
                                                                            static_cast<int>(blockSize), 0));
  return static_cast<std::size_t>(perMultiprocessor) *
         static_cast<std::size_t>(std::max(1, _context.deviceInfo().computeUnits));
}

void CudaKernel::checkArguments(const std::vector<compute::KernelArg>& args) const {
  if (args.size() != _paramSizes.size())
    throw compute::ComputeException("kernel '" + _name + "' takes " + std::to_string(_paramSizes.size()) +
                                    " arguments, " + std::to_string(args.size()) + " given");
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::size_t given = args[i].array ? sizeof(CUdeviceptr) : args[i].size;
    if (given != _paramSizes[i])
      throw compute::ComputeException("kernel '" + _name + "': argument " + std::to_string(i) + " has " +
                                      std::to_string(given) + " bytes, the parameter " +
                                      std::to_string(_paramSizes[i]));
  }
}

void CudaKernel::launch(const std::vector<compute::KernelArg>& args, std::size_t numBlocks, std::size_t blockSize) {
  if (numBlocks > 0x7fffffffu)
    throw compute::ComputeException("kernel '" + _name + "': " + std::to_string(numBlocks) + " blocks exceed the grid limit");
  void* params[64];
  if (args.size() > 64) throw compute::ComputeException("kernel '" + _name + "': more than 64 arguments");
  if (_paramsKnown) checkArguments(args);
  _context.makeCurrent();  // launches may come from any host thread
  for (std::size_t i = 0; i < args.size(); ++i)
    params[i] = args[i].array ? const_cast<void*>(args[i].array->nativeHandle())
                              : const_cast<unsigned char*>(args[i].value);
  try {
    CUDA_CHECK(_context.driver(), cuLaunchKernel(_function, static_cast<unsigned>(numBlocks), 1, 1,
                                                 static_cast<unsigned>(blockSize), 1, 1, 0, _context.stream(), params,
                                                 nullptr));
  } catch (const compute::ComputeException& error) {
    throw compute::ComputeException("launching kernel '" + _name + "' (" + std::to_string(numBlocks) + " blocks of " +
                                    std::to_string(blockSize) + "): " + error.what());
  }
}

}  // namespace mardyn::cuda
