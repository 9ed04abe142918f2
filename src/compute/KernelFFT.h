// KernelFFT: the compute layer's own 3D FFT (kernels/FFT.cc): one launch per axis, each work-group
// transforming a few whole lines in local memory by Stockham passes of radices 4, 2, 3, 5, 7 (and any other
// prime, by its direct DFT). A Real transform runs its z lines from real values to their first nz / 2 + 1
// coefficients (forward, first) and back from those (backward, last), two real lines as one complex line; its
// x and y lines are those of the half spectrum only. One program per distinct line length and kind of z line.
#pragma once

#include "compute/ComputeFFT.h"
#include "compute/ComputeKernel.h"
#include "compute/ComputeProgram.h"

#include <array>
#include <memory>
#include <vector>

namespace mardyn::compute {

class KernelFFT : public ComputeFFT {
 public:
  KernelFFT(ComputeContext& context, int nx, int ny, int nz, FFTKind kind = FFTKind::Complex);
  void transform(ArrayInterface& in, ArrayInterface& out, bool forward) override;
  std::string implementation() const override { return "compute kernels"; }

  /// The radices of the passes for a line of n (fours first, then 2, 3, 5, 7 and larger primes).
  static std::vector<int> radices(int n);

 private:
  /// What a line is read from and written to (FFT.cc's FFT_IN and FFT_OUT).
  enum Input { ComplexIn = 0, RealIn = 1, HalfIn = 2 };
  enum Output { ComplexOut = 0, HalfOut = 1, RealOut = 2 };
  struct Axis {
    int length = 0, lines = 0, numB = 1, strideAIn = 0, strideAOut = 0, strideB = 0, strideK = 1;
    int linesPerGroup = 1, threads = 1;
    int realLines = 0;  ///< real z lines, two to each of the `lines` complex ones (FFT.cc's real modes)
    Input input = ComplexIn;
    Output output = ComplexOut;
    std::unique_ptr<ComputeProgram> program;
    std::unique_ptr<ComputeKernel> kernel;
  };
  /// Lines along z of nz contiguous values, `strideIn` and `strideOut` apart in the two arrays.
  void zLines(Axis& axis, int nz, int lines, int strideIn, int strideOut, Input input, Output output);
  void prepare(Axis& axis);
  void launch(Axis& axis, ArrayInterface& in, ArrayInterface& out, double sign);

  ComputeContext& _context;
  FFTKind _kind;
  /// z, y, x; for a Real transform z runs real -> half, and _zBackward half -> real.
  std::array<Axis, 3> _axes;
  Axis _zBackward;
};

}  // namespace mardyn::compute
