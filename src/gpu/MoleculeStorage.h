// MoleculeStorage: the molecules on the device, their home for the whole run. Slots in cell order
// (cellStart per cell, owned and halo cells alike): centre (mixed4, w = the slot's cell), velocity,
// orientation quaternion (w, x, y, z), angular momentum, force, torque (mixed4), rotation matrix (real,
// 9 per slot), component, id, and for halo slots where their data come from (haloSource: -1 owned, >= 0
// the slot it is a periodic image of, <= -2 received from a neighbour process) with the periodic shift
// (haloCode). CellBuilder fills the slots from unsorted "entries" (the second set of arrays here).
// The host writes and reads molecules only when it needs them (set-up, checkpoints, COMPARE_TO_CPU).
#pragma once

#include "compute/PrecisionArray.h"

#include "compute/ComputeArray.h"
#include "compute/VectorTypes.h"
#include "molecules/Component.h"
#include "molecules/Molecule.h"

#include <array>
#include <cstdint>
#include <vector>

namespace mardyn::gpu {

class MoleculeStorage {
 public:
  explicit MoleculeStorage(compute::ComputeContext& context);

  /// Makes `owned` the molecules of the device (forces and torques included), in unsorted slots
  /// without cells: CellBuilder::rebuild must follow before any traversal.
  void setOwned(const std::vector<Molecule>& owned);
  /// Adds owned molecules in slots after the current ones (unsorted: CellBuilder::rebuild must follow).
  void appendOwned(const std::vector<Molecule>& molecules);
  /// The owned molecules as they are now on the device (forces and torques included), in slot order.
  /// components: what the molecules refer to (must outlive them).
  std::vector<Molecule> ownedMolecules(const std::vector<Component>& components) const;

  /// Row-major rotation matrices as computed on the device (TEST_QUATERNION_MATRIX_CONVERSION).
  std::vector<double> downloadRotations() const;
  /// Quaternions (w, x, y, z) and ids of all slots as on the device.
  std::vector<double> downloadQuaternions() const;
  std::vector<std::uint64_t> downloadIds() const;

  /// Makes room for `slots` slots (and as many entries), keeping the first numSlots().
  void reserveSlots(std::size_t slots);
  void reserveEntries(std::size_t entries);
  void setCounts(std::size_t slots, std::size_t owned) { _numSlots = slots; _numOwned = owned; }
  void setNumCells(std::size_t cells) { _numCells = cells; }
  /// Counts the changes of the slot order (set-up, rebuilds): structures built on it (job lists,
  /// Verlet lists) are rebuilt when it changed.
  unsigned long structureVersion() const { return _structureVersion; }
  void structureChanged() { ++_structureVersion; }

  std::size_t numSlots() const { return _numSlots; }
  std::size_t numOwned() const { return _numOwned; }
  std::size_t numCells() const { return _numCells; }
  std::size_t slotCapacity() const { return _capacity; }
  std::size_t entryCapacity() const { return _entryCapacity; }
  /// Device bytes of all per-slot and per-entry arrays.
  std::size_t deviceBytes() const;

  // Slots.
  compute::PrecisionArray& positions() { return _positions; }
  compute::PrecisionArray& velocities() { return _velocities; }
  compute::PrecisionArray& quaternions() { return _quaternions; }
  compute::PrecisionArray& angularMomenta() { return _angularMomenta; }
  compute::PrecisionArray& forces() { return _forces; }
  compute::PrecisionArray& torques() { return _torques; }
  compute::PrecisionArray& referencePositions() { return _referencePositions; }
  compute::PrecisionArray& rotations() { return _rotations; }
  compute::ComputeArray<int>& componentTypes() { return _types; }
  compute::ComputeArray<std::uint64_t>& ids() { return _ids; }
  compute::ComputeArray<int>& haloSource() { return _haloSource; }
  compute::ComputeArray<int>& haloCode() { return _haloCode; }
  /// The owned slots in slot order, and the inverse: a slot's index among them (-1 for halo slots).
  compute::ComputeArray<int>& ownedSlots() { return _ownedSlots; }
  compute::ComputeArray<int>& ownedIndex() { return _ownedIndex; }
  compute::ComputeArray<int>& cellStart() { return _cellStart; }
  compute::ComputeArray<int>& cellIsHalo() { return _cellIsHalo; }
  // Entries (CellBuilder's unsorted input).
  compute::PrecisionArray& entryPositions() { return _ePositions; }
  compute::PrecisionArray& entryVelocities() { return _eVelocities; }
  compute::PrecisionArray& entryQuaternions() { return _eQuaternions; }
  compute::PrecisionArray& entryAngularMomenta() { return _eAngularMomenta; }
  compute::ComputeArray<int>& entryTypes() { return _eTypes; }
  compute::ComputeArray<std::uint64_t>& entryIds() { return _eIds; }
  compute::ComputeArray<int>& entrySource() { return _eSource; }
  compute::ComputeArray<int>& entryCode() { return _eCode; }
  compute::ComputeArray<compute::mm_int4>& entryCoords() { return _eCoords; }

 private:
  struct HostSlots;
  HostSlots download(bool all) const;

  compute::ComputeContext& _context;
  std::size_t _numSlots = 0, _numOwned = 0, _numCells = 0, _capacity = 0, _entryCapacity = 0;
  unsigned long _structureVersion = 0;
  compute::PrecisionArray _positions, _velocities, _quaternions, _angularMomenta, _forces, _torques, _referencePositions,
      _rotations;
  compute::ComputeArray<int> _types, _haloSource, _haloCode, _ownedSlots, _ownedIndex, _cellStart, _cellIsHalo;
  compute::ComputeArray<std::uint64_t> _ids;
  compute::PrecisionArray _ePositions, _eVelocities, _eQuaternions, _eAngularMomenta;
  compute::ComputeArray<int> _eTypes, _eSource, _eCode;
  compute::ComputeArray<std::uint64_t> _eIds;
  compute::ComputeArray<compute::mm_int4> _eCoords;
};

}  // namespace mardyn::gpu
