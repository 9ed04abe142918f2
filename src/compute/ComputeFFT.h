// ComputeFFT: a three-dimensional complex-to-complex fast Fourier transform on the device, of nx x ny x nz
// `real2` values (z fastest), unnormalised (forward e^(-2 pi i k.m/n), backward e^(+...)). createFFT gives the
// backend's own library where it has one (cuFFT on CUDA, opened at run time) and the compute layer's kernels
// (KernelFFT) otherwise.
#pragma once

#include "compute/ArrayInterface.h"

#include <memory>
#include <string>

namespace mardyn::compute {

class ComputeContext;

class ComputeFFT {
 public:
  virtual ~ComputeFFT() = default;
  /// Transforms `in` into `out` (both nx * ny * nz real2 elements; they may be the same array), on the context's
  /// current queue.
  virtual void transform(ArrayInterface& in, ArrayInterface& out, bool forward) = 0;
  /// What computes the transforms ("cuFFT", "compute kernels"), for messages and benchmarks.
  virtual std::string implementation() const = 0;
};

/// The FFT for this context and grid: the backend's (ComputeContext::createNativeFFT) unless
/// MARDYN_COMPUTE_FFT=kernels is set or the backend has none, else KernelFFT.
std::unique_ptr<ComputeFFT> createFFT(ComputeContext& context, int nx, int ny, int nz);

}  // namespace mardyn::compute
