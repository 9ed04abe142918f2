// A loaded CUDA module (cubin), shared by a program and the kernels created from it so that kernels
// stay valid however the program is destroyed.
#pragma once

#include <cuda.h>

#include <string>

#include "cuda/CudaCheck.h"

namespace mardyn::cuda {

class CudaModule {
 public:
  CudaModule(const CudaDriver& driver, const std::string& cubin) : _driver(driver) {
    CUDA_CHECK(_driver, cuModuleLoadData(&_module, cubin.data()));
  }
  ~CudaModule() {
    if (_module) _driver.cuModuleUnload(_module);
  }
  CudaModule(const CudaModule&) = delete;
  CudaModule& operator=(const CudaModule&) = delete;

  CUmodule handle() const { return _module; }

 private:
  const CudaDriver& _driver;
  CUmodule _module = nullptr;
};

}  // namespace mardyn::cuda
