// ComputeFFT: a three-dimensional fast Fourier transform on the device of an nx x ny x nz grid (z fastest),
// unnormalised (forward e^(-2 pi i k.m/n), backward e^(+...)), complex to complex (FFTKind::Complex) or between
// real values and the half of the spectrum that determines the rest (FFTKind::Real, as cuFFT's R2C and C2R
// lay it out). createFFT gives the backend's own library where it has one (cuFFT on CUDA, opened at run time)
// and the compute layer's kernels (KernelFFT) otherwise.
#pragma once

#include "compute/ArrayInterface.h"

#include <cstddef>
#include <memory>
#include <string>

namespace mardyn::compute {

class ComputeContext;

/// Complex: nx * ny * nz `real2` values both ways. Real: forward from nx * ny * nz `real` values to the
/// nx * ny * (nz / 2 + 1) `real2` values of m_z = 0 .. nz / 2 (those of m_z > nz / 2 are the complex conjugates
/// of the ones at -m), backward from such a half spectrum to real values.
enum class FFTKind { Complex, Real };

class ComputeFFT {
 public:
  virtual ~ComputeFFT() = default;
  /// Transforms `in` into `out` on the context's current queue. Complex: they may be the same array. Real: two
  /// arrays, and a backward transform may overwrite its input (the half spectrum).
  virtual void transform(ArrayInterface& in, ArrayInterface& out, bool forward) = 0;
  /// What computes the transforms ("cuFFT", "compute kernels"), for messages and benchmarks.
  virtual std::string implementation() const = 0;
  /// Whether convolve() runs here (a Real transform whose backend fuses the product into its launches).
  virtual bool convolves() const { return false; }
  /// Real only, where convolves(): `data` (real values) transformed forward, its half spectrum multiplied point by
  /// point by `kernel` (a half spectrum as the forward transform lays it out, complex `real2` values), transformed
  /// back into `data`, in fewer launches than the three steps would take; the result is the three steps' times
  /// convolutionGain().
  virtual void convolve(ArrayInterface& data, ArrayInterface& kernel);
  /// What convolve() multiplies the three steps' result by (a kernel divided by it gives their result).
  virtual double convolutionGain() const { return 1.0; }
};

/// The FFT for this context and grid: the backend's (ComputeContext::createNativeFFT) unless
/// MARDYN_COMPUTE_FFT=kernels is set or the backend has none, else KernelFFT.
std::unique_ptr<ComputeFFT> createFFT(ComputeContext& context, int nx, int ny, int nz,
                                      FFTKind kind = FFTKind::Complex);

/// The number of `real2` values of a Real transform's half spectrum.
inline std::size_t halfSpectrumSize(int nx, int ny, int nz) {
  return static_cast<std::size_t>(nx) * ny * (nz / 2 + 1);
}

}  // namespace mardyn::compute
