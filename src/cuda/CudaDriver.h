// The CUDA driver API, loaded at run time with dlopen("libcuda.so.1") so that binaries start and tests
// skip cleanly on machines without a driver. Members carry cuda.h's (versioned) function names.
#pragma once

#include <cuda.h>

#include <memory>
#include <string>

namespace mardyn::cuda {

class CudaDriver {
 public:
  /// Loads the driver and calls cuInit; returns nullptr and sets `reason` when that is not possible.
  static std::shared_ptr<const CudaDriver> load(std::string& reason);
  ~CudaDriver();
  CudaDriver(const CudaDriver&) = delete;
  CudaDriver& operator=(const CudaDriver&) = delete;

  /// "CUDA_ERROR_NAME: description" for a result code.
  std::string errorString(CUresult result) const;

#define MARDYN_CUDA_DRIVER_FUNCTION(name) decltype(&::name) name = nullptr;
#include "cuda/CudaDriverFunctions.h"
#undef MARDYN_CUDA_DRIVER_FUNCTION
  /// Optional (drivers of CUDA 12.4 and later): parameter sizes of a kernel, for argument checks.
  decltype(&::cuFuncGetParamInfo) cuFuncGetParamInfo = nullptr;

 private:
  CudaDriver() = default;
  void* _library = nullptr;
};

}  // namespace mardyn::cuda
