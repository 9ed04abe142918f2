// CellBuilder: the launches of a cell rebuild and of the image refresh.
#include "gpu/CellBuilder.h"

#include "utils/MardynException.h"

#include <algorithm>

namespace mardyn::gpu {

namespace {
void growInts(compute::ComputeArray<int>& a, std::size_t n) {
  if (a.size() < n) a.resize(n + n / 8 + 16);
}
}  // namespace

CellBuilder::CellBuilder(compute::ComputeContext& context, MoleculeStorage& storage, compute::DeviceScan& scan,
                         const DeviceGrid& grid)
    : _context(context),
      _storage(storage),
      _scan(scan),
      _grid(grid),
      _counts(context, 1, "cellBuilderCounts"),
      _cellCount(context, grid.numCells() + 1, "cellCount"),
      _cellFill(context, grid.numCells() + 1, "cellFill"),
      _order(context, 1, "cellOrder"),
      _slotOf(context, 1, "slotOfEntry") {}

void CellBuilder::createKernels(compute::ComputeProgram& program) {
  _flagOwned = program.createKernel("flagOwnedSlots");
  _compactOwned = program.createKernel("compactOwnedSlots");
  _collect = program.createKernel("collectOwnedEntries");
  _countImages = program.createKernel("countFaceImages");
  _writeImages = program.createKernel("writeFaceImages");
  _countPerCell = program.createKernel("countEntriesPerCell");
  _scatter = program.createKernel("scatterEntries");
  _sort = program.createKernel("sortEntriesInCells");
  _invert = program.createKernel("invertOrder");
  _gather = program.createKernel("gatherEntries");
  _refresh = program.createKernel("refreshImages");
  _rotations = program.createKernel("quaternionsToRotations");
}

void CellBuilder::uploadStaticData() {
  auto& halo = _storage.cellIsHalo();
  if (halo.size() < _grid.numCells()) halo.resize(_grid.numCells());
  std::vector<int> flags(_grid.isHalo.begin(), _grid.isHalo.end());
  if (!flags.empty()) halo.uploadBytes(flags.data(), 0, flags.size() * sizeof(int));
  auto& start = _storage.cellStart();
  if (start.size() < _grid.numCells() + 1) start.resize(_grid.numCells() + 1);
}

void CellBuilder::rebuild() {
  beginRebuild();
  for (int axis = 0; axis < 3; ++axis)
    if (_grid.selfPeriodic[axis]) addImages(axis);
  finishRebuild();
}

int CellBuilder::beginRebuild() {
  const int slots = static_cast<int>(_storage.numSlots());
  growInts(_counts, static_cast<std::size_t>(slots) + 1);
  _flagOwned->call().arg(slots).arg(_storage.haloSource()).arg(_counts).execute(std::max(slots, 1));
  // The storage counts its owned slots (set-up, migration): no wait for the scan's total.
  const int owned = static_cast<int>(_storage.numOwned());
  _scan.exclusive(_counts, slots, _counts);
  _storage.reserveEntries(static_cast<std::size_t>(std::max(owned, 1)));
  const Vec3& o = _grid.origin;
  const Vec3& len = _grid.cellLength;
  const Vec3& box = _grid.box;
  auto& s = _storage;
  _collect->call()
      .arg(slots)
      .arg(s.haloSource())
      .arg(_counts)
      .arg(s.positions().array())
      .arg(s.velocities().array())
      .arg(s.quaternions().array())
      .arg(s.angularMomenta().array())
      .arg(s.componentTypes())
      .arg(s.ids())
      .arg(s.entryPositions().array())
      .arg(s.entryVelocities().array())
      .arg(s.entryQuaternions().array())
      .arg(s.entryAngularMomenta().array())
      .arg(s.entryTypes())
      .arg(s.entryIds())
      .arg(s.entrySource())
      .arg(s.entryCode())
      .arg(s.entryCoords())
      .arg(_grid.dimsAndHalo())
      .mixed4Arg(o.x, o.y, o.z)
      .mixed4Arg(len.x, len.y, len.z)
      .mixed4Arg(_grid.boxMin.x, _grid.boxMin.y, _grid.boxMin.z)
      .mixed4Arg(box.x, box.y, box.z)
      .arg(_grid.selfPeriodicFlags())
      .execute(std::max(slots, 1));
  _numEntries = owned;
  _ownedEntries = owned;
  return _numEntries;
}

int CellBuilder::addImages(int axis) {
  const int n = _numEntries;
  growInts(_counts, static_cast<std::size_t>(n) + 1);
  _countImages->call().arg(n).arg(_storage.entryCoords()).arg(axis).arg(_grid.dimsAndHalo()).arg(_counts).execute(
      std::max(n, 1));
  const int added = _scan.exclusiveTotal(_counts, n, _counts);
  if (added == 0) return n;
  _storage.reserveEntries(static_cast<std::size_t>(n + added));
  const Vec3& box = _grid.box;
  auto& s = _storage;
  _writeImages->call()
      .arg(n)
      .arg(_counts)
      .arg(axis)
      .arg(_grid.dimsAndHalo())
      .mixed4Arg(box.x, box.y, box.z)
      .arg(s.entryPositions().array())
      .arg(s.entryVelocities().array())
      .arg(s.entryQuaternions().array())
      .arg(s.entryAngularMomenta().array())
      .arg(s.entryTypes())
      .arg(s.entryIds())
      .arg(s.entrySource())
      .arg(s.entryCode())
      .arg(s.entryCoords())
      .execute(static_cast<std::size_t>(n));
  _numEntries = n + added;
  return _numEntries;
}

void CellBuilder::finishRebuild() {
  const int n = _numEntries;
  const int cells = static_cast<int>(_grid.numCells());
  auto& s = _storage;
  const auto dims = _grid.dimsAndHalo();
  _cellCount.zero();
  _cellFill.zero();
  _countPerCell->call().arg(n).arg(s.entryCoords()).arg(dims).arg(_cellCount).execute(std::max(n, 1));
  _scan.exclusive(_cellCount, cells, s.cellStart());
  growInts(_order, static_cast<std::size_t>(std::max(n, 1)));
  growInts(_slotOf, static_cast<std::size_t>(std::max(n, 1)));
  _scatter->call().arg(n).arg(s.entryCoords()).arg(dims).arg(s.cellStart()).arg(_cellFill).arg(_order).execute(
      std::max(n, 1));
  _sort->call().arg(cells).arg(s.cellStart()).arg(_order).arg(s.entryIds()).arg(s.entryCode()).execute(
      std::max(cells, 1));
  _invert->call().arg(n).arg(_order).arg(_slotOf).execute(std::max(n, 1));
  s.reserveSlots(static_cast<std::size_t>(std::max(n, 1)));
  _gather->call()
      .arg(n)
      .arg(_order)
      .arg(_slotOf)
      .arg(dims)
      .arg(s.entryPositions().array())
      .arg(s.entryVelocities().array())
      .arg(s.entryQuaternions().array())
      .arg(s.entryAngularMomenta().array())
      .arg(s.entryTypes())
      .arg(s.entryIds())
      .arg(s.entrySource())
      .arg(s.entryCode())
      .arg(s.entryCoords())
      .arg(s.positions().array())
      .arg(s.velocities().array())
      .arg(s.quaternions().array())
      .arg(s.angularMomenta().array())
      .arg(s.componentTypes())
      .arg(s.ids())
      .arg(s.haloSource())
      .arg(s.haloCode())
      .arg(s.referencePositions().array())
      .execute(std::max(n, 1));
  // Owned slots listed in slot order, for the kernels that walk the owned molecules.
  growInts(_counts, static_cast<std::size_t>(n) + 1);
  _flagOwned->call().arg(n).arg(s.haloSource()).arg(_counts).execute(std::max(n, 1));
  const int owned = _ownedEntries;  // the owned entries became owned slots
  _scan.exclusive(_counts, n, _counts);
  _compactOwned->call()
      .arg(n)
      .arg(s.haloSource())
      .arg(_counts)
      .arg(s.ownedSlots())
      .arg(s.ownedIndex())
      .execute(std::max(n, 1));
  s.setCounts(static_cast<std::size_t>(n), static_cast<std::size_t>(owned));
  s.setNumCells(static_cast<std::size_t>(cells));
  s.structureChanged();
  _rotations->call().arg(n).arg(s.quaternions().array()).arg(s.rotations().array()).execute(std::max(n, 1));
}

void CellBuilder::refreshImages() {
  const int n = static_cast<int>(_storage.numSlots());
  if (n == 0) return;
  const Vec3& box = _grid.box;
  _refresh->call()
      .arg(n)
      .arg(_storage.haloSource())
      .arg(_storage.haloCode())
      .mixed4Arg(box.x, box.y, box.z)
      .arg(_storage.positions().array())
      .arg(_storage.rotations().array())
      .execute(static_cast<std::size_t>(n));
}

}  // namespace mardyn::gpu
