// ComputeCalcNonbondedForceKernel: parameters, the tile list and the launches of the nonbonded utility.
#include "ComputeCalcNonbondedForceKernel.h"

#include "ComputePlatformData.h"
#include "openmm/NonbondedForce.h"
#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/internal/NonbondedForceImpl.h"
#include "openmm/internal/PhysicalConstants.h"

#include "compute/ComputeException.h"
#include "compute/KernelSources.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

namespace OpenMM {

using mardyn::compute::PrecisionArray;

namespace {
/// Coarse cells searched on each side of a block's cell ((2 n + 1)^3 cells per block in findTiles).
constexpr int coarseNeighbours = 1;

std::string exact(double v) {
  std::ostringstream s;
  s << std::setprecision(17) << v;
  return s.str();
}
} // namespace

ComputeCalcNonbondedForceKernel::ParticleTerms ComputeCalcNonbondedForceKernel::readParameters(
    const NonbondedForce& force, std::vector<std::array<double, 4>>& exceptionParams) {
  const int n = force.getNumParticles();
  ParticleTerms terms;
  std::vector<double> params(2 * static_cast<std::size_t>(n));
  const double chargeScale = std::sqrt(ONE_4PI_EPS0);
  for (int i = 0; i < n; i++) {
    double charge, sigma, epsilon;
    force.getParticleParameters(i, charge, sigma, epsilon);
    params[2 * i] = 0.5 * sigma;
    params[2 * i + 1] = 2.0 * std::sqrt(epsilon);
    _data->charges[i] = charge * chargeScale;
    terms.charges = terms.charges || charge != 0.0;
    terms.lj = terms.lj || epsilon != 0.0;
  }
  _atomParams.upload(params);
  _slotParamsVersion = ~0ul;  // gathered into slot order again before the next tiles
  _data->uploadCharges();
  exceptionParams.clear();
  for (int e : _exceptionIndex) {
    int p1, p2;
    double chargeProd, sigma, epsilon;
    force.getExceptionParameters(e, p1, p2, chargeProd, sigma, epsilon);
    exceptionParams.push_back({ONE_4PI_EPS0 * chargeProd, sigma, 4.0 * epsilon, 0.0});
  }
  return terms;
}

void ComputeCalcNonbondedForceKernel::initialize(const System& system, const NonbondedForce& force) {
  auto& ctx = _data->context();
  const std::string& platform = getPlatform().getName();
  _method = force.getNonbondedMethod();
  if (_method != NonbondedForce::NoCutoff && _method != NonbondedForce::CutoffNonPeriodic &&
      _method != NonbondedForce::CutoffPeriodic) {
    static const char* names[] = {"NoCutoff", "CutoffNonPeriodic", "CutoffPeriodic", "Ewald", "PME", "LJPME"};
    throw OpenMMException(platform + " platform: NonbondedForce method " + names[_method] +
                          " is not supported (NoCutoff, CutoffNonPeriodic and CutoffPeriodic are)");
  }
  if (force.getNumParticleParameterOffsets() > 0 || force.getNumExceptionParameterOffsets() > 0)
    throw OpenMMException(platform +
                          " platform: NonbondedForce parameter offsets (addParticleParameterOffset, "
                          "addExceptionParameterOffset) are not supported; use the Reference or CPU platform");
  const int n = force.getNumParticles();
  _periodic = _method == NonbondedForce::CutoffPeriodic;
  const bool useCutoff = _method != NonbondedForce::NoCutoff;
  _cutoff = force.getCutoffDistance();
  _padding = 0.1 * _cutoff;
  _atomParams = PrecisionArray(ctx, PrecisionArray::Kind::Real, 2, static_cast<std::size_t>(n), "nonbondedAtomParams");
  _slotParams = PrecisionArray(ctx, PrecisionArray::Kind::Real, 2, static_cast<std::size_t>(_data->paddedAtoms()),
                               "nonbondedSlotParams");

  // Exclusions (every exception) per atom; exceptions with a charge product or epsilon are bonded terms.
  std::vector<std::vector<int>> excluded(static_cast<std::size_t>(n));
  std::vector<std::array<int, 4>> exceptionAtoms;
  for (int e = 0; e < force.getNumExceptions(); e++) {
    int p1, p2;
    double chargeProd, sigma, epsilon;
    force.getExceptionParameters(e, p1, p2, chargeProd, sigma, epsilon);
    excluded[p1].push_back(p2);
    excluded[p2].push_back(p1);
    if (chargeProd != 0.0 || epsilon != 0.0) {
      _exceptionIndex.push_back(e);
      exceptionAtoms.push_back({p1, p2, -1, -1});
    }
  }
  std::vector<int> start(static_cast<std::size_t>(n) + 1, 0), list;
  for (int i = 0; i < n; i++) {
    start[i] = static_cast<int>(list.size());
    list.insert(list.end(), excluded[i].begin(), excluded[i].end());
  }
  start[n] = static_cast<int>(list.size());
  if (list.empty())
    list.push_back(0);
  _exclusionStart.initialize(ctx, start.size(), "exclusionStart");
  _exclusionStart.upload(start);
  _exclusions.initialize(ctx, list.size(), "exclusions");
  _exclusions.upload(list);

  std::vector<std::array<double, 4>> exceptionParams;
  const ParticleTerms terms = readParameters(force, exceptionParams);
  if (!exceptionAtoms.empty())
    _firstException = _data->bonded().addTerms(ComputeBondedUtilities::Exception, force.getForceGroup(),
                                               _periodic && force.getExceptionsUsePeriodicBoundaryConditions(),
                                               exceptionAtoms, exceptionParams);
  _dispersionCoefficient = NonbondedForceImpl::calcDispersionCorrection(system, force);

  auto defines = _data->commonDefines();
  defines["PERIODIC"] = _periodic ? "1" : "0";
  defines["USE_CUTOFF"] = useCutoff ? "1" : "0";
  defines["CUTOFF"] = exact(_cutoff);
  defines["CUTOFF2"] = exact(_cutoff * _cutoff);
  defines["PADDING"] = exact(_padding);
  const double eps = force.getReactionFieldDielectric();
  defines["KRF"] = useCutoff ? exact((eps - 1.0) / ((2.0 * eps + 1.0) * _cutoff * _cutoff * _cutoff)) : "0";
  defines["CRF"] = useCutoff ? exact(3.0 * eps / ((2.0 * eps + 1.0) * _cutoff)) : "0";
  const bool switching = useCutoff && force.getUseSwitchingFunction();
  defines["USE_SWITCH"] = switching ? "1" : "0";
  defines["SWITCH_DIST"] = exact(force.getSwitchingDistance());
  defines["SWITCH_WIDTH"] = exact(_cutoff - force.getSwitchingDistance());
  defines["COARSE_NEIGHBOURS"] = std::to_string(coarseNeighbours);
  // Four tiles to a work-group where a warp is 32 wide (with warp primitives, on CUDA and NVIDIA's OpenCL, the
  // warp of a tile synchronises alone; elsewhere the work-group does), one elsewhere (CPU devices).
  const auto& info = ctx.deviceInfo();
  _warpsPerGroup = info.simtWidth == ComputePlatformData::tileSize ? 4 : 1;
  defines["WARPS_PER_GROUP"] = std::to_string(_warpsPerGroup);
  defines["TILE_SYNC"] = info.warpPrimitives && info.simtWidth == ComputePlatformData::tileSize ? "SYNC_WARPS" : "SYNC_THREADS";
  defines["DETERMINISTIC"] = _data->deterministic() ? "1" : "0";
  defines["HAS_EXCLUSIONS"] = force.getNumExceptions() > 0 ? "1" : "0";
  // Terms no particle has are left out of the pair loop (parameters may change later only within these).
  _hasCharges = terms.charges;
  _hasLJ = terms.lj;
  defines["HAS_CHARGES"] = _hasCharges ? "1" : "0";
  defines["HAS_LJ"] = _hasLJ ? "1" : "0";
  _data->scan().addDefines(defines);
  try {
    _program =
        ctx.compileProgram(mardyn::compute::KernelSources::withRequirements("openmm/common/kernels/NonbondedTiles.cc"),
                           defines, "openmm-nonbonded");
  } catch (const mardyn::compute::ComputeException& e) {
    throw OpenMMException(platform + " platform: compiling the nonbonded kernels failed: " + e.what());
  }
  _bounds = _program->createKernel("computeBlockBounds");
  _maxHalf = _program->createKernel("maxBlockHalf");
  _displacement = _program->createKernel("checkDisplacement");
  _binBlocks = _program->createKernel("binBlocks");
  _scatterBlocks = _program->createKernel("scatterBlocks");
  _findTiles = _program->createKernel("findTiles");
  _tilesKernel = _program->createKernel("computeNonbondedTiles");
  _tilesEnergyKernel = _program->createKernel("computeNonbondedTilesEnergy");
  _exclusionTilesKernel = _program->createKernel("findExclusionTiles");
  _checkRoom = _program->createKernel("checkTileRoom");
  _coarseGrid = _program->createKernel("coarseGrid");
  _gatherParams = _program->createKernel("gatherSlotParams");
  _numBlocks = _data->paddedAtoms() / ComputePlatformData::tileSize;
  const std::size_t blocks = static_cast<std::size_t>(_numBlocks);
  _blockCentre = PrecisionArray(ctx, PrecisionArray::Kind::Mixed, 4, blocks, "blockCentre");
  _blockHalf = PrecisionArray(ctx, PrecisionArray::Kind::Mixed, 4, blocks, "blockHalf");
  _posAtBuild = PrecisionArray(ctx, PrecisionArray::Kind::Mixed, 4, static_cast<std::size_t>(_data->paddedAtoms()),
                               "positionsAtTileBuild");
  _flag.initialize(ctx, 1, "nonbondedFlag");
  _displacedFlag.initialize(ctx, 1, "atomDisplacedFlag");
  _displacedFlag.zero();
  _displacedHost = mardyn::compute::PinnedHostBuffer(ctx, sizeof(int));
  _displacedEvent = ctx.createEvent();
  _buildStatus.initialize(ctx, 3, "tileBuildStatus");
  _buildStatusHost = mardyn::compute::PinnedHostBuffer(ctx, 3 * sizeof(int));
  _grid.initialize(ctx, 1, "coarseGrid");
  _gridInvWidth = PrecisionArray(ctx, PrecisionArray::Kind::Mixed, 4, 1, "coarseGridInvWidth");
  _buildStatusEvent = ctx.createEvent();
  _cellOfBlock.initialize(ctx, blocks, "cellOfBlock");
  _blocksInCell.initialize(ctx, blocks, "blocksInCell");
  _cellCount.initialize(ctx, 2, "coarseCellCount");
  _cellFill.initialize(ctx, 2, "coarseCellFill");
  _tileCount.initialize(ctx, 1, "tileCount");
  _tileCapacity = std::max(64, useCutoff ? 40 * _numBlocks : _numBlocks * (_numBlocks + 1) / 2);
  _tiles.initialize(ctx, static_cast<std::size_t>(_tileCapacity), "tiles");
  _tileAtoms.initialize(ctx, static_cast<std::size_t>(_tileCapacity) * ComputePlatformData::tileSize, "tileAtoms");
  _hasExclusions = force.getNumExceptions() > 0;
  // One exclusion tile per block to start with (tiles of bonded molecules usually take more: the first
  // build grows the room from the device's count, a path every System with exclusions takes).
  _maskCapacity = std::max(1, _numBlocks);
  _tileMaskIndex.initialize(ctx, _hasExclusions ? static_cast<std::size_t>(_tileCapacity) : 1, "tileMaskIndex");
  _exclusionMasks.initialize(ctx, static_cast<std::size_t>(_maskCapacity) * ComputePlatformData::tileSize, "exclusionMasks");
  _maskCount.initialize(ctx, 1, "exclusionTileCount");
}

void ComputeCalcNonbondedForceKernel::copyParametersToContext(ContextImpl& context, const NonbondedForce& force) {
  if (force.getNumParticles() != _data->numAtoms())
    throw OpenMMException("NonbondedForce: updateParametersInContext() cannot change the number of particles");
  for (int i = 0; i < force.getNumParticles(); i++) {
    double charge, sigma, epsilon;
    force.getParticleParameters(i, charge, sigma, epsilon);
    if (charge != 0.0 && !_hasCharges)
      throw OpenMMException("NonbondedForce: updateParametersInContext() cannot give particles charges on the " +
                            getPlatform().getName() +
                            " platform when every charge was zero as the Context was created (its kernels leave "
                            "Coulomb out); create the Context with a nonzero charge");
    if (epsilon != 0.0 && !_hasLJ)
      throw OpenMMException("NonbondedForce: updateParametersInContext() cannot give particles a Lennard-Jones "
                            "epsilon on the " + getPlatform().getName() +
                            " platform when every epsilon was zero as the Context was created (its kernels leave "
                            "Lennard-Jones out); create the Context with a nonzero epsilon");
  }
  std::vector<std::array<double, 4>> exceptionParams;
  readParameters(force, exceptionParams);
  if (_firstException >= 0)
    _data->bonded().setParameters(_firstException, exceptionParams);
  _dispersionCoefficient = NonbondedForceImpl::calcDispersionCorrection(context.getSystem(), force);
}

void ComputeCalcNonbondedForceKernel::getPMEParameters(double&, int&, int&, int&) const {
  throw OpenMMException("NonbondedForce: getPMEParameters(): the " + getPlatform().getName() +
                        " platform does not implement PME");
}

void ComputeCalcNonbondedForceKernel::getLJPMEParameters(double&, int&, int&, int&) const {
  throw OpenMMException("NonbondedForce: getLJPMEParameters(): the " + getPlatform().getName() +
                        " platform does not implement LJPME");
}

std::size_t ComputeCalcNonbondedForceKernel::tileGroups(int tiles) const {
  const std::size_t needed = static_cast<std::size_t>((tiles + _warpsPerGroup - 1) / _warpsPerGroup);
  const int units = _data->context().deviceInfo().computeUnits;
  return std::max<std::size_t>(1, std::min<std::size_t>(needed, static_cast<std::size_t>(std::max(64, 64 / _warpsPerGroup * units))));
}

void ComputeCalcNonbondedForceKernel::checkDisplacement() {
  _displacedFlag.zero();
  const double limit = 0.5 * _padding;
  _displacement->call()
      .arg(_data->posq())
      .arg(_posAtBuild.array())
      .mixedArg(limit * limit)
      .arg(_displacedFlag)
      .execute(static_cast<std::size_t>(_data->numAtoms()));
  _displacedFlag.downloadBytesAsync(_displacedHost.data(), 0, sizeof(int));
  _displacedEvent->record();
}

void ComputeCalcNonbondedForceKernel::launchTiles(bool includeEnergy) {
  auto call = (includeEnergy ? _tilesEnergyKernel : _tilesKernel)->call();
  call.arg(_tiles)
      .arg(_tileAtoms)
      .arg(_tileCount)
      .arg(_data->posq())
      .arg(_slotParams.array())
      .arg(_tileMaskIndex)
      .arg(_exclusionMasks)
      .arg(_blockCentre.array())
      .arg(_blockHalf.array());
  _data->boxArguments(call);
  call.arg(_displacedFlag)
      .arg(_data->force())
      .arg(_data->energy())
      .blockShape(static_cast<std::size_t>(_warpsPerGroup * ComputePlatformData::tileSize))
      .executeBlocks(tileGroups(_tileEstimate));
}

void ComputeCalcNonbondedForceKernel::buildTiles() {
  auto bounds = _bounds->call();
  bounds.arg(_numBlocks).arg(_data->posq());
  _data->boxArguments(bounds);
  bounds.arg(_blockCentre.array())
      .arg(_blockHalf.array())
      .arg(_posAtBuild.array())
      .execute(static_cast<std::size_t>(_numBlocks));
  // The coarse grid: cells at least cutoff + padding + the widest block wide, laid out on the device
  // (coarseGrid); the host sizes the cell arrays for the finest grid it can be (blocks of no extent).
  const Vec3* box = _data->box;
  int cells = 1;
  if (_periodic)
    for (int d = 0; d < 3; d++)
      cells *= std::max(1, std::min(256, static_cast<int>(std::floor(box[d][d] / (_cutoff + _padding)))));
  if (_cellCount.size() < static_cast<std::size_t>(cells) + 1) {
    _cellCount.resize(cells + 1);
    _cellFill.resize(cells + 1);
  }
  _flag.zero();
  if (_periodic)
    _maxHalf->call().arg(_numBlocks).arg(_blockHalf.array()).arg(_flag).execute(static_cast<std::size_t>(_numBlocks));
  auto grid = _coarseGrid->call();
  grid.arg(_flag);
  _data->boxArguments(grid);
  grid.mixedArg(_cutoff + _padding).arg(_grid).arg(_gridInvWidth.array()).blockShape(1).executeBlocks(1);
  _cellCount.zero();
  _cellFill.zero();
  _binBlocks->call()
      .arg(_numBlocks)
      .arg(_blockCentre.array())
      .arg(_grid)
      .arg(_gridInvWidth.array())
      .arg(_cellOfBlock)
      .arg(_cellCount)
      .execute(static_cast<std::size_t>(_numBlocks));
  _data->scan().exclusive(_cellCount, cells, _cellCount);
  _scatterBlocks->call()
      .arg(_numBlocks)
      .arg(_cellOfBlock)
      .arg(_cellCount)
      .arg(_cellFill)
      .arg(_blocksInCell)
      .execute(static_cast<std::size_t>(_numBlocks));
  const double reach = _cutoff + _padding;
  _tileCount.zero();
  auto find = _findTiles->call();
  find.arg(_numBlocks)
      .arg(_blockCentre.array())
      .arg(_blockHalf.array())
      .arg(_cellOfBlock)
      .arg(_cellCount)
      .arg(_blocksInCell)
      .arg(_grid);
  _data->boxArguments(find);
  find.mixedArg(reach * reach).arg(_data->posq()).arg(_tiles).arg(_tileAtoms).arg(_tileCapacity).arg(_tileCount);
  if (_method == NonbondedForce::NoCutoff) {
    find.execute(static_cast<std::size_t>(_numBlocks));
  } else {
    // One work-group of one warp per block (at most 64 warps per compute unit, striding over the blocks).
    const int units = _data->context().deviceInfo().computeUnits;
    find.blockShape(ComputePlatformData::tileSize)
        .executeBlocks(static_cast<std::size_t>(std::min(_numBlocks, std::max(64, 64 * units))));
  }
  // The kernels after this are launched before the count is known, for about the last build's tiles (every
  // block has at least its diagonal tile); they stride over however many there are.
  _tileEstimate = std::max(_numBlocks, _numTiles + _numTiles / 8);
  _maskCount.zero();
  if (_hasExclusions) {
    // The masks of the tiles that hold excluded pairs.
    if (_tileMaskIndex.size() < static_cast<std::size_t>(_tileCapacity))
      _tileMaskIndex.resize(static_cast<std::size_t>(_tileCapacity));
    _exclusionTilesKernel->call()
        .arg(_tiles)
        .arg(_tileAtoms)
        .arg(_tileCount)
        .arg(_data->atomIndex())
        .arg(_data->slotOfAtom())
        .arg(_exclusionStart)
        .arg(_exclusions)
        .arg(_tileMaskIndex)
        .arg(_exclusionMasks)
        .arg(_maskCapacity)
        .arg(_maskCount)
        .arg(_tileCapacity)
        .blockShape(static_cast<std::size_t>(_warpsPerGroup * ComputePlatformData::tileSize))
        .executeBlocks(tileGroups(_tileEstimate));
  }
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
  _buildStatus.downloadBytesAsync(_buildStatusHost.data(), 0, 3 * sizeof(int));
  _buildStatusEvent->record();
  _builtVersion = _data->reorderVersion();
  _builtBox = Vec3(box[0][0], box[1][1], box[2][2]);
}

bool ComputeCalcNonbondedForceKernel::readBuildStatus() {
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

double ComputeCalcNonbondedForceKernel::execute(ContextImpl&, bool, bool includeEnergy, bool includeDirect, bool) {
  const Vec3* box = _data->box;
  if (_periodic && (_cutoff > 0.5 * box[0][0] || _cutoff > 0.5 * box[1][1] || _cutoff > 0.5 * box[2][2]))
    throw OpenMMException("NonbondedForce: The cutoff distance cannot be greater than half the periodic box size.");
  if (!includeDirect)
    return 0.0;
  if (_slotParamsVersion != _data->reorderVersion()) {
    _gatherParams->call()
        .arg(_atomParams.array())
        .arg(_data->atomIndex())
        .arg(_slotParams.array())
        .execute(static_cast<std::size_t>(_data->paddedAtoms()));
    _slotParamsVersion = _data->reorderVersion();
  }
  const bool boxChanged = _builtBox[0] != box[0][0] || _builtBox[1] != box[1][1] || _builtBox[2] != box[2][2];
  bool rebuild = _builtVersion != _data->reorderVersion() || boxChanged;
  if (!rebuild) {
    // The tile kernel goes into the queue right behind the displacement check and does nothing if an atom
    // moved too far; the host meanwhile waits for the check's flag alone, so the device does not idle
    // between the check and the tiles.
    checkDisplacement();
    launchTiles(includeEnergy);
    _displacedEvent->synchronize();
    rebuild = *static_cast<const int*>(_displacedHost.data()) != 0;
  }
  if (rebuild) {
    // The tile kernel is queued behind the build and does nothing where the build overflowed its room (then
    // built again with more).
    do {
      buildTiles();
      launchTiles(includeEnergy);
    } while (!readBuildStatus());
  }
  if (includeEnergy && _dispersionCoefficient != 0.0)
    return _dispersionCoefficient / (box[0][0] * box[1][1] * box[2][2]);
  return 0.0;
}

} // namespace OpenMM
