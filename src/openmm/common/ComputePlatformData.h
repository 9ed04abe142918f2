// ComputePlatformData: what a Context on a ComputePlatform keeps on its device: the atoms in slots along a
// space-filling curve (posq, velm, cellOffset, atomIndex and its inverse slotOfAtom), forces and energy in
// 64-bit fixed point, the core program (reordering, bonded terms, integration, sums) and the utilities
// (bonded and nonbonded interactions, constraints, virtual sites); on the host only time, step count, box, masses
// and charges.
// Coordinates cross to the host only through getState (positions(), velocities(), forces()).
#pragma once

#include "ComputeBondedUtilities.h"
#include "ComputeConstraints.h"
#include "ComputeNonbondedUtilities.h"
#include "ComputeVirtualSites.h"

#include "compute/ComputeArray.h"
#include "compute/ComputeContext.h"
#include "compute/ComputeKernel.h"
#include "compute/ComputeProgram.h"
#include "compute/DeviceScan.h"
#include "compute/PrecisionArray.h"
#include "compute/VectorTypes.h"
#include "openmm/Vec3.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace OpenMM {

class ComputePlatform;
class System;

class ComputePlatformData {
public:
  /** Blocks of atoms, and the work-group of a tile. */
  static constexpr int tileSize = 32;
  /** Force evaluations between two reorderings of the atoms. */
  static constexpr int reorderInterval = 250;

  ComputePlatformData(const ComputePlatform& platform, const System& system,
                      const std::map<std::string, std::string>& properties);
  ~ComputePlatformData();

  mardyn::compute::ComputeContext& context() { return *_context; }
  mardyn::compute::ComputeProgram& program() { return *_program; }
  mardyn::compute::DeviceScan& scan() { return *_scan; }
  ComputeBondedUtilities& bonded() { return *_bonded; }
  /** The nonbonded utility (tile list) of interactions with these settings, made on the first request. */
  ComputeNonbondedUtilities& nonbonded(bool useCutoff, bool periodic, const std::vector<std::vector<int>>& excluded);
  std::vector<ComputeNonbondedUtilities*> nonbondedUtilities();
  /** Computes every injected interaction (tile lists, then bonded terms) of `groups`; the default queue then
   * waits for the work of other queues joined since the evaluation began. */
  void computeInteractions(int groups, bool includeEnergy);
  /** Work recorded by `finished` on another queue adds to this evaluation's forces and energy: the default
   * queue waits for it before anything reads them (the end of computeInteractions). */
  void joinBeforeForcesRead(mardyn::compute::ComputeEvent& finished) { _joined.push_back(&finished); }
  /** Queues `launches` (work of another queue, such as the PME grid's) once the first tile kernel of this
   * evaluation is queued and before the host waits for the list's displacement check (computeInteractions).
   * Where each launch costs the host several microseconds (NVIDIA's OpenCL), the tile kernel, the longest,
   * then runs while the host queues the rest, instead of waiting behind it: on an H200 the PME water box's
   * OpenCL step went from 2.76e8 to 3.21e8 particle-steps/s; CUDA's was the same both ways. */
  void launchBesideTiles(std::function<void()> launches) { _besideTiles.push_back(std::move(launches)); }
  /** DisablePmeStream: the PME grid runs on the default queue. */
  bool pmeQueueDisabled() const { return _pmeQueueDisabled; }
  /** A number unique within this Context (for the names of injected device code). */
  int nextId() { return _nextId++; }
  /** True for the first caller only: its charges live in posq.w (the others pass theirs as parameters). */
  bool requestPosqCharges();
  /** The index k of the energy derivative by global parameter `name` (energy()[1 + k] accumulates it),
   * registered on the first request (before the first force evaluation). */
  int energyDerivativeIndex(const std::string& name);
  int numEnergyDerivatives() const { return static_cast<int>(_derivativeNames.size()); }
  /** Adds a derivative computed on the host to this evaluation's (cleared by beginForces). */
  void addHostEnergyDerivative(const std::string& name, double value);
  /** The energy derivatives accumulated by the last evaluation, by name. */
  std::map<std::string, double> downloadEnergyDerivatives();
  /** The System's constraints (empty() without any). */
  ComputeConstraints& constraints() { return *_constraints; }
  /** The System's virtual sites (empty() without any). */
  ComputeVirtualSites& virtualSites() { return *_virtualSites; }
  /** After a step: places the virtual sites and counts the step. */
  void finishStep(double dt);
  const std::string& platformName() const { return _platformName; }

