// CudaFFT: cuFFT's plan functions looked up with dlsym, and the transforms.
#include "cuda/CudaFFT.h"

#include "compute/ComputeException.h"
#include "cuda/CudaContext.h"

#include <cufft.h>
#include <dlfcn.h>

namespace mardyn::cuda {

struct CudaFFT::Library {
  void* handle = nullptr;
  decltype(&::cufftPlan3d) plan3d = nullptr;
  decltype(&::cufftExecC2C) execC2C = nullptr;
  decltype(&::cufftExecZ2Z) execZ2Z = nullptr;
  decltype(&::cufftDestroy) destroy = nullptr;
  decltype(&::cufftSetStream) setStream = nullptr;
  ~Library() {
    if (handle) dlclose(handle);
  }
};

namespace {

void check(cufftResult result, const char* call) {
  if (result != CUFFT_SUCCESS)
    throw compute::ComputeException::apiError("cuFFT", call, static_cast<long>(result), "cuFFT error", __FILE__,
                                              __LINE__);
}

}  // namespace

std::unique_ptr<CudaFFT> CudaFFT::create(CudaContext& context, int nx, int ny, int nz, std::string& reason) {
  auto library = std::make_shared<Library>();
  for (const char* name : {"libcufft.so.12", "libcufft.so.13", "libcufft.so.11", "libcufft.so"}) {
    library->handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (library->handle) break;
  }
  if (!library->handle) {
    reason = "cuFFT not found (dlopen of libcufft.so.12, .13, .11 failed)";
    return nullptr;
  }
  library->plan3d = reinterpret_cast<decltype(library->plan3d)>(dlsym(library->handle, "cufftPlan3d"));
  library->execC2C = reinterpret_cast<decltype(library->execC2C)>(dlsym(library->handle, "cufftExecC2C"));
  library->execZ2Z = reinterpret_cast<decltype(library->execZ2Z)>(dlsym(library->handle, "cufftExecZ2Z"));
  library->destroy = reinterpret_cast<decltype(library->destroy)>(dlsym(library->handle, "cufftDestroy"));
  library->setStream = reinterpret_cast<decltype(library->setStream)>(dlsym(library->handle, "cufftSetStream"));
  if (!library->plan3d || !library->execC2C || !library->execZ2Z || !library->destroy || !library->setStream) {
    reason = "cuFFT lacks cufftPlan3d, cufftExecC2C, cufftExecZ2Z, cufftDestroy or cufftSetStream";
    return nullptr;
  }
  context.makeCurrent();
  const bool doublePrecision = context.useDoublePrecision();
  cufftHandle plan = 0;
  check(library->plan3d(&plan, nx, ny, nz, doublePrecision ? CUFFT_Z2Z : CUFFT_C2C), "cufftPlan3d");
  return std::unique_ptr<CudaFFT>(new CudaFFT(context, std::move(library), plan, doublePrecision));
}

CudaFFT::CudaFFT(CudaContext& context, std::shared_ptr<Library> library, int plan, bool doublePrecision)
    : _context(context), _library(std::move(library)), _plan(plan), _double(doublePrecision) {}

CudaFFT::~CudaFFT() {
  _context.makeCurrent();
  _library->destroy(_plan);
}

void CudaFFT::transform(compute::ArrayInterface& in, compute::ArrayInterface& out, bool forward) {
  _context.makeCurrent();
  void* source = reinterpret_cast<void*>(*static_cast<const CUdeviceptr*>(in.nativeHandle()));
  void* target = reinterpret_cast<void*>(*static_cast<const CUdeviceptr*>(out.nativeHandle()));
  const int direction = forward ? CUFFT_FORWARD : CUFFT_INVERSE;
  // On the context's current queue, ordered with the launches around it.
  check(_library->setStream(_plan, _context.stream()), "cufftSetStream");
  if (_double)
    check(_library->execZ2Z(_plan, static_cast<cufftDoubleComplex*>(source), static_cast<cufftDoubleComplex*>(target),
                            direction),
          "cufftExecZ2Z");
  else
    check(_library->execC2C(_plan, static_cast<cufftComplex*>(source), static_cast<cufftComplex*>(target), direction),
          "cufftExecC2C");
}

}  // namespace mardyn::cuda
