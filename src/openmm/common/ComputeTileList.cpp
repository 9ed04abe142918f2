// ComputeTileList: the host side of the tile search (builds, room grown from the device's counts, the
// displacement check read asynchronously behind the tile kernel).
#include "ComputeTileList.h"

#include "ComputePlatformData.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

namespace OpenMM {

using mardyn::compute::PrecisionArray;

namespace {
std::string exact(double v) {
  std::ostringstream s;
  s << std::setprecision(17) << v;
  return s.str();
}
} // namespace

ComputeTileList::ComputeTileList(ComputePlatformData& data, bool useCutoff, bool periodic,
                                 const std::vector<std::vector<int>>& excluded)
    : _data(data), _useCutoff(useCutoff), _periodic(periodic) {
  auto& ctx = data.context();
  std::vector<int> start(excluded.size() + 1, 0), list;
  for (std::size_t i = 0; i < excluded.size(); i++) {
    start[i] = static_cast<int>(list.size());
    list.insert(list.end(), excluded[i].begin(), excluded[i].end());
  }
  start[excluded.size()] = static_cast<int>(list.size());
  _hasExclusions = !list.empty();
  if (list.empty()) list.push_back(0);
  _exclusionStart.initialize(ctx, start.size(), "exclusionStart");
  _exclusionStart.upload(start);
  _exclusions.initialize(ctx, list.size(), "exclusions");
  _exclusions.upload(list);
  // Four tiles to a work-group where a warp is 32 wide (with warp primitives, on CUDA and NVIDIA's OpenCL, the
  // warp of a tile synchronises alone; elsewhere the work-group does), one elsewhere (CPU devices).
  const auto& info = ctx.deviceInfo();
  _warpsPerGroup = info.simtWidth == ComputePlatformData::tileSize ? 4 : 1;

  _numBlocks = data.paddedAtoms() / ComputePlatformData::tileSize;
  // The tile search takes one warp per block; where that leaves fewer than 24 warps to a compute unit, two or
  // four warps share each block's atoms (a System of 23,000 atoms has 737 blocks for the 132 units of an H200).
  while (_findWarps < 4 && _numBlocks * _findWarps * 2 <= 24 * info.computeUnits)
    _findWarps *= 2;
  const std::size_t blocks = static_cast<std::size_t>(_numBlocks);
  _blockCentre = PrecisionArray(ctx, PrecisionArray::Kind::Mixed, 4, blocks, "blockCentre");
  _blockHalf = PrecisionArray(ctx, PrecisionArray::Kind::Mixed, 4, blocks, "blockHalf");
  const std::size_t clusters = (blocks + ComputePlatformData::tileSize - 1) / ComputePlatformData::tileSize;
  _clusterCentre = PrecisionArray(ctx, PrecisionArray::Kind::Mixed, 4, clusters, "clusterCentre");
  _clusterHalf = PrecisionArray(ctx, PrecisionArray::Kind::Mixed, 4, clusters, "clusterHalf");
  // The counters of the build's last work-groups (each kernel leaves them zero again).
  _clusterBlocksDone.initialize(ctx, clusters, "clusterBlocksDone");
  _clusterBlocksDone.zero();
  _groupsDone.initialize(ctx, 1, "exclusionGroupsDone");
  _groupsDone.zero();
  _posAtBuild = PrecisionArray(ctx, PrecisionArray::Kind::Mixed, 4, static_cast<std::size_t>(data.paddedAtoms()),
                               "positionsAtTileBuild");
  _displacedFlag.initialize(ctx, 1, "atomDisplacedFlag");
  _displacedFlag.zero();
  _displacedHost = mardyn::compute::PinnedHostBuffer(ctx, sizeof(int));
  _displacedEvent = ctx.createEvent();
  _buildStatus.initialize(ctx, 3, "tileBuildStatus");
  _buildStatusHost = mardyn::compute::PinnedHostBuffer(ctx, 3 * sizeof(int));
  _buildStatusEvent = ctx.createEvent();
  _tileCount.initialize(ctx, 1, "tileCount");
  _tileCapacity = std::max(64, useCutoff ? 40 * _numBlocks : _numBlocks * (_numBlocks + 1) / 2);
  _tiles.initialize(ctx, static_cast<std::size_t>(_tileCapacity), "tiles");
  _tileAtoms.initialize(ctx, static_cast<std::size_t>(_tileCapacity) * ComputePlatformData::tileSize, "tileAtoms");
  // One exclusion tile per block to start with (tiles of bonded molecules usually take more: the first
  // build grows the room from the device's count, a path every System with exclusions takes).
  _maskCapacity = std::max(1, _numBlocks);
  _tileMaskIndex.initialize(ctx, _hasExclusions ? static_cast<std::size_t>(_tileCapacity) : 1, "tileMaskIndex");
  _exclusionMasks.initialize(ctx, static_cast<std::size_t>(_maskCapacity) * ComputePlatformData::tileSize,
                             "exclusionMasks");
  _maskCount.initialize(ctx, 1, "exclusionTileCount");
  if (useCutoff) {
    _check.posAtBuild = &_posAtBuild.array();
    _check.flag = &_displacedFlag;
    data.offerDisplacementCheck(&_check);
  }
}

ComputeTileList::~ComputeTileList() { _data.withdrawDisplacementCheck(&_check); }

void ComputeTileList::addDefines(std::map<std::string, std::string>& defines, double cutoff) {
  _cutoff = cutoff;
  // The list holds pairs within the cutoff plus a padding, and is found again when an atom moved half of it: 0.1 of
  // the cutoff, or 0.2 where that finds the list again more often than every 2.75 steps (choosePadding). The
  // kernels are compiled for the wider one (PADDING: how far a listed atom can be), so a change needs no compiling.
  _narrowPadding = 0.1 * cutoff;
  _widePadding = 0.2 * cutoff;
  setPadding(_narrowPadding);
  const auto& info = _data.context().deviceInfo();
  defines["PERIODIC"] = _periodic ? "1" : "0";
  defines["USE_CUTOFF"] = _useCutoff ? "1" : "0";
  defines["LIST_CUTOFF"] = exact(cutoff);
  defines["LIST_CUTOFF2"] = exact(cutoff * cutoff);
  defines["PADDING"] = exact(_widePadding);
  defines["WARPS_PER_GROUP"] = std::to_string(_warpsPerGroup);
  defines["FIND_WARPS"] = std::to_string(_findWarps);
  defines["TILE_SYNC"] =
      info.warpPrimitives && info.simtWidth == ComputePlatformData::tileSize ? "SYNC_WARPS" : "SYNC_THREADS";
  defines["DETERMINISTIC"] = _data.deterministic() ? "1" : "0";
  defines["HAS_EXCLUSIONS"] = _hasExclusions ? "1" : "0";
}

void ComputeTileList::createKernels(mardyn::compute::ComputeProgram& program) {
  _bounds = program.createKernel("computeBlockBounds");
  _displacement = program.createKernel("checkDisplacement");
  _findTiles = program.createKernel("findTiles");
  _exclusionTilesKernel = program.createKernel("findExclusionTiles");
  _checkRoom = program.createKernel("checkTileRoom");
}

std::size_t ComputeTileList::groupThreads() const {
  return static_cast<std::size_t>(_warpsPerGroup * ComputePlatformData::tileSize);
}

std::size_t ComputeTileList::tileGroups() const {
  const std::size_t needed = static_cast<std::size_t>((_tileEstimate + _warpsPerGroup - 1) / _warpsPerGroup);
  const int units = _data.context().deviceInfo().computeUnits;
  return std::max<std::size_t>(
      1, std::min<std::size_t>(needed, static_cast<std::size_t>(std::max(64, 64 / _warpsPerGroup * units))));
}

void ComputeTileList::arguments(mardyn::compute::KernelCall& call) {
  call.arg(_tiles)
      .arg(_tileAtoms)
      .arg(_tileCount)
      .arg(_data.posq())
      .arg(_tileMaskIndex)
      .arg(_exclusionMasks)
      .arg(_blockCentre.array())
      .arg(_blockHalf.array());
  _data.boxArguments(call);
  call.arg(_displacedFlag);
}

void ComputeTileList::setPadding(double padding) {
  _padding = padding;
  _check.limit2 = 0.25 * padding * padding;  // the list is found again when an atom moved half the padding
}

void ComputeTileList::checkDisplacement(bool checked) {
  // The flag is 0 here without clearing it: only this check sets it, and a set flag makes the host build again
  // until the build's room check (reportTileRoom) clears it. Usually the evaluation's clearing launch ran the check
  // already (checked).
  if (!checked)
    _displacement->call()
        .arg(_data.posq())
        .arg(_posAtBuild.array())
        .mixedArg(_check.limit2)
        .arg(_displacedFlag)
        .execute(static_cast<std::size_t>(_data.numAtoms()));
  _displacedFlag.downloadBytesAsync(_displacedHost.data(), 0, sizeof(int));
  _displacedEvent->record();
}

void ComputeTileList::buildTiles() {
  auto bounds = _bounds->call();
  bounds.arg(_numBlocks).arg(_data.posq());
  _data.boxArguments(bounds);
  bounds.arg(_blockCentre.array())
      .arg(_blockHalf.array())
      .arg(_posAtBuild.array())
      .arg(_tileCount)
      .arg(_maskCount)
      .arg(_clusterBlocksDone)  // and the clusters of 32 blocks, in the same launch
      .arg(_clusterCentre.array())
      .arg(_clusterHalf.array())
      .blockShape(ComputePlatformData::tileSize)
      .executeBlocks(static_cast<std::size_t>(_numBlocks));
  const double reach = _cutoff + _padding;
  auto find = _findTiles->call();
  find.arg(_numBlocks)
      .arg(_blockCentre.array())
      .arg(_blockHalf.array())
      .arg(_clusterCentre.array())
      .arg(_clusterHalf.array());
  _data.boxArguments(find);
  find.mixedArg(reach * reach).arg(_data.posq()).arg(_tiles).arg(_tileAtoms).arg(_tileCapacity).arg(_tileCount);
  if (!_useCutoff) {
    find.execute(static_cast<std::size_t>(_numBlocks));
  } else {
    // One work-group of _findWarps warps per block (at most 64 warps per compute unit, striding over the blocks).
    const int units = _data.context().deviceInfo().computeUnits;
    find.blockShape(static_cast<std::size_t>(_findWarps * ComputePlatformData::tileSize))
        .executeBlocks(static_cast<std::size_t>(std::min(_numBlocks, std::max(64, 64 * units / _findWarps))));
  }
  // The kernels after this are launched before the count is known, for about the last build's tiles (every
  // block has at least its diagonal tile); they stride over however many there are.
  _tileEstimate = std::max(_numBlocks, _numTiles + _numTiles / 8);
  if (_hasExclusions) {
    // The masks of the tiles that hold excluded pairs.
    if (_tileMaskIndex.size() < static_cast<std::size_t>(_tileCapacity))
      _tileMaskIndex.resize(static_cast<std::size_t>(_tileCapacity));
    _exclusionTilesKernel->call()
        .arg(_tiles)
        .arg(_tileAtoms)
        .arg(_tileCount)
        .arg(_data.atomIndex())
        .arg(_data.slotOfAtom())
        .arg(_exclusionStart)
        .arg(_exclusions)
        .arg(_tileMaskIndex)
        .arg(_exclusionMasks)
        .arg(_maskCapacity)
        .arg(_maskCount)
        .arg(_tileCapacity)
        .arg(_groupsDone)  // and whether everything fitted, in the same launch
        .arg(_displacedFlag)
        .arg(_buildStatus)
        .blockShape(groupThreads())
        .executeBlocks(tileGroups());
  } else {
    // Whether everything fitted: the tile kernel queued next skips itself where not, and the host reads the
    // counts while it runs (readBuildStatus).
    _checkRoom->call()
        .arg(_tileCount)
        .arg(_tileCapacity)
        .arg(_maskCount)
        .arg(_maskCapacity)
        .arg(_displacedFlag)
        .arg(_buildStatus)
        .blockShape(1)
        .executeBlocks(1);
  }
  _buildStatus.downloadBytesAsync(_buildStatusHost.data(), 0, 3 * sizeof(int));
  _buildStatusEvent->record();
  _builtVersion = _data.reorderVersion();
  const Vec3* box = _data.box;
  _builtBox = Vec3(box[0][0], box[1][1], box[2][2]);
}

bool ComputeTileList::readBuildStatus() {
  _buildStatusEvent->synchronize();
  const int* status = static_cast<const int*>(_buildStatusHost.data());
  _numTiles = status[0];
  _tileEstimate = _numTiles;
  if (status[2] == 0)
    return true;
  if (status[0] > _tileCapacity) {
    _tileCapacity = status[0] + status[0] / 4;
    _tiles.resize(static_cast<std::size_t>(_tileCapacity));
    _tileAtoms.resize(static_cast<std::size_t>(_tileCapacity) * ComputePlatformData::tileSize);
  }
  if (status[1] > _maskCapacity) {
    _maskCapacity = status[1] + status[1] / 4;
    _exclusionMasks.resize(static_cast<std::size_t>(_maskCapacity) * ComputePlatformData::tileSize);
  }
  return false;
}

void ComputeTileList::choosePadding() {
  // The evaluations between searches, as they would be with the narrow padding (over a few steps an atom's
  // displacement grows about linearly with time), averaged over the last few searches. On an H200, two rounds of
  // each in one call: OpenMM's DHFR benchmark (23,558 atoms, 4 fs; the narrow padding finds the list every second
  // step) ran 14-18 % faster with the wide padding; rigid water with PME at 2 fs (98,304 atoms, about 3.4 steps
  // between searches with the narrow one) ran 2 % faster with the narrow padding on CUDA, and the same within the
  // noise on OpenCL.
  const double interval = _evaluationsSinceBuild * (_narrowPadding / _padding);
  _recentInterval = 0.75 * _recentInterval + 0.25 * interval;
  // Between 2.75 and 3 a list keeps the padding it has, so that one near the bound does not switch at every search.
  if (_padding == _narrowPadding && _recentInterval < 2.75)
    setPadding(_widePadding);
  else if (_padding == _widePadding && _recentInterval > 3.0)
    setPadding(_narrowPadding);
}

void ComputeTileList::compute(const std::function<void()>& launchTiles, const std::function<void()>& queued) {
  const bool checked = _check.queued;  // the clearing launch's check serves this evaluation only
  _check.queued = false;
  const Vec3* box = _data.box;
  const bool boxChanged = _builtBox[0] != box[0][0] || _builtBox[1] != box[1][1] || _builtBox[2] != box[2][2];
  bool rebuild = _builtVersion != _data.reorderVersion() || boxChanged;
  if (!rebuild) {
    // The tile kernel goes into the queue right behind the displacement check and does nothing if an atom
    // moved too far; the host meanwhile waits for the check's flag alone, so the device does not idle
    // between the check and the tiles.
    checkDisplacement(checked);
    launchTiles();
    queued();
    _displacedEvent->synchronize();
    rebuild = *static_cast<const int*>(_displacedHost.data()) != 0;
    _evaluationsSinceBuild++;
    if (rebuild) choosePadding();
  }
  if (rebuild) _evaluationsSinceBuild = 0;
  if (rebuild) {
    // The tile kernel is queued behind the build and does nothing where the build overflowed its room (then
    // built again with more).
    do {
      buildTiles();
      launchTiles();
      queued();  // nothing left to run after the first round
    } while (!readBuildStatus());
  }
}

} // namespace OpenMM
