// The checking macros of the CUDA backend: every driver and NVRTC call goes through one of them and
// a failure throws ComputeException naming the call, the error and file:line.
#pragma once

#include <nvrtc.h>

#include "compute/ComputeException.h"
#include "cuda/CudaDriver.h"

/// CUDA_CHECK(driver, cuMemAlloc(&ptr, bytes)): calls driver.cuMemAlloc(...) and checks the result.
#define CUDA_CHECK(driver, call)                                                                              \
  do {                                                                                                        \
    const CUresult mardynCudaResult = (driver).call;                                                          \
    if (mardynCudaResult != CUDA_SUCCESS)                                                                     \
      throw ::mardyn::compute::ComputeException::apiError("CUDA", #call, static_cast<long>(mardynCudaResult), \
                                                          (driver).errorString(mardynCudaResult), __FILE__,   \
                                                          __LINE__);                                          \
  } while (0)

/// NVRTC_CHECK(nvrtcCreateProgram(...)).
#define NVRTC_CHECK(call)                                                                                     \
  do {                                                                                                        \
    const nvrtcResult mardynNvrtcResult = (call);                                                             \
    if (mardynNvrtcResult != NVRTC_SUCCESS)                                                                   \
      throw ::mardyn::compute::ComputeException::apiError("NVRTC", #call, static_cast<long>(mardynNvrtcResult), \
                                                          nvrtcGetErrorString(mardynNvrtcResult), __FILE__,   \
                                                          __LINE__);                                          \
  } while (0)
