// CellBuilder: the device's linked cells (kernels/CellBuilder.cc). A rebuild turns the owned slots into
// entries (wrapped periodically where the process is its own neighbour), adds the halo entries (periodic
// images along those axes; entries from neighbour processes are added by the caller between
// beginRebuild() and finishRebuild()), bins all entries into cells and orders each cell by (id, periodic
// shift), so that the slots come out the same on every run. Between rebuilds refreshImages() moves the
// images with their sources.
#pragma once

#include "gpu/DeviceGrid.h"
#include "compute/DeviceScan.h"
#include "gpu/GpuComponent.h"
#include "gpu/MoleculeStorage.h"

#include "compute/ComputeArray.h"
#include "compute/ComputeKernel.h"

#include <memory>

namespace mardyn::gpu {

class CellBuilder : public GpuComponent {
 public:
  CellBuilder(compute::ComputeContext& context, MoleculeStorage& storage, compute::DeviceScan& scan, const DeviceGrid& grid);

  void createKernels(compute::ComputeProgram& program) override;
  void uploadStaticData() override;

  /// The whole rebuild on one process: beginRebuild(), images along every self-periodic axis,
  /// finishRebuild().
  void rebuild();
  /// The owned slots become entries 0 .. numOwned-1 (the storage's count of them must be right: no wait
  /// for the device); returns the number of entries.
  int beginRebuild();
  /// Periodic images along `axis` of the entries so far (owned, images of earlier axes, received
  /// ones) that lie in the owned layers next to a face; returns the new number of entries.
  int addImages(int axis);
  /// Bins the entries, orders them and gathers them into slots (rotation matrices included).
  void finishRebuild();
  int numEntries() const { return _numEntries; }
  /// Counts `count` entries written after the current ones by others (received from neighbours).
  void addEntries(int count) { _numEntries += count; }
  /// After a rebuild: slot of entry e (entries numbered as before the sort).
  compute::ComputeArray<int>& slotOfEntry() { return _slotOf; }

  /// Images take their sources' positions and rotations (after the sources moved).
  void refreshImages();

 private:
  compute::ComputeContext& _context;
  MoleculeStorage& _storage;
  compute::DeviceScan& _scan;
  const DeviceGrid& _grid;
  int _numEntries = 0, _ownedEntries = 0;
  compute::ComputeArray<int> _counts, _cellCount, _cellFill, _order, _slotOf;
  std::unique_ptr<compute::ComputeKernel> _flagOwned, _compactOwned, _collect, _countImages, _writeImages,
      _countPerCell, _scatter, _sort, _invert, _gather, _refresh, _rotations;
};

}  // namespace mardyn::gpu
