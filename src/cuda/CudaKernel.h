// A kernel of a CUDA program, launched with cuLaunchKernel on the default stream.
#pragma once

#include <cuda.h>

#include <memory>
#include <string>
#include <vector>

#include "compute/ComputeKernel.h"
#include "cuda/CudaModule.h"

namespace mardyn::cuda {

class CudaContext;

class CudaKernel : public compute::ComputeKernel {
 public:
  CudaKernel(CudaContext& context, std::shared_ptr<CudaModule> module, CUfunction function, std::string name);

  const std::string& name() const override { return _name; }
  compute::ComputeContext& context() const override;
  std::size_t maxBlockSize() const override { return _maxBlockSize; }
  std::size_t residentBlocks(std::size_t blockSize) const override;
  bool checksArguments() const override { return _paramsKnown; }
  void launch(const std::vector<compute::KernelArg>& args, std::size_t numBlocks, std::size_t blockSize) override;

 private:
  void checkArguments(const std::vector<compute::KernelArg>& args) const;
  CudaContext& _context;
  std::shared_ptr<CudaModule> _module;
  CUfunction _function;
  std::string _name;
  std::size_t _maxBlockSize = 0;
  bool _paramsKnown = false;             ///< the driver reports parameter sizes (cuFuncGetParamInfo)
  std::vector<std::size_t> _paramSizes;
};

}  // namespace mardyn::cuda