  int numAtoms() const { return _numAtoms; }
  int paddedAtoms() const { return _paddedAtoms; }
  /** Compiles a program of this Context; a failure throws OpenMMException naming `what`. With the environment
   * variable MARDYN_OPENMM_SOURCES set to a directory, the source and defines of each program are written there
   * (<name>-<n>.cc), to read the device code generated for the injected interactions. */
  std::unique_ptr<mardyn::compute::ComputeProgram> compile(const std::string& source,
                                                           const mardyn::compute::ComputeContext::Defines& defines,
                                                           const std::string& name, const std::string& what);
  /** Defines every program of this Context shares (precision, atom counts, periodicity). */
  mardyn::compute::ComputeContext::Defines commonDefines() const;

  // Device arrays (slots).
  mardyn::compute::ArrayInterface& posq() { return _posq.array(); }
  /** The velocities (slot order; w = 1/mass), with a due centre-of-mass correction applied first. */
  mardyn::compute::ArrayInterface& velm() {
    applyDueMomentumRemoval();
    return _velm.array();
  }
  mardyn::compute::ComputeArray<int>& atomIndex() { return _atomIndex; }
  mardyn::compute::ComputeArray<int>& slotOfAtom() { return _slotOfAtom; }
  /** Image counts per slot: the System's position is posq + cellOffset * box (periodic boxes wrap molecules). */
  mardyn::compute::ComputeArray<mardyn::compute::mm_int4>& cellOffset() { return _cellOffset; }
  /** DeterministicForces: forces and energies the same bits on every evaluation and in any atom order. */
  bool deterministic() const { return _deterministic; }
  /** Forces: 64-bit fixed point, or doubles in double precision without DeterministicForces. */
  mardyn::compute::ComputeArray<long long>& force() { return _force; }
  mardyn::compute::ComputeArray<long long>& energy() { return _energy; }
  /** Incremented by every reordering (users of slot-ordered data rebuild it). */
  unsigned long reorderVersion() const { return _reorderVersion; }

  /** Box (rectangular) as mixed4 arguments. */
  void boxArguments(mardyn::compute::KernelCall& call) const;
  /** The seed and the next draw counter (mm_ulong each): the random numbers of one step. */
  void randomDrawArguments(mardyn::compute::KernelCall& call) {
    call.arg(static_cast<unsigned long long>(randomSeed)).arg(static_cast<unsigned long long>(randomCounter++));
  }
  /** The arguments every stochastic step kernel takes in this order: seed, the next draw counter, atomIndex,
   * posq, velm. */
  void randomStepArguments(mardyn::compute::KernelCall& call) {
    randomDrawArguments(call);
    call.arg(_atomIndex).arg(_posq.array()).arg(_velm.array());
  }
  Vec3 box[3];
  double time = 0.0;
  long long stepCount = 0;
  std::vector<double> masses;
  /** Charges (scaled by sqrt(ONE_4PI_EPS0)) per System atom, kept in posq.w. */
  std::vector<double> charges;
  std::map<std::string, std::string> propertyValues;
  /** Random numbers: the seed (0 until an integrator or thermostat sets one) and the draw counter. */
  std::uint64_t randomSeed = 0;
  std::uint64_t randomCounter = 0;
  /** Seeds from `seed` (0: a seed from the clock) unless seeded already. */
  void seedRandom(int seed);

