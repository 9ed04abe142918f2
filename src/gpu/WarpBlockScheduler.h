// WarpBlockScheduler: the device job lists of the warp-block cell processors (a job is one warp block
// of a cell paired with a whole neighbour cell), their per-launch queue counters, the per-cell locks of
// the write-back, and the per-molecule U_pot/virial sums reduced to the cells.
#pragma once

#include "gpu/GpuComponent.h"
#include "compute/PrecisionArray.h"

#include "compute/ComputeArray.h"
#include "compute/ComputeKernel.h"
#include "compute/VectorTypes.h"

#include <memory>

namespace mardyn::gpu {

class DomainTraverser;
class MoleculeStorage;

class WarpBlockScheduler : public GpuComponent {
 public:
  /// eachPairTwice: jobs for both cells of a pair, each writing only its own molecules (warpBlock);
  /// otherwise jobs for the pair's owned cell only, writing both cells (warpBlockCached), and with
  /// onePerPair a single job per pair (the deterministic mode of warpBlockCached).
  WarpBlockScheduler(compute::ComputeContext& context, bool eachPairTwice, bool onePerPair);

  void addDefines(compute::ComputeContext::Defines& defines) const override;
  void createKernels(compute::ComputeProgram& program) override;

  /// Builds the job lists of all launches of `traverser` for the cells in `storage` (after each change
  /// of the cells).
  void buildJobs(DomainTraverser& traverser, MoleculeStorage& storage);
  /// Before each traversal: clears the queue counters and the per-molecule sums.
  void resetQueues(DomainTraverser& traverser, MoleculeStorage& storage);
  /// After the launches: the per-molecule sums into cellStats (mixed2 per cell).
  void reduceStats(MoleculeStorage& storage, compute::PrecisionArray& cellStats);

  /// Jobs of the last build.
  int numJobs() const { return _numJobs; }

  compute::ComputeArray<compute::mm_int2>& jobs() { return _jobs; }
  compute::ComputeArray<int>& jobStart() { return _jobStart; }
  compute::ComputeArray<int>& queueCounters() { return _queueCounters; }
  compute::PrecisionArray& moleculeStats() { return _moleculeStats; }
  compute::ComputeArray<int>& cellLocks() { return _cellLocks; }

  static constexpr int scanBlock = 256;

 private:
  void runBuild(DomainTraverser& traverser, MoleculeStorage& storage);

  compute::ComputeContext& _context;
  int _mode;  ///< WB_JOBS_ONCE, WB_JOBS_TWICE or WB_JOBS_PER_PAIR of kernels/WarpBlockScheduler.cc
  int _numJobs = 0;
  compute::ComputeArray<compute::mm_int2> _jobs;
  compute::ComputeArray<int> _jobStart, _blockSums, _queueCounters, _cellLocks;
  compute::PrecisionArray _moleculeStats;
  std::unique_ptr<compute::ComputeKernel> _count, _scan, _write, _reduce;
};

}  // namespace mardyn::gpu
