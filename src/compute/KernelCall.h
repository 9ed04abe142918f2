// The fluent launch of a kernel: kernel.call().arg(a).arg(n).blockShape(128).execute(items).
// Arguments are taken in the order of the kernel's parameters.
#pragma once

#include <cstddef>
#include <type_traits>
#include <vector>

#include "compute/ArrayInterface.h"
#include "compute/KernelArg.h"

namespace mardyn::compute {

class ComputeKernel;

class KernelCall {
 public:
  explicit KernelCall(ComputeKernel& kernel);

  /// A device array (passed as a pointer to its first element).
  KernelCall& arg(const ArrayInterface& array);
  /// A value: scalars, mm_ vector types or trivially copyable structs of at most 64 bytes.
  template <class T, class = std::enable_if_t<!std::is_base_of<ArrayInterface, T>::value>>
  KernelCall& arg(const T& value) {
    static_assert(std::is_trivially_copyable<T>::value, "kernel arguments must be trivially copyable");
    _args.push_back(KernelArg::ofValue(&value, sizeof(T)));
    return *this;
  }
  /// A value of type `real` (float or double by the context's precision).
  KernelCall& realArg(double value);
  /// A value of type `mixed`.
  KernelCall& mixedArg(double value);
  /// A value of type `mixed4`.
  KernelCall& mixed4Arg(double x, double y, double z, double w = 0.0);

  /// Threads per block (work-group size); 0 (default) uses the context's default block size.
  KernelCall& blockShape(std::size_t threads);

  /// Launches ceil(workItems / block) blocks. workItems = 0 launches nothing.
  void execute(std::size_t workItems);
  /// Launches exactly numBlocks blocks.
  void executeBlocks(std::size_t numBlocks);

 private:
  ComputeKernel& _kernel;
  std::vector<KernelArg> _args;
  std::size_t _blockSize = 0;
};

}  // namespace mardyn::compute
