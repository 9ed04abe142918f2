// ComputeCalcNonbondedForceKernel: NonbondedForce on the common-compute platforms (NoCutoff,
// CutoffNonPeriodic, CutoffPeriodic with reaction field and switching; Ewald, PME and LJPME are refused
// by name): the nonbonded utility of kernels/NonbondedTiles.cc (blocks of 32 atoms, tiles of a block
// against 32 atoms within cutoff + padding of its box, found again only when an atom moved more than half the padding, the tile list
// grown from the device's own count), exceptions as bonded terms, the dispersion correction on the host.
#pragma once

#include "openmm/kernels.h"

#include "compute/ComputeArray.h"
#include "compute/ComputeKernel.h"
#include "compute/ComputeProgram.h"
#include "compute/PrecisionArray.h"
#include "compute/VectorTypes.h"

#include <array>
#include <memory>
#include <vector>

namespace OpenMM {

class ComputePlatformData;

class ComputeCalcNonbondedForceKernel : public CalcNonbondedForceKernel {
public:
  ComputeCalcNonbondedForceKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : CalcNonbondedForceKernel(name, platform), _data(&data) {}
  void initialize(const System& system, const NonbondedForce& force) override;
  double execute(ContextImpl& context, bool includeForces, bool includeEnergy, bool includeDirect,
                 bool includeReciprocal) override;
  void copyParametersToContext(ContextImpl& context, const NonbondedForce& force) override;
  void getPMEParameters(double& alpha, int& nx, int& ny, int& nz) const override;
  void getLJPMEParameters(double& alpha, int& nx, int& ny, int& nz) const override;

private:
  /// Which terms the particles have: a nonzero charge, a nonzero epsilon.
  struct ParticleTerms {
    bool charges = false, lj = false;
  };
  ParticleTerms readParameters(const NonbondedForce& force, std::vector<std::array<double, 4>>& exceptionParams);
  /// Queues a build: bounding boxes, coarse grid of blocks, tiles, exclusion masks and checkTileRoom, whose
  /// status is copied to the host asynchronously (no host synchronisation).
  void buildTiles();
  /// Waits for the last build's status: the tile count; false (with more room) where the build overflowed and
  /// must be repeated.
  bool readBuildStatus();
  /// Queues checkDisplacement (an atom moved more than half the padding since the tiles were found) and an
  /// asynchronous copy of its flag, followed by _displacedEvent.
  void checkDisplacement();
  /// Queues the tile kernel (with or without the energy); it does nothing while the displaced flag is set (an
  /// atom moved too far, or the build overflowed).
  void launchTiles(bool includeEnergy);
  /** Work-groups of the tile kernels: enough for `tiles` tiles, at most 64 warps per compute unit. */
  std::size_t tileGroups(int tiles) const;

  ComputePlatformData* _data = nullptr;
  int _method = 0;
  double _cutoff = 0.0, _padding = 0.0, _dispersionCoefficient = 0.0;
  bool _periodic = false;
  int _numBlocks = 0, _tileCapacity = 0, _numTiles = 0, _warpsPerGroup = 1;
  int _firstException = -1;
  bool _hasExclusions = false;
  bool _hasCharges = true, _hasLJ = true; ///< whether the pair loop was compiled with each term
  int _maskCapacity = 1;  ///< exclusion tiles the masks have room for
  int _tileEstimate = 0;  ///< the tiles the tile kernels' launches are sized for (the count, or a guess during a build)
  std::vector<int> _exceptionIndex;  ///< the NonbondedForce's exceptions that are computed (non-zero)
  unsigned long _builtVersion = ~0ul;
  Vec3 _builtBox;
  std::unique_ptr<mardyn::compute::ComputeProgram> _program;
  std::unique_ptr<mardyn::compute::ComputeKernel> _bounds, _maxHalf, _displacement, _binBlocks, _scatterBlocks, _findTiles,
      _tilesKernel, _tilesEnergyKernel, _exclusionTilesKernel, _checkRoom, _coarseGrid, _gatherParams;
  mardyn::compute::PrecisionArray _atomParams, _blockCentre, _blockHalf, _posAtBuild;
  mardyn::compute::PrecisionArray _slotParams;  ///< _atomParams in slot order (gatherSlotParams)
  unsigned long _slotParamsVersion = ~0ul;      ///< the slots' order _slotParams was gathered for
  mardyn::compute::ComputeArray<int> _displacedFlag;
  mardyn::compute::PinnedHostBuffer _displacedHost;
  std::unique_ptr<mardyn::compute::ComputeEvent> _displacedEvent;
  mardyn::compute::ComputeArray<int> _buildStatus;  ///< checkTileRoom's (tiles, masks, overflow)
  mardyn::compute::ComputeArray<mardyn::compute::mm_int4> _grid;  ///< coarseGrid's cells per axis
  mardyn::compute::PrecisionArray _gridInvWidth;                  ///< and cells per unit length
  mardyn::compute::PinnedHostBuffer _buildStatusHost;
  std::unique_ptr<mardyn::compute::ComputeEvent> _buildStatusEvent;
  mardyn::compute::ComputeArray<int> _exclusionStart, _exclusions, _flag, _cellOfBlock, _cellCount, _cellFill,
      _blocksInCell, _tileCount, _tileMaskIndex, _maskCount, _tileAtoms;
  mardyn::compute::ComputeArray<unsigned int> _exclusionMasks;
  mardyn::compute::ComputeArray<mardyn::compute::mm_int2> _tiles;
};

} // namespace OpenMM
