// Loading of libcuda.so.1 and its functions by their versioned names (as cuda.h maps them).
#include "cuda/CudaDriver.h"

#include <dlfcn.h>

namespace mardyn::cuda {

namespace {
#define MARDYN_CUDA_STRINGIFY_EXPANDED(x) MARDYN_CUDA_STRINGIFY(x)
#define MARDYN_CUDA_STRINGIFY(x) #x
}  // namespace

std::shared_ptr<const CudaDriver> CudaDriver::load(std::string& reason) {
  void* library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char* error = dlerror();
    reason = std::string("no CUDA driver: dlopen(libcuda.so.1) failed: ") + (error ? error : "unknown error");
    return nullptr;
  }
  std::shared_ptr<CudaDriver> driver(new CudaDriver());
  driver->_library = library;
#define MARDYN_CUDA_DRIVER_FUNCTION(name)                                                              \
  driver->name = reinterpret_cast<decltype(&::name)>(dlsym(library, MARDYN_CUDA_STRINGIFY_EXPANDED(name))); \
  if (!driver->name) {                                                                                  \
    reason = std::string("CUDA driver lacks ") + MARDYN_CUDA_STRINGIFY_EXPANDED(name);                  \
    return nullptr;                                                                                     \
  }
#include "cuda/CudaDriverFunctions.h"
#undef MARDYN_CUDA_DRIVER_FUNCTION
  driver->cuFuncGetParamInfo =
      reinterpret_cast<decltype(&::cuFuncGetParamInfo)>(dlsym(library, "cuFuncGetParamInfo"));
  const CUresult result = driver->cuInit(0);
  if (result != CUDA_SUCCESS) {
    reason = "cuInit failed: " + driver->errorString(result);
    return nullptr;
  }
  return driver;
}

CudaDriver::~CudaDriver() {
  if (_library) dlclose(_library);
}

std::string CudaDriver::errorString(CUresult result) const {
  const char* name = nullptr;
  const char* text = nullptr;
  if (cuGetErrorName) cuGetErrorName(result, &name);
  if (cuGetErrorString) cuGetErrorString(result, &text);
  return std::string(name ? name : "CUDA_ERROR_UNKNOWN") + ": " + (text ? text : "unknown error");
}

}  // namespace mardyn::cuda
