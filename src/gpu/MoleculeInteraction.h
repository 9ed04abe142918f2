// MoleculeInteraction: ties the components together and computes the interactions of one step on
// the device: upload, the cell-processor launches of the DomainTraverser, per-cell statistics,
// download, conditions check.
#pragma once

#include "gpu/CellProcessorRegistry.h"
#include "gpu/ComponentDescriptor.h"
#include "gpu/DeviceConditions.h"
#include "gpu/DomainTraverser.h"
#include "gpu/GlobalStats.h"
#include "gpu/MoleculeStorage.h"
#include "gpu/WarpBlockScheduler.h"

#include "compute/ComputeArray.h"
#include "compute/ComputeContext.h"
#include "compute/ComputeKernel.h"
#include "compute/ComputeProgram.h"

#include <iosfwd>
#include <memory>
#include <vector>

namespace mardyn::gpu {

class MoleculeInteraction {
 public:
  /// Wall-clock seconds of the parts of the last compute().
  struct Timings {
    double upload = 0.0;    ///< flattening, upload, quaternion conversion, clearing
    double kernels = 0.0;   ///< the cell-processor launches
    double download = 0.0;  ///< forces, torques, cell statistics, conditions check
  };

  /// Compiles the program of `variant` for these components. blockSize 0: the variant's default.
  /// debugLog: where DEBUG_COMPONENT_DESCRIPTORS prints (nullptr: nowhere). deterministic: repeated
  /// computes of the same input give bitwise identical results (processors whose write-back order
  /// depends on scheduling then commit in a fixed order). Throws MardynException when the device
  /// cannot run the processor with this block size.
  MoleculeInteraction(compute::ComputeContext& context, const std::vector<Component>& components,
                      const InteractionParameters& params, const CellProcessorVariant& variant,
                      int blockSize = 0, std::ostream* debugLog = nullptr, bool deterministic = false);

  /// Computes forces, torques, U_pot and virial of all cell pairs of `cells` on the device; the
  /// results stay in storage() until applied.
  void compute(LinkedCells& cells);

  MoleculeStorage& storage() { return *_storage; }
  double upot() const { return _stats->upot(); }
  double virial() const { return _stats->virial(); }
  const Timings& timings() const { return _timings; }
  const CellProcessorVariant& variant() const { return _variant; }
  int blockSize() const { return _blockSize; }
  bool deterministic() const { return _deterministic; }
  bool orientationFree() const { return _descriptor->orientationFree(); }

 private:
  void launchProcessor();
  void launchPersistent();
  /// The arguments every processor kernel takes in this order: cell starts and halo flags, the
  /// molecules (positions, rotations, components), the component tables, forces and torques.
  void addMoleculeArguments(compute::KernelCall& call);
  /// The block size to use (given or default, adapted to backend and shared memory); throws when the
  /// device cannot run the processor with it.
  int chooseBlockSize(int requested) const;

  compute::ComputeContext& _context;
  const CellProcessorVariant& _variant;
  int _blockSize;
  bool _deterministic;
  std::unique_ptr<ComponentDescriptor> _descriptor;
  std::unique_ptr<MoleculeStorage> _storage;
  std::unique_ptr<DomainTraverser> _traverser;
  std::unique_ptr<GlobalStats> _stats;
  std::unique_ptr<DeviceConditions> _conditions;
  std::unique_ptr<WarpBlockScheduler> _scheduler;  ///< PersistentBlocks only
  std::size_t _residentBlocks = 0;                 ///< PersistentBlocks: blocks that run at once
  std::vector<GpuComponent*> _components;
  std::unique_ptr<compute::ComputeProgram> _program;
  std::unique_ptr<compute::ComputeKernel> _processor;
  Timings _timings;
};

}  // namespace mardyn::gpu
