// DeviceScan: exclusive prefix sums of int arrays on the device (compute/kernels/Scan.cc), in a fixed
// order, for cell starts and compactions. The user puts Scan.cc into a program compiled with addDefines()
// and hands it to createKernels().
#pragma once

#include "compute/ComputeArray.h"
#include "compute/ComputeContext.h"
#include "compute/ComputeKernel.h"
#include "compute/ComputeProgram.h"

#include <array>
#include <memory>

namespace mardyn::compute {

class DeviceScan {
 public:
  static constexpr int block = 256;

  explicit DeviceScan(ComputeContext& context);
  /// SCAN_BLOCK.
  void addDefines(ComputeContext::Defines& defines) const;
  void createKernels(ComputeProgram& program);

  /// out[i] = in[0] + ... + in[i - 1] for i <= n (out[n] the total); out needs n + 1 elements and may
  /// be `in` itself.
  void exclusive(ArrayInterface& in, int n, ArrayInterface& out);
  /// exclusive() and the total downloaded.
  int exclusiveTotal(ComputeArray<int>& in, int n, ComputeArray<int>& out);
  /// exclusive() of a and of b in place, and both totals with one wait for the device.
  std::array<int, 2> exclusiveTotals(ComputeArray<int>& a, ComputeArray<int>& b, int n);

 private:
  ComputeContext& _context;
  ComputeArray<int> _blockSums;
  PinnedHostBuffer _totalsHost;
  std::unique_ptr<ComputeEvent> _totalsReady;
  std::unique_ptr<ComputeKernel> _blocks, _totals, _offsets;
};

}  // namespace mardyn::compute
