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
  decltype(&::cufftExecR2C) execR2C = nullptr;
  decltype(&::cufftExecC2R) execC2R = nullptr;
  decltype(&::cufftExecD2Z) execD2Z = nullptr;
  decltype(&::cufftExecZ2D) execZ2D = nullptr;
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

std::unique_ptr<CudaFFT> CudaFFT::create(CudaContext& context, int nx, int ny, int nz, compute::FFTKind kind,
                                         std::string& reason) {
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
  library->execR2C = reinterpret_cast<decltype(library->execR2C)>(dlsym(library->handle, "cufftExecR2C"));
  library->execC2R = reinterpret_cast<decltype(library->execC2R)>(dlsym(library->handle, "cufftExecC2R"));
  library->execD2Z = reinterpret_cast<decltype(library->execD2Z)>(dlsym(library->handle, "cufftExecD2Z"));
  library->execZ2D = reinterpret_cast<decltype(library->execZ2D)>(dlsym(library->handle, "cufftExecZ2D"));
  library->destroy = reinterpret_cast<decltype(library->destroy)>(dlsym(library->handle, "cufftDestroy"));
  library->setStream = reinterpret_cast<decltype(library->setStream)>(dlsym(library->handle, "cufftSetStream"));
  if (!library->plan3d || !library->execC2C || !library->execZ2Z || !library->execR2C || !library->execC2R ||
      !library->execD2Z || !library->execZ2D || !library->destroy || !library->setStream) {
    reason = "cuFFT lacks one of cufftPlan3d, cufftExec{C2C,Z2Z,R2C,C2R,D2Z,Z2D}, cufftDestroy, cufftSetStream";
    return nullptr;
  }
  context.makeCurrent();
  const bool doublePrecision = context.useDoublePrecision();
  cufftHandle forward = 0, backward = 0;
  if (kind == compute::FFTKind::Complex) {
    check(library->plan3d(&forward, nx, ny, nz, doublePrecision ? CUFFT_Z2Z : CUFFT_C2C), "cufftPlan3d");
    backward = forward;
  } else {
    check(library->plan3d(&forward, nx, ny, nz, doublePrecision ? CUFFT_D2Z : CUFFT_R2C), "cufftPlan3d");
    const cufftResult result = library->plan3d(&backward, nx, ny, nz, doublePrecision ? CUFFT_Z2D : CUFFT_C2R);
    if (result != CUFFT_SUCCESS) library->destroy(forward);
    check(result, "cufftPlan3d");
  }
  return std::unique_ptr<CudaFFT>(
      new CudaFFT(context, std::move(library), forward, backward, kind, doublePrecision));
}

CudaFFT::CudaFFT(CudaContext& context, std::shared_ptr<Library> library, int forwardPlan, int backwardPlan,
                 compute::FFTKind kind, bool doublePrecision)
    : _context(context),
      _library(std::move(library)),
      _forwardPlan(forwardPlan),
      _backwardPlan(backwardPlan),
      _kind(kind),
      _double(doublePrecision) {}

CudaFFT::~CudaFFT() {
  _context.makeCurrent();
  _library->destroy(_forwardPlan);
  if (_backwardPlan != _forwardPlan) _library->destroy(_backwardPlan);
}

void CudaFFT::transform(compute::ArrayInterface& in, compute::ArrayInterface& out, bool forward) {
  _context.makeCurrent();
  void* source = reinterpret_cast<void*>(*static_cast<const CUdeviceptr*>(in.nativeHandle()));
  void* target = reinterpret_cast<void*>(*static_cast<const CUdeviceptr*>(out.nativeHandle()));
  const int direction = forward ? CUFFT_FORWARD : CUFFT_INVERSE;
  // On the context's current queue, ordered with the launches around it.
  const cufftHandle plan = forward ? _forwardPlan : _backwardPlan;
  check(_library->setStream(plan, _context.stream()), "cufftSetStream");
  if (_kind == compute::FFTKind::Real) {
    if (_double && forward)
      check(_library->execD2Z(plan, static_cast<cufftDoubleReal*>(source), static_cast<cufftDoubleComplex*>(target)),
            "cufftExecD2Z");
    else if (_double)
      check(_library->execZ2D(plan, static_cast<cufftDoubleComplex*>(source), static_cast<cufftDoubleReal*>(target)),
            "cufftExecZ2D");
    else if (forward)
      check(_library->execR2C(plan, static_cast<cufftReal*>(source), static_cast<cufftComplex*>(target)),
            "cufftExecR2C");
    else
      check(_library->execC2R(plan, static_cast<cufftComplex*>(source), static_cast<cufftReal*>(target)),
            "cufftExecC2R");
  } else if (_double)
    check(_library->execZ2Z(plan, static_cast<cufftDoubleComplex*>(source), static_cast<cufftDoubleComplex*>(target),
                            direction),
          "cufftExecZ2Z");
  else
    check(_library->execC2C(plan, static_cast<cufftComplex*>(source), static_cast<cufftComplex*>(target), direction),
          "cufftExecC2C");
}

}  // namespace mardyn::cuda
