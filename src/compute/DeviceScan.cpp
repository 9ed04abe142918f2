// DeviceScan: the three launches of a device prefix sum.
#include "compute/DeviceScan.h"

namespace mardyn::compute {

DeviceScan::DeviceScan(ComputeContext& context) : _context(context), _blockSums(context, 1, "scanBlockSums") {}

void DeviceScan::addDefines(ComputeContext::Defines& defines) const {
  defines["SCAN_BLOCK"] = std::to_string(block);
}

void DeviceScan::createKernels(ComputeProgram& program) {
  _blocks = program.createKernel("scanBlocks");
  _totals = program.createKernel("scanBlockTotals");
  _offsets = program.createKernel("addBlockOffsets");
}

void DeviceScan::exclusive(ArrayInterface& in, int n, ArrayInterface& out) {
  const int blocks = (n + block - 1) / block;
  if (_blockSums.size() < static_cast<std::size_t>(std::max(blocks, 1))) _blockSums.resize(std::max(blocks, 1) * 2);
  if (n > 0) _blocks->call().arg(in).arg(n).arg(out).arg(_blockSums).blockShape(block).executeBlocks(blocks);
  _totals->call().arg(_blockSums).arg(blocks).arg(out).arg(n).blockShape(block).executeBlocks(1);
  if (n > 0) _offsets->call().arg(out).arg(n).arg(_blockSums).execute(static_cast<std::size_t>(n));
}

int DeviceScan::exclusiveTotal(ComputeArray<int>& in, int n, ComputeArray<int>& out) {
  exclusive(in, n, out);
  int total = 0;
  out.downloadBytes(&total, static_cast<std::size_t>(n) * sizeof(int), sizeof(int));
  return total;
}

std::array<int, 2> DeviceScan::exclusiveTotals(ComputeArray<int>& a, ComputeArray<int>& b, int n) {
  exclusive(a, n, a);
  exclusive(b, n, b);
  if (!_totalsReady) {
    _totalsHost = PinnedHostBuffer(_context, 2 * sizeof(int));
    _totalsReady = _context.createEvent();
  }
  int* host = static_cast<int*>(_totalsHost.data());
  const std::size_t at = static_cast<std::size_t>(n) * sizeof(int);
  a.downloadBytesAsync(host, at, sizeof(int));
  b.downloadBytesAsync(host + 1, at, sizeof(int));
  _totalsReady->record();
  _totalsReady->synchronize();
  return {host[0], host[1]};
}

}  // namespace mardyn::compute
