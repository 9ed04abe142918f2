// WarpBlockScheduler: building the job lists on the device and reducing the per-molecule sums.
#include "gpu/WarpBlockScheduler.h"

#include "gpu/DomainTraverser.h"
#include "gpu/MoleculeStorage.h"

#include <algorithm>

namespace mardyn::gpu {

namespace {
/// Grows a device array to at least `count` elements (with some slack), zeroed when it grows.
void ensureZeroed(compute::ComputeArray<int>& array, std::size_t count) {
  if (array.size() >= count) return;
  array.resize(count + count / 8 + 16);
  array.zero();
}
}  // namespace

WarpBlockScheduler::WarpBlockScheduler(compute::ComputeContext& context, bool eachPairTwice, bool onePerPair)
    : _context(context),
      _mode(eachPairTwice ? 1 : (onePerPair ? 2 : 0)),
      _jobs(context, 1024, "warpBlockJobs"),
      _jobStart(context, 1, "warpBlockJobStart"),
      _blockSums(context, 1, "warpBlockJobBlockSums"),
      _queueCounters(context, 1, "warpBlockQueueCounters"),
      _cellLocks(context, 1, "cellLocks"),
      _moleculeStats(context, compute::PrecisionArray::Kind::Mixed, 2, 1, "moleculeStats") {
  _cellLocks.zero();
}

void WarpBlockScheduler::addDefines(compute::ComputeContext::Defines& defines) const {
  defines["SCAN_BLOCK"] = std::to_string(scanBlock);
}

void WarpBlockScheduler::createKernels(compute::ComputeProgram& program) {
  _count = program.createKernel("countWarpBlockJobs");
  _scan = program.createKernel("scanBlockTotals");
  _write = program.createKernel("writeWarpBlockJobs");
  _reduce = program.createKernel("reduceWarpBlockStats");
}

void WarpBlockScheduler::buildJobs(DomainTraverser& traverser, MoleculeStorage& storage) {
  ensureZeroed(_cellLocks, std::max<std::size_t>(storage.numCells(), 1));
  runBuild(traverser, storage);
  if (_numJobs > static_cast<int>(_jobs.size())) {
    _jobs.resize(static_cast<std::size_t>(_numJobs) + static_cast<std::size_t>(_numJobs) / 4);
    runBuild(traverser, storage);
  }
}

void WarpBlockScheduler::resetQueues(DomainTraverser& traverser, MoleculeStorage& storage) {
  if (_queueCounters.size() < traverser.launches().size() + 1) _queueCounters.resize(traverser.launches().size() + 1);
  _queueCounters.zero();
  _moleculeStats.grow(std::max<std::size_t>(storage.numSlots(), 1));
  _moleculeStats.zero();
}

void WarpBlockScheduler::runBuild(DomainTraverser& traverser, MoleculeStorage& storage) {
  const int numPairs = static_cast<int>(traverser.hostPairs().size());
  const int numBlocks = (numPairs + scanBlock - 1) / scanBlock;
  if (_jobStart.size() < static_cast<std::size_t>(numPairs) + 1) _jobStart.resize(static_cast<std::size_t>(numPairs) + 1);
  if (_blockSums.size() < static_cast<std::size_t>(std::max(numBlocks, 1))) _blockSums.resize(std::max(numBlocks, 1));
  const int capacity = static_cast<int>(_jobs.size());
  const std::size_t blocks = static_cast<std::size_t>(std::max(numBlocks, 1));
  // countWarpBlockJobs and writeWarpBlockJobs share their leading arguments, one thread per pair.
  auto overPairs = [&](compute::ComputeKernel& kernel) {
    auto call = kernel.call();
    call.arg(traverser.cellPairs())
        .arg(numPairs)
        .arg(storage.cellStart())
        .arg(storage.cellIsHalo())
        .arg(_mode)
        .arg(_jobStart)
        .arg(_blockSums)
        .blockShape(scanBlock);
    return call;
  };
  overPairs(*_count).executeBlocks(blocks);
  _scan->call().arg(_blockSums).arg(numBlocks).arg(_jobStart).arg(numPairs).blockShape(scanBlock).executeBlocks(1);
  overPairs(*_write).arg(_jobs).arg(capacity).executeBlocks(blocks);
  _jobStart.downloadBytes(&_numJobs, static_cast<std::size_t>(numPairs) * sizeof(int), sizeof(int));
}

void WarpBlockScheduler::reduceStats(MoleculeStorage& storage, compute::PrecisionArray& cellStats) {
  const int numCells = static_cast<int>(storage.numCells());
  if (numCells == 0) return;
  _reduce->call()
      .arg(storage.cellStart())
      .arg(numCells)
      .arg(_moleculeStats.array())
      .arg(cellStats.array())
      .execute(static_cast<std::size_t>(numCells));
}

}  // namespace mardyn::gpu
