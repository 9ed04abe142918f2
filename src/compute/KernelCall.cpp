// The fluent kernel launch: collects arguments and shape, checks them and hands them to the backend.
#include "compute/KernelCall.h"

#include <algorithm>
#include <chrono>

#include "compute/ComputeContext.h"
#include "compute/ComputeKernel.h"
#include "compute/VectorTypes.h"

namespace mardyn::compute {

KernelCall::KernelCall(ComputeKernel& kernel) : _kernel(kernel) { _args.reserve(16); }

KernelCall& KernelCall::arg(const ArrayInterface& array) {
  if (&array.context() != &_kernel.context())
    throw ComputeException("kernel '" + _kernel.name() + "': array '" + array.name() +
                           "' belongs to another compute context");
  _args.push_back(KernelArg::ofArray(array));
  return *this;
}

KernelCall& KernelCall::realArg(double value) {
  if (_kernel.context().realSize() == sizeof(double)) return arg(value);
  return arg(static_cast<float>(value));
}

KernelCall& KernelCall::mixedArg(double value) {
  if (_kernel.context().mixedSize() == sizeof(double)) return arg(value);
  return arg(static_cast<float>(value));
}

KernelCall& KernelCall::mixed4Arg(double x, double y, double z, double w) {
  if (_kernel.context().mixedSize() == sizeof(double)) return arg(mm_double4{x, y, z, w});
  return arg(mm_float4{static_cast<float>(x), static_cast<float>(y), static_cast<float>(z), static_cast<float>(w)});
}

KernelCall& KernelCall::blockShape(std::size_t threads) {
  _blockSize = threads;
  return *this;
}

void KernelCall::execute(std::size_t workItems) {
  if (workItems == 0) return;
  std::size_t block = _blockSize ? _blockSize : std::min(_kernel.context().defaultBlockSize(), _kernel.maxBlockSize());
  executeBlocks((workItems + block - 1) / block);
}

void KernelCall::executeBlocks(std::size_t numBlocks) {
  if (numBlocks == 0) return;
  std::size_t block = _blockSize ? _blockSize : std::min(_kernel.context().defaultBlockSize(), _kernel.maxBlockSize());
  if (block > _kernel.maxBlockSize())
    throw ComputeException("kernel '" + _kernel.name() + "': block of " + std::to_string(block) +
                           " threads exceeds its maximum of " + std::to_string(_kernel.maxBlockSize()));
  ComputeContext& context = _kernel.context();
  if (context.options().profileKernels) {
    context.synchronize();
    const auto t0 = std::chrono::steady_clock::now();
    _kernel.launch(_args, numBlocks, block);
    context.synchronizeAfterLaunch(_kernel.name());
    context.addKernelTime(_kernel.name(), std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    return;
  }
  _kernel.launch(_args, numBlocks, block);
  if (context.options().syncAfterLaunch) context.synchronizeAfterLaunch(_kernel.name());
}

}  // namespace mardyn::compute
