// VerletLists: the lists of the verletList processor (kernels/VerletListCellProcessor.cc): for every
// owned molecule the slots within cutoff + skin, built after each rebuild of the device's cells and
// grown from the device's own overflow count; the split of the owned molecules into interior (every partner
// owned) and boundary ones; and the per-molecule (U_pot, virial) of a traversal.
#pragma once

#include "gpu/ComponentDescriptor.h"
#include "gpu/DeviceGrid.h"
#include "gpu/GpuComponent.h"
#include "gpu/MoleculeStorage.h"
#include "compute/PrecisionArray.h"

#include "compute/ComputeArray.h"
#include "compute/DeviceScan.h"
#include "compute/ComputeKernel.h"

#include <memory>

namespace mardyn::gpu {

class VerletLists : public GpuComponent {
 public:
  /// Which owned molecules a traversal computes.
  enum class Part { All, Interior, Boundary };

  VerletLists(compute::ComputeContext& context, ComponentDescriptor& descriptor, const DeviceGrid& grid);
  void createKernels(compute::ComputeProgram& program) override;

  /// Builds the lists of the storage's owned molecules (again with longer lists if one was cut).
  void build(MoleculeStorage& storage);
  /// After a rebuild of the cells: the owned molecules in the outermost layers of owned cells, which may have
  /// partners in halo slots (boundary), and the others (interior).
  void partition(MoleculeStorage& storage, compute::DeviceScan& scan);
  /// One traversal of `part`: forces and torques of those owned molecules, their (U_pot, virial) in stats().
  void process(MoleculeStorage& storage, std::size_t blockSize, Part part = Part::All);
  int boundaryCount() const { return _boundaryCount; }

  compute::PrecisionArray& stats() { return _stats; }
  int capacity() const { return _capacity; }
  /// Device bytes of the lists.
  std::size_t deviceBytes() const { return _neighbours.byteSize() + _counts.byteSize(); }

 private:
  void runBuild(MoleculeStorage& storage);

  compute::ComputeContext& _context;
  ComponentDescriptor& _descriptor;
  const DeviceGrid& _grid;
  int _capacity = 0, _stride = 0;
  int _boundaryCount = -1;  ///< -1: not partitioned since the last build
  compute::ComputeArray<int> _neighbours, _counts, _overflow, _flags, _interior, _boundary;
  compute::PrecisionArray _stats;
  std::unique_ptr<compute::ComputeKernel> _build, _process, _flagBoundary, _split;
};

}  // namespace mardyn::gpu
