// ComputeTileList: the tile list of a nonbonded utility on the device (kernels/NonbondedTileSearch.cc): blocks
// of 32 slots and clusters of 32 blocks with bounding boxes and spheres, tiles of a block against 32 atoms
// within the list's cutoff plus a padding, exclusion masks per tile, found again only when an atom moved half
// the padding.
#pragma once

#include "compute/ComputeArray.h"
#include "compute/ComputeEvent.h"
#include "compute/ComputeKernel.h"
#include "compute/ComputeProgram.h"
#include "compute/PrecisionArray.h"
#include "compute/VectorTypes.h"
#include "openmm/Vec3.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace OpenMM {

class ComputePlatformData;

/** A tile list's displacement check as ComputePlatformData::beginForces runs it in its clearing launch (then
 * queued is set); the list launches its own check where queued is not set. */
struct DisplacementCheck {
  mardyn::compute::ArrayInterface* posAtBuild = nullptr;
  mardyn::compute::ArrayInterface* flag = nullptr;
  double limit2 = 0.0;
  bool queued = false;
};

class ComputeTileList {
public:
  /** excluded[i]: the atoms whose pair with atom i is never computed (System indices, both directions). */
  ComputeTileList(ComputePlatformData& data, bool useCutoff, bool periodic,
                  const std::vector<std::vector<int>>& excluded);
  ~ComputeTileList();
  ComputeTileList(const ComputeTileList&) = delete;
  ComputeTileList& operator=(const ComputeTileList&) = delete;
  /** The defines of the search kernels (LIST_CUTOFF, PADDING, WARPS_PER_GROUP, ...) for `cutoff`, the largest
   * cutoff of the list's interactions. */
  void addDefines(std::map<std::string, std::string>& defines, double cutoff);
  /** The search kernels of the program compiled with those defines. */
  void createKernels(mardyn::compute::ComputeProgram& program);
  /** Runs launchTiles (which queues the tile kernel with arguments()) on an up-to-date list: the tile kernel
   * goes into the queue behind the displacement check and skips itself when an atom moved too far, then the
   * list is found again and launchTiles runs again. `queued` runs once the first tile kernel is queued, before
   * the host waits for the check. */
  void compute(const std::function<void()>& launchTiles, const std::function<void()>& queued);
  /** Work-groups and threads per work-group of a tile kernel launch. */
  std::size_t tileGroups() const;
  std::size_t groupThreads() const;
  int warpsPerGroup() const { return _warpsPerGroup; }
  /** The tile kernel's leading arguments: tiles, tileAtoms, tileCount, posq, tileMaskIndex, exclusionMasks,
   * blockCentre, blockHalf, box, invBox, skip. */
  void arguments(mardyn::compute::KernelCall& call);
  bool hasExclusions() const { return _hasExclusions; }

private:
  void buildTiles();
  bool readBuildStatus();
  /** At a search that an atom's displacement made necessary: the padding for it, from the recent intervals. */
  void choosePadding();
  /** Queues the flag's download behind the check, launching the check unless the clearing launch ran it. */
  void checkDisplacement(bool checked);
  /** The padding and the displacement that calls for a search (half of it, squared in _check.limit2). */
  void setPadding(double padding);

  ComputePlatformData& _data;
  bool _useCutoff = false, _periodic = false, _hasExclusions = false;
  double _cutoff = 0.0, _padding = 0.0, _narrowPadding = 0.0, _widePadding = 0.0;
  DisplacementCheck _check;  ///< offered to beginForces's clearing launch
  int _evaluationsSinceBuild = 0;  ///< tile-list checks since the last search
  double _recentInterval = 8.0;    ///< recent checks between searches, scaled to the narrow padding
  int _numBlocks = 0, _tileCapacity = 0, _numTiles = 0, _warpsPerGroup = 1, _findWarps = 1;
  int _maskCapacity = 1;  ///< exclusion tiles the masks have room for
  int _tileEstimate = 0;  ///< the tiles the tile kernels' launches are sized for (the count, or a guess during a build)
  unsigned long _builtVersion = ~0ul;
  Vec3 _builtBox;
  std::unique_ptr<mardyn::compute::ComputeKernel> _bounds, _displacement, _findTiles,
      _exclusionTilesKernel, _checkRoom;
  mardyn::compute::PrecisionArray _blockCentre, _blockHalf, _clusterCentre, _clusterHalf, _posAtBuild;
  mardyn::compute::ComputeArray<int> _displacedFlag;
  mardyn::compute::PinnedHostBuffer _displacedHost;
  std::unique_ptr<mardyn::compute::ComputeEvent> _displacedEvent;
  mardyn::compute::ComputeArray<int> _buildStatus;  ///< reportTileRoom's (tiles, masks, overflow)
  mardyn::compute::ComputeArray<int> _clusterBlocksDone, _groupsDone;  ///< the build's last-work-group counters
  mardyn::compute::PinnedHostBuffer _buildStatusHost;
  std::unique_ptr<mardyn::compute::ComputeEvent> _buildStatusEvent;
  mardyn::compute::ComputeArray<int> _exclusionStart, _exclusions, _tileCount, _tileMaskIndex, _maskCount,
      _tileAtoms;
  mardyn::compute::ComputeArray<unsigned int> _exclusionMasks;
  mardyn::compute::ComputeArray<mardyn::compute::mm_int2> _tiles;
};

} // namespace OpenMM
