// ComputeConstraints: the System's distance constraints on a common-compute device (kernels/Constraints.cc).
// Rigid three-atom clusters (a centre constrained to two atoms of equal mass at equal distances, and those
// two to each other: water) are solved by SETTLE; every other cluster of coupled constraints by SHAKE,
// one work item per cluster, iterated until every constraint holds to the integrator's tolerance (a centre
// constrained to at most three others, as bonds to hydrogen make, in registers and in the same launch as
// SETTLE: applySettleAndShakeStar). SHAKE
// rather than a matrix method (CCMA): it needs no coupling matrix and meets the tolerance exactly as the
// Reference platform does; the clusters it sees on molecular systems (hydrogen bonds of a heavy atom)
// are small. Everything runs on the device; a failure is flagged there and reported by checkFailure().
// Where there is no other kind of cluster, a Langevin-middle step's kick and drift run in the two constraint
// launches (kickAndConstrainVelocities, driftAndConstrainPositions): a work-group moves up to 128 atoms, one to a
// work-item, then constrains their clusters.
#pragma once

#include "compute/ComputeArray.h"
#include "compute/ComputeKernel.h"
#include "compute/ComputeProgram.h"
#include "compute/PrecisionArray.h"
#include "compute/VectorTypes.h"

#include <memory>
#include <string>

namespace OpenMM {

class ComputePlatformData;
class System;

class ComputeConstraints {
public:
  ComputeConstraints(ComputePlatformData& data, const System& system);
  ~ComputeConstraints();
  /** No constraint between atoms that move. */
  bool empty() const { return _numSettle == 0 && _numShake == 0 && _numStar == 0; }
  int numSettleClusters() const { return _numSettle; }
  /** SHAKE clusters: those of one centre constrained to one, two or three others (star) and the rest. */
  int numShakeClusters() const { return _numShake + _numStar; }
  int numStarClusters() const { return _numStar; }

  /** Keeps the current positions as the reference of the next applyToPositions (before an update). */
  void saveReference();
  /** The arguments (int saveReference, mixed4* reference) of an update kernel that saves the reference itself as
   * it reads the positions, in place of saveReference (kernels/Integration.cc; the positions stand in for the
   * reference, never written, where there is no constraint). */
  void referenceArguments(mardyn::compute::KernelCall& call);
  /** Moves the positions (updated since saveReference) onto the constraints, correcting along the reference
   * bonds; each velocity gains its atom's displacement times invDt (0: velocities untouched). */
  void applyToPositions(double tolerance, double invDt);
  /** Constrains the current positions (Context::applyConstraints): they are their own reference. */
  void applyToCurrentPositions(double tolerance);
  /** Removes the velocity components along the constraints. */
  void applyToVelocities(double tolerance);
  /** Every cluster a SETTLE triangle or a star: the Langevin-middle step can run fused with the constraints. */
  bool fusesLangevinMiddle() const { return _numShake == 0 && _numSettle + _numStar > 0; }
  /** v += dt F/m for every atom, then applyToVelocities, in one launch (fusesLangevinMiddle() only). */
  void kickAndConstrainVelocities(double dt, double tolerance);
  /** The drift and thermostat of a Langevin-middle step for every atom (the positions before it saved as the
   * reference), then applyToPositions(tolerance, 1 / dt), in one launch (fusesLangevinMiddle() only). */
  void driftAndConstrainPositions(double dt, double vscale, double noisescale, double tolerance);
  /** Throws if a constraint could not be met since the last check (one download). */
  void checkFailure();

private:
  void createKernels();
  /** The cluster tables every SETTLE-and-star kernel takes: numSettle, settleAtoms[, settleParams], numStar,
   * starAtoms[, starLengths] (the distances withLengths). */
  void clusterArguments(mardyn::compute::KernelCall& call, bool withLengths);

  ComputePlatformData& _data;
  int _numSettle = 0, _numShake = 0, _numStar = 0, _fusedGroups = 0;
  static constexpr int maxIterations = 1000;
  /** Work-items of a work-group of the fused Langevin-middle step: the most atoms it moves. */
  static constexpr int fusedGroup = 128;
  mardyn::compute::ComputeArray<mardyn::compute::mm_int4> _settleAtoms, _starAtoms;
  mardyn::compute::PrecisionArray _settleParams, _shakeLength, _reference, _delta, _starLength;
  mardyn::compute::ComputeArray<int> _shakeStart, _failed, _groupAtoms;
  mardyn::compute::ComputeArray<mardyn::compute::mm_int2> _groupStart;
  mardyn::compute::ComputeArray<mardyn::compute::mm_int2> _shakePairs;
  std::unique_ptr<mardyn::compute::ComputeProgram> _program;
  std::unique_ptr<mardyn::compute::ComputeKernel> _settleAndStar, _settleAndStarVelocities, _shake, _shakeVelocities,
      _kickAndConstrain, _driftAndConstrain;
};

} // namespace OpenMM
