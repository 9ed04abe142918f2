// MoleculeInteraction: one cell processor compiled for the components at hand, computing forces,
// torques, U_pot and virial of the molecules in a MoleculeStorage (the device's own cells) on the
// device: the processor's launches over the DomainTraverser's pairs (or its Verlet lists), the
// structures it rebuilds when the cells were rebuilt (warp-block job lists, Verlet lists), and the
// device sum of U_pot and virial.
#pragma once

#include "gpu/CellProcessorRegistry.h"
#include "gpu/ComponentDescriptor.h"
#include "gpu/DeviceGrid.h"
#include "gpu/DomainTraverser.h"
#include "gpu/GlobalStats.h"
#include "gpu/MoleculeStorage.h"
#include "gpu/VerletLists.h"
#include "gpu/WarpBlockScheduler.h"

#include "compute/ComputeArray.h"
#include "compute/ComputeContext.h"
#include "compute/ComputeKernel.h"
#include "compute/ComputeProgram.h"
#include "compute/DeviceScan.h"

#include <iosfwd>
#include <memory>
#include <vector>

namespace mardyn::gpu {

/// What a traversal works on: the molecules, the cell pairs, the statistics and where the sums go.
struct TraversalTarget {
  MoleculeStorage& storage;
  DomainTraverser& traverser;
  GlobalStats& stats;
  compute::ArrayInterface& results;  ///< results[0], results[1] = U_pot, virial
  compute::DeviceScan& scan;         ///< the step program's prefix sums
};

class MoleculeInteraction {
 public:
  /// Seconds of the kernels of the last compute() (measured only with setTimed(true)).
  struct Timings {
    double kernels = 0.0;
  };

  /// Compiles the program of `variant` for the components of `descriptor` on the cells of `grid`
  /// (its skin sets the Verlet lists' reach). blockSize 0: the variant's default. deterministic:
  /// repeated computes of the same input give bitwise identical results (processors whose write-back
  /// order depends on scheduling then commit in a fixed order). Throws MardynException when the device
  /// cannot run the processor with this block size.
  MoleculeInteraction(compute::ComputeContext& context, ComponentDescriptor& descriptor, const DeviceGrid& grid,
                      const CellProcessorVariant& variant, int blockSize = 0, bool deterministic = false);

  /// Computes forces, torques, U_pot and virial of every owned molecule of target.storage (results
  /// stay on the device: forces and torques in the storage, U_pot and virial in target.results).
  void compute(TraversalTarget& target);
  /// Builds what the processor keeps while the cells stay (job or Verlet lists; with split, the interior and
  /// boundary molecules) if the cells changed since; compute() and computeInterior() call it too.
  void prepare(TraversalTarget& target);
  /// With split (Verlet lists only), compute() in three parts: computeInterior() the owned molecules whose
  /// partners are all owned, which may run before the halo positions are current, computeBoundary() the
  /// others (on any queue, once the halo is in place), sumParts() U_pot and virial of both, after both.
  void setSplit(bool split) { _split = split && _lists; }
  bool split() const { return _split; }
  void computeInterior(TraversalTarget& target);
  void computeBoundary(TraversalTarget& target);
  void sumParts(TraversalTarget& target);

  /// Synchronise around the kernels and time them (the auto-tuner's measurement).
  void setTimed(bool timed) { _timed = timed; }
  const Timings& timings() const { return _timings; }
  const CellProcessorVariant& variant() const { return _variant; }
  int blockSize() const { return _blockSize; }
  bool deterministic() const { return _deterministic; }
  bool orientationFree() const { return _descriptor.orientationFree(); }

 private:
  void launchPerPair(TraversalTarget& target);
  void launchPersistent(TraversalTarget& target);
  void launchVerlet(TraversalTarget& target);
  /// The arguments every processor kernel takes in this order: cell starts and halo flags, the
  /// molecules (positions, rotations, components), the component tables, forces and torques.
  void addMoleculeArguments(compute::KernelCall& call, MoleculeStorage& storage);
  /// The block size to use (given or default, adapted to backend and shared memory); throws when the
  /// device cannot run the processor with it.
  int chooseBlockSize(int requested) const;

  compute::ComputeContext& _context;
  ComponentDescriptor& _descriptor;
  const DeviceGrid& _grid;
  const CellProcessorVariant& _variant;
  int _blockSize;
  bool _deterministic;
  bool _timed = false;
  bool _split = false;
  unsigned long _builtFor = ~0ul;  ///< the storage's structure version the job or Verlet lists are for
  std::unique_ptr<WarpBlockScheduler> _scheduler;  ///< PersistentBlocks only
  std::unique_ptr<VerletLists> _lists;            ///< VerletList only
  std::size_t _residentBlocks = 0;                 ///< PersistentBlocks: blocks that run at once
  std::unique_ptr<compute::ComputeProgram> _program;
  std::unique_ptr<compute::ComputeKernel> _processor, _clear;
  Timings _timings;
};

}  // namespace mardyn::gpu
