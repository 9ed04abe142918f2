// CudaFFT: the 3D FFT of the CUDA backend through cuFFT (C2C/Z2Z, or R2C/D2Z forward and C2R/Z2D backward for
// FFTKind::Real), opened at run time (dlopen of libcufft) so that nothing needs it, or the driver, to start; its
// plans run on the context's current queue, behind the kernels.
#pragma once

#include "compute/ComputeFFT.h"

#include <memory>
#include <string>

namespace mardyn::cuda {

class CudaContext;

class CudaFFT : public compute::ComputeFFT {
 public:
  /// A plan for the grid in the context's precision; nullptr (with `reason`) where cuFFT cannot be opened.
  static std::unique_ptr<CudaFFT> create(CudaContext& context, int nx, int ny, int nz, compute::FFTKind kind,
                                         std::string& reason);
  ~CudaFFT() override;
  void transform(compute::ArrayInterface& in, compute::ArrayInterface& out, bool forward) override;
  std::string implementation() const override { return "cuFFT"; }

 private:
  struct Library;
  CudaFFT(CudaContext& context, std::shared_ptr<Library> library, int forwardPlan, int backwardPlan,
          compute::FFTKind kind, bool doublePrecision);
  CudaContext& _context;
  std::shared_ptr<Library> _library;
  int _forwardPlan = 0, _backwardPlan = 0;  ///< the same plan for a complex transform
  compute::FFTKind _kind;
  bool _double = false;
};

}  // namespace mardyn::cuda
