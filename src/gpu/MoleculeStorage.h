// MoleculeStorage: the molecules of all cells (halo included) flattened in cell order with
// cellStartIndices, in separate device buffers for centre, orientation, rotation matrix, force,
// torque and component; quaternions are uploaded and turned into 3x3 matrices on the device.
#pragma once

#include "gpu/GpuComponent.h"
#include "gpu/PrecisionArray.h"

#include "compute/ComputeArray.h"
#include "compute/ComputeKernel.h"

#include <array>
#include <memory>
#include <vector>

namespace mardyn::gpu {

class MoleculeStorage : public GpuComponent {
 public:
  explicit MoleculeStorage(compute::ComputeContext& context);

  void createKernels(compute::ComputeProgram& program) override;
  /// Flattens and uploads the cells, converts the quaternions, clears forces, torques and cellStats.
  void preInteraction(LinkedCells& cells) override;

  /// Downloads forces and torques (molecule order of the last upload).
  void downloadResults();
  /// Sets the molecules' forces and torques to the downloaded ones (a traversal computes them from
  /// scratch, as LinkedCells::traverseCells does).
  void applyResults(LinkedCells& cells) const;

  std::size_t numMolecules() const { return _numMolecules; }
  std::size_t numCells() const { return _numCells; }
  /// Downloaded force / torque of molecule index i (cell order).
  std::array<double, 3> force(std::size_t i) const { return {_f[4 * i], _f[4 * i + 1], _f[4 * i + 2]}; }
  std::array<double, 3> torque(std::size_t i) const { return {_t[4 * i], _t[4 * i + 1], _t[4 * i + 2]}; }
  unsigned long moleculeId(std::size_t i) const { return _ids[i]; }
  /// Row-major rotation matrices as computed on the device (TEST_QUATERNION_MATRIX_CONVERSION).
  std::vector<double> downloadRotations() const;
  /// The quaternions (w, x, y, z) of the last upload.
  const std::vector<double>& uploadedQuaternions() const { return _hostQuaternions; }

  /// The cell statistics array (mixed2 per cell) is cleared together with the forces.
  void setCellStats(PrecisionArray* cellStats) { _cellStats = cellStats; }
  /// With orientation-free components (ComponentDescriptor::orientationFree) quaternions are not
  /// uploaded (the rotation matrices are zeroed) and torques are not downloaded (they are zero).
  void setOrientationFree(bool free) { _orientationFree = free; }

  PrecisionArray& positions() { return _positions; }
  PrecisionArray& rotations() { return _rotations; }
  PrecisionArray& forces() { return _forces; }
  PrecisionArray& torques() { return _torques; }
  compute::ComputeArray<int>& componentTypes() { return _types; }
  compute::ComputeArray<int>& cellStart() { return _cellStart; }
  compute::ComputeArray<int>& cellIsHalo() { return _cellIsHalo; }

 private:
  compute::ComputeContext& _context;
  std::size_t _numMolecules = 0, _numCells = 0;
  PrecisionArray _positions, _quaternions, _rotations, _forces, _torques;
  compute::ComputeArray<int> _types, _cellStart, _cellIsHalo;
  PrecisionArray* _cellStats = nullptr;
  bool _orientationFree = false;
  std::unique_ptr<compute::ComputeKernel> _toRotations, _clear;
  std::vector<double> _hostPositions, _hostQuaternions, _f, _t;
  std::vector<int> _hostTypes, _hostCellStart, _hostHalo;
  std::vector<unsigned long> _ids;
};

}  // namespace mardyn::gpu
