// Abstract compiled kernel of a ComputeProgram. call() starts a fluent launch; the backend implements
// launch() for the argument list and shape that the KernelCall collected.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "compute/KernelArg.h"
#include "compute/KernelCall.h"

namespace mardyn::compute {

class ComputeContext;

class ComputeKernel {
 public:
  virtual ~ComputeKernel() = default;

  KernelCall call() { return KernelCall(*this); }

  virtual const std::string& name() const = 0;
  virtual ComputeContext& context() const = 0;
  /// The largest block size this kernel can be launched with on its device.
  virtual std::size_t maxBlockSize() const = 0;
  /// How many blocks of blockSize threads run at once on the whole device (persistent-block launches):
  /// CUDA's occupancy calculation times the multiprocessors, 0 if the kernel cannot run with that block
  /// size; on OpenCL, which has no such query, four work-groups per compute unit.
  virtual std::size_t residentBlocks(std::size_t blockSize) const = 0;
  /// Whether launches check the number and sizes of arguments against the kernel's parameters (OpenCL
  /// always; CUDA where the driver reports parameter sizes, 12.4 and later).
  virtual bool checksArguments() const = 0;
  /// Launches numBlocks blocks of blockSize threads with the given arguments.
  virtual void launch(const std::vector<KernelArg>& args, std::size_t numBlocks, std::size_t blockSize) = 0;
};

}  // namespace mardyn::compute
