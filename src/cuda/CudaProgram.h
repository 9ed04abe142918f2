// A compiled CUDA program: its module, kernels by name, and host constants as module globals
// (cuModuleGetGlobal + a copy to the device).
#pragma once

#include <memory>
#include <string>

#include "compute/ComputeProgram.h"
#include "cuda/CudaModule.h"

namespace mardyn::cuda {

class CudaContext;

class CudaProgram : public compute::ComputeProgram {
 public:
  CudaProgram(CudaContext& context, std::string name, const std::string& cubin);

  const std::string& name() const override { return _name; }
  std::unique_ptr<compute::ComputeKernel> createKernel(const std::string& kernelName) override;
  std::size_t constantSize(const std::string& name) const override;
  void setConstantBytes(const std::string& name, const void* data, std::size_t bytes,
                        std::size_t offsetBytes) override;

 private:
  CUdeviceptr global(const std::string& name, std::size_t& bytes) const;
  CudaContext& _context;
  std::string _name;
  std::shared_ptr<CudaModule> _module;
};

}  // namespace mardyn::cuda