  /** Called at the start of every force evaluation: reorders the atoms every reorderInterval calls
   * (or after new positions), clears forces and energy, and runs the displacement check of one tile list in
   * the same launch. */
  void beginForces();
  /** The first tile list that offers its displacement check has it run by beginForces's clearing launch. */
  void offerDisplacementCheck(DisplacementCheck* check) {
    if (!_displacementCheck) _displacementCheck = check;
  }
  void withdrawDisplacementCheck(DisplacementCheck* check) {
    if (_displacementCheck == check) _displacementCheck = nullptr;
  }
  /** The energy accumulated on the device (one download). */
  double downloadEnergy();
  /** Positions (unwrapped), velocities and forces in the System's order; setters as Context's. */
  void getPositions(std::vector<Vec3>& positions);
  void setPositions(const std::vector<Vec3>& positions);
  void getVelocities(std::vector<Vec3>& velocities);
  void setVelocities(const std::vector<Vec3>& velocities);
  void getForces(std::vector<Vec3>& forces);
  /** Writes posq.w from `charges` (after a nonbonded force set them). */
  void uploadCharges();
  /// The System's molecules (ContextImpl::getMolecules()): a periodic box wraps each molecule as a whole,
  /// by the image of its first atom, so that bonded terms never see a molecule split across the box.
  void setMolecules(const std::vector<std::vector<int>>& molecules);
  /** Kinetic energy of the velocities shifted by `shift` F/m, without their components along constraints,
   * and the momentum (one download). */
  double kineticEnergy(double shift, Vec3* momentum = nullptr);
  /** Block sums: a kernel launched as reduceGroups() blocks of reduceBlock threads writes up to 4 sums per block
   * at partialSums()[4 g + k]; sumPartials(width) adds them up and returns the first `width` totals (one
   * download). A program of this Context does the same with REDUCE_GROUPS and REDUCE_BLOCK (blockReduceDefines). */
  static constexpr int reduceBlock = 128;
  /** The blocks of the momentum sum (MOMENTUM_GROUPS of the kernels): few, so that the removal sums their partial
   * sums itself, one launch fewer. */
  static constexpr int momentumGroups = 32;
  int reduceGroups() const { return _reduceGroups; }
  mardyn::compute::ArrayInterface& partialSums() { return _partials.array(); }
  std::vector<double> sumPartials(int width);
  /** The same for a kernel whose last argument is the partial sums: launches `call` with them, then sums. */
  std::vector<double> sumOverBlocks(mardyn::compute::KernelCall& call, int width);
  /** REDUCE_BLOCK and REDUCE_GROUPS for a program whose kernels write partialSums(). */
  void blockReduceDefines(mardyn::compute::ComputeContext::Defines& defines) const;
  /** Subtracts the centre-of-mass velocity: the momentum is summed now, every atom corrected by the next force
   * evaluation's clearing launch, or alone before anything else reads the velocities (velm()). */
  void removeCenterOfMassMotion();

private:
  void reorder();
  std::vector<int> hostAtomIndex();
  /** The value of one force or energy word (fixed point or double). */
  double word(long long w) const;
  /** The partial sums of (kinetic energy at the shifted time, momentum) of `groups` blocks, in `partials`. */
  void sumKineticBlocks(double shift, int groups, mardyn::compute::PrecisionArray& partials);
  /** The correction removeCenterOfMassMotion left to the clearing launch, launched alone (where it is due). */
  void applyDueMomentumRemoval();
  /** _sums = (kinetic energy at the shifted time, momentum), on the device. */
  void sumKineticAndMomentum(double shift);
  /** _sums = the totals of the 4 partial sums per block in _partials, on the device. */
  void addPartials();
  /** Queues the work registered by launchBesideTiles. */
  void runBesideTiles();
  /** The default queue waits for the work joined so far (joinBeforeForcesRead). */
  void awaitJoined();

  std::string _platformName;
  std::unique_ptr<mardyn::compute::ComputeContext> _context;
  int _numAtoms = 0, _paddedAtoms = 0;
  bool _periodic = false;
  double _totalMass = 0.0;
  mardyn::compute::PrecisionArray _posq, _velm, _oldPosq, _oldVelm, _partials, _sums, _savedVelm, _momentum;
  bool _momentumRemovalDue = false;  ///< _momentum holds partial sums not yet taken off the velocities
  mardyn::compute::ComputeArray<mardyn::compute::mm_int4> _cellOffset, _oldCellOffset;
  mardyn::compute::ComputeArray<int> _atomIndex, _oldAtomIndex, _slotOfAtom, _keys, _keyCounts, _keyFill, _order;
  mardyn::compute::ComputeArray<int> _moleculeAnchor, _oldSlotOfAtom;
  mardyn::compute::ComputeArray<long long> _force, _energy;
  std::unique_ptr<mardyn::compute::ComputeProgram> _program;
  std::unique_ptr<mardyn::compute::DeviceScan> _scan;
  std::unique_ptr<ComputeBondedUtilities> _bonded;
  DisplacementCheck* _displacementCheck = nullptr;  ///< declared before the lists that withdraw it
  std::vector<std::unique_ptr<ComputeNonbondedUtilities>> _nonbonded;
  std::vector<std::string> _derivativeNames;
  std::vector<double> _hostDerivatives;
  bool _posqChargesTaken = false;
  int _nextId = 0;
  std::unique_ptr<ComputeConstraints> _constraints;
  std::unique_ptr<ComputeVirtualSites> _virtualSites;
  std::unique_ptr<mardyn::compute::ComputeKernel> _clear, _reorderKeys, _scatter, _sortBuckets, _gather, _sumKinetic,
      _sumPartials, _removeMomentum, _shiftVelocities;
  int _gridBits = 1;
  int _reduceGroups = 16;
  std::vector<mardyn::compute::ComputeEvent*> _joined;
  std::vector<std::function<void()>> _besideTiles;
  mardyn::compute::ComputeArray<int> _unusedFlag;  ///< the clearing launch's flag where no list offers a check
  bool _pmeQueueDisabled = false;
  bool _deterministic = false;   ///< DeterministicForces: the same bits whatever the atoms' order
  bool _fixedPointForces = true;  ///< else doubles added atomically (double precision, not deterministic)
  unsigned long _reorderVersion = 0;
  int _forcesSinceReorder = 0;
  bool _reorderDue = true;
};

} // namespace OpenMM
