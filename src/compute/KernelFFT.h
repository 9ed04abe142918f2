// KernelFFT: the compute layer's own 3D complex FFT (kernels/FFT.cc): one launch per axis, each work-group
// transforming a few whole lines in local memory by Stockham passes of radices 4, 2, 3, 5, 7 (and any other
// prime, by its direct DFT). One program per distinct axis length.
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
  KernelFFT(ComputeContext& context, int nx, int ny, int nz);
  void transform(ArrayInterface& in, ArrayInterface& out, bool forward) override;
  std::string implementation() const override { return "compute kernels"; }

  /// The radices of the passes for a line of n (fours first, then 2, 3, 5, 7 and larger primes).
  static std::vector<int> radices(int n);

 private:
  struct Axis {
    int length = 0, lines = 0, numB = 1, strideA = 0, strideB = 0, strideK = 1, linesPerGroup = 1, threads = 1;
    std::unique_ptr<ComputeProgram> program;
    std::unique_ptr<ComputeKernel> kernel;
  };
  void prepare(Axis& axis);

  ComputeContext& _context;
  std::array<Axis, 3> _axes;
};

}  // namespace mardyn::compute
