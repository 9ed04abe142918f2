// DeviceScan: exclusive prefix sums of int arrays on the device (kernels/Scan.cc), in a fixed order,
// for the cell starts and the compactions of the cell rebuild.
#pragma once

#include "gpu/GpuComponent.h"

#include "compute/ComputeArray.h"
#include "compute/ComputeKernel.h"

#include <memory>

namespace mardyn::gpu {

class DeviceScan : public GpuComponent {
 public:
  static constexpr int block = 256;

  explicit DeviceScan(compute::ComputeContext& context);
  void addDefines(compute::ComputeContext::Defines& defines) const override;
  void createKernels(compute::ComputeProgram& program) override;

  /// out[i] = in[0] + ... + in[i - 1] for i <= n (out[n] the total); out needs n + 1 elements and may
  /// be `in` itself.
  void exclusive(compute::ArrayInterface& in, int n, compute::ArrayInterface& out);
  /// exclusive() and the total downloaded.
  int exclusiveTotal(compute::ComputeArray<int>& in, int n, compute::ComputeArray<int>& out);

 private:
  compute::ComputeArray<int> _blockSums;
  std::unique_ptr<compute::ComputeKernel> _blocks, _totals, _offsets;
};

}  // namespace mardyn::gpu
