// The checking macro of the OpenCL backend: every OpenCL call goes through CL_CHECK, and a failure
// throws ComputeException naming the call, the error (CL_... name) and file:line.
#pragma once

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>
#include <CL/cl_ext.h>

#include <string>

#include "compute/ComputeException.h"

namespace mardyn::opencl {
/// "CL_OUT_OF_RESOURCES" etc. for an OpenCL error code.
std::string openclErrorName(cl_int code);
}  // namespace mardyn::opencl

#define CL_CHECK(call)                                                                                       \
  do {                                                                                                       \
    const cl_int mardynClResult = (call);                                                                    \
    if (mardynClResult != CL_SUCCESS)                                                                        \
      throw ::mardyn::compute::ComputeException::apiError("OpenCL", #call, static_cast<long>(mardynClResult), \
                                                          ::mardyn::opencl::openclErrorName(mardynClResult), \
                                                          __FILE__, __LINE__);                               \
  } while (0)

/// For calls that return an object and report through an error argument: CL_CHECK_ERROR(error, "clCreateBuffer").
#define CL_CHECK_ERROR(error, name)                                                                          \
  do {                                                                                                       \
    if ((error) != CL_SUCCESS)                                                                               \
      throw ::mardyn::compute::ComputeException::apiError("OpenCL", name, static_cast<long>(error),           \
                                                          ::mardyn::opencl::openclErrorName(error), __FILE__, \
                                                          __LINE__);                                         \
  } while (0)
