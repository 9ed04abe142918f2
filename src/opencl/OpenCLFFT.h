// OpenCLFFT: the 3D FFT of the OpenCL backend through VkFFT (its OpenCL back end, header only; built where
// vkFFT.h is found). VkFFT generates and compiles its kernels for the grid when the plan is made, and appends
// them to the context's current queue, behind the kernels before. A complex transform runs in place (`in`
// copied to `out` first where they differ); a real one reads the real values from one array and writes the
// half spectrum to the other (forward), and back (backward), as cuFFT's R2C and C2R lay them out.
#pragma once

#include "compute/ComputeFFT.h"

#include <memory>
#include <string>

namespace mardyn::opencl {

class OpenCLContext;

class OpenCLFFT : public compute::ComputeFFT {
 public:
  /// Whether VkFFT was built in (vkFFT.h found at configure time).
  static bool available();
  /// A plan for the grid in the context's precision; nullptr (with `reason`) where VkFFT is not built in or
  /// cannot make one (the caller then uses the compute layer's kernels).
  static std::unique_ptr<OpenCLFFT> create(OpenCLContext& context, int nx, int ny, int nz, compute::FFTKind kind,
                                           std::string& reason);
  ~OpenCLFFT() override;
  void transform(compute::ArrayInterface& in, compute::ArrayInterface& out, bool forward) override;
  std::string implementation() const override { return "VkFFT"; }
  /// Real transforms: VkFFT's convolution, the product taken in the launch of the last forward axis, which also
  /// runs the first backward one (five launches for a 3D grid where the three steps take seven). VkFFT divides
  /// that axis by its length there: the gain, measured when the plan is made (a unit impulse, a unit kernel).
  bool convolves() const override;
  void convolve(compute::ArrayInterface& data, compute::ArrayInterface& kernel) override;
  double convolutionGain() const override { return _gain; }

 private:
  struct Plan;
  /// status: VkFFT's result where no plan comes back.
  static std::unique_ptr<Plan> makePlan(OpenCLContext& context, int nx, int ny, int nz, bool real, bool convolution,
                                        int& status);
  /// _gain from a unit impulse; drops the convolution where its result is not a scaled impulse.
  void measureGain(int nx, int ny, int nz);
  OpenCLFFT(OpenCLContext& context, std::unique_ptr<Plan> plan, std::unique_ptr<Plan> convolution,
            compute::FFTKind kind);
  OpenCLContext& _context;
  std::unique_ptr<Plan> _plan, _convolution;  ///< the transforms; the fused convolution (Real only, else null)
  double _gain = 1.0;
  compute::FFTKind _kind;
};

}  // namespace mardyn::opencl
