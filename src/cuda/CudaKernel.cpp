// Launching CUDA kernels: arrays are passed as their device pointers, values by address.
#include "cuda/CudaKernel.h"

#include "cuda/CudaContext.h"

namespace mardyn::cuda {

CudaKernel::CudaKernel(CudaContext& context, std::shared_ptr<CudaModule> module, CUfunction function,
                       std::string name)
    : _context(context), _module(std::move(module)), _function(function), _name(std::move(name)) {
  int threads = 0;
  CUDA_CHECK(_context.driver(), cuFuncGetAttribute(&threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, _function));
  _maxBlockSize = static_cast<std::size_t>(threads);
}

compute::ComputeContext& CudaKernel::context() const { return _context; }

void CudaKernel::launch(const std::vector<compute::KernelArg>& args, std::size_t numBlocks, std::size_t blockSize) {
  if (numBlocks > 0x7fffffffu)
    throw compute::ComputeException("kernel '" + _name + "': " + std::to_string(numBlocks) + " blocks exceed the grid limit");
  void* params[64];
  if (args.size() > 64) throw compute::ComputeException("kernel '" + _name + "': more than 64 arguments");
  for (std::size_t i = 0; i < args.size(); ++i)
    params[i] = args[i].array ? const_cast<void*>(args[i].array->nativeHandle())
                              : const_cast<unsigned char*>(args[i].value);
  try {
    CUDA_CHECK(_context.driver(), cuLaunchKernel(_function, static_cast<unsigned>(numBlocks), 1, 1,
                                                 static_cast<unsigned>(blockSize), 1, 1, 0, nullptr, params, nullptr));
  } catch (const compute::ComputeException& error) {
    throw compute::ComputeException("launching kernel '" + _name + "' (" + std::to_string(numBlocks) + " blocks of " +
                                    std::to_string(blockSize) + "): " + error.what());
  }
}

}  // namespace mardyn::cuda
