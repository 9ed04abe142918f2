// MoleculeStorage: device arrays of the slots and entries, and the few host transfers (set-up,
// snapshots of the owned molecules).
#include "gpu/MoleculeStorage.h"

#include "utils/MardynException.h"

#include <algorithm>

namespace mardyn::gpu {

using compute::ComputeContext;
using Kind = compute::PrecisionArray::Kind;

MoleculeStorage::MoleculeStorage(ComputeContext& context)
    : _context(context),
      _positions(context, Kind::Mixed, 4, 0, "moleculePositions"),
      _velocities(context, Kind::Mixed, 4, 0, "moleculeVelocities"),
      _quaternions(context, Kind::Mixed, 4, 0, "moleculeQuaternions"),
      _angularMomenta(context, Kind::Mixed, 4, 0, "moleculeAngularMomenta"),
      _forces(context, Kind::Mixed, 4, 0, "moleculeForces"),
      _torques(context, Kind::Mixed, 4, 0, "moleculeTorques"),
      _referencePositions(context, Kind::Mixed, 4, 0, "moleculeReferencePositions"),
      _rotations(context, Kind::Real, 1, 0, "moleculeRotations"),
      _types(context, 1, "moleculeComponentTypes"),
      _haloSource(context, 1, "moleculeHaloSource"),
      _haloCode(context, 1, "moleculeHaloCode"),
      _ownedSlots(context, 1, "ownedSlots"),
      _ownedIndex(context, 1, "ownedIndex"),
      _cellStart(context, 1, "cellStartIndices"),
      _cellIsHalo(context, 1, "cellIsHalo"),
      _ids(context, 1, "moleculeIds"),
      _ePositions(context, Kind::Mixed, 4, 0, "entryPositions"),
      _eVelocities(context, Kind::Mixed, 4, 0, "entryVelocities"),
      _eQuaternions(context, Kind::Mixed, 4, 0, "entryQuaternions"),
      _eAngularMomenta(context, Kind::Mixed, 4, 0, "entryAngularMomenta"),
      _eTypes(context, 1, "entryComponentTypes"),
      _eSource(context, 1, "entryHaloSource"),
      _eCode(context, 1, "entryHaloCode"),
      _eIds(context, 1, "entryIds"),
      _eCoords(context, 1, "entryCoordinates") {}

namespace {
template <class T>
void growArray(compute::ComputeArray<T>& a, std::size_t n) {
  if (a.size() < n) a.resize(n + n / 8 + 16);
}
}  // namespace

void MoleculeStorage::reserveSlots(std::size_t slots) {
  if (slots <= _capacity && _capacity > 0) return;
  for (compute::PrecisionArray* a : {&_positions, &_velocities, &_quaternions, &_angularMomenta, &_forces, &_torques,
                            &_referencePositions})
    a->grow(slots);
  _rotations.grow(9 * slots);
  for (auto* a : {&_types, &_haloSource, &_haloCode, &_ownedSlots, &_ownedIndex}) growArray(*a, slots);
  growArray(_ids, slots);
  _capacity = std::max<std::size_t>(slots, 1);
}

void MoleculeStorage::reserveEntries(std::size_t entries) {
  if (entries <= _entryCapacity && _entryCapacity > 0) return;
  for (compute::PrecisionArray* a : {&_ePositions, &_eVelocities, &_eQuaternions, &_eAngularMomenta}) a->grow(entries);
  for (auto* a : {&_eTypes, &_eSource, &_eCode}) growArray(*a, entries);
  growArray(_eIds, entries);
  growArray(_eCoords, entries);
  _entryCapacity = std::max<std::size_t>(entries, 1);
}

std::size_t MoleculeStorage::deviceBytes() const {
  std::size_t bytes = 0;
  for (const compute::PrecisionArray* a : {&_positions, &_velocities, &_quaternions, &_angularMomenta, &_forces, &_torques,
                                  &_referencePositions, &_rotations, &_ePositions, &_eVelocities, &_eQuaternions,
                                  &_eAngularMomenta})
    bytes += a->array().byteSize();
  const std::vector<const compute::ArrayInterface*> arrays{&_types, &_haloSource, &_haloCode, &_ownedSlots, &_ownedIndex, &_cellStart,
                                                          &_cellIsHalo, &_ids,   &_eTypes,    &_eSource,   &_eCode,
                                                          &_eIds,  &_eCoords};
  for (const compute::ArrayInterface* a : arrays)
    bytes += a->byteSize();
  return bytes;
}

void MoleculeStorage::setOwned(const std::vector<Molecule>& owned) {
  _numSlots = 0;
  _numOwned = 0;
  appendOwned(owned);
  // Slot i holds owned molecule i until the cells are rebuilt.
  std::vector<int> slots(owned.size());
  for (std::size_t i = 0; i < slots.size(); ++i) slots[i] = static_cast<int>(i);
  if (!slots.empty()) {
    _ownedSlots.uploadBytes(slots.data(), 0, slots.size() * sizeof(int));
    _ownedIndex.uploadBytes(slots.data(), 0, slots.size() * sizeof(int));
  }
}

void MoleculeStorage::appendOwned(const std::vector<Molecule>& molecules) {
  const std::size_t n = molecules.size(), first = _numSlots;
  reserveSlots(std::max<std::size_t>(first + n, 1));
  std::vector<double> r(4 * n), v(4 * n), q(4 * n), L(4 * n), F(4 * n), M(4 * n);
  std::vector<int> types(n), source(n, -1), code(n, 13);
  std::vector<std::uint64_t> ids(n);
  auto put = [](std::vector<double>& a, std::size_t i, double x, double y, double z, double w) {
    a[4 * i] = x; a[4 * i + 1] = y; a[4 * i + 2] = z; a[4 * i + 3] = w;
  };
  for (std::size_t i = 0; i < n; ++i) {
    const Molecule& m = molecules[i];
    put(r, i, m.r().x, m.r().y, m.r().z, 0.0);
    put(v, i, m.v().x, m.v().y, m.v().z, 0.0);
    put(q, i, m.q().w(), m.q().x(), m.q().y(), m.q().z());
    put(L, i, m.L().x, m.L().y, m.L().z, 0.0);
    put(F, i, m.F().x, m.F().y, m.F().z, 0.0);
    put(M, i, m.M().x, m.M().y, m.M().z, 0.0);
    types[i] = static_cast<int>(m.componentId());
    ids[i] = m.id();
  }
  _positions.uploadAt(r, first);
  _referencePositions.uploadAt(r, first);
  _velocities.uploadAt(v, first);
  _quaternions.uploadAt(q, first);
  _angularMomenta.uploadAt(L, first);
  _forces.uploadAt(F, first);
  _torques.uploadAt(M, first);
  if (n > 0) {
    _types.uploadBytes(types.data(), first * sizeof(int), n * sizeof(int));
    _haloSource.uploadBytes(source.data(), first * sizeof(int), n * sizeof(int));
    _haloCode.uploadBytes(code.data(), first * sizeof(int), n * sizeof(int));
    _ids.uploadBytes(ids.data(), first * sizeof(std::uint64_t), n * sizeof(std::uint64_t));
  }
  _numSlots = first + n;
  _numOwned += n;
  _numCells = 0;
  structureChanged();
}

struct MoleculeStorage::HostSlots {
  std::vector<double> r, v, q, L, F, M;
  std::vector<int> types, source;
  std::vector<std::uint64_t> ids;
};

MoleculeStorage::HostSlots MoleculeStorage::download(bool all) const {
  const std::size_t n = _numSlots;
  HostSlots h;
  _positions.downloadPrefix(h.r, n);
  _forces.downloadPrefix(h.F, n);
  _torques.downloadPrefix(h.M, n);
  h.types.resize(n);
  h.source.resize(n);
  h.ids.resize(n);
  if (n > 0) {
    _types.downloadBytes(h.types.data(), 0, n * sizeof(int));
    _haloSource.downloadBytes(h.source.data(), 0, n * sizeof(int));
    _ids.downloadBytes(h.ids.data(), 0, n * sizeof(std::uint64_t));
  }
  if (all) {
    _velocities.downloadPrefix(h.v, n);
    _quaternions.downloadPrefix(h.q, n);
    _angularMomenta.downloadPrefix(h.L, n);
  }
  return h;
}

std::vector<Molecule> MoleculeStorage::ownedMolecules(const std::vector<Component>& components) const {
  const HostSlots h = download(true);
  std::vector<Molecule> out;
  out.reserve(_numOwned);
  for (std::size_t i = 0; i < _numSlots; ++i) {
    if (h.source[i] != -1) continue;
    const std::size_t c = static_cast<std::size_t>(h.types[i]);
    if (c >= components.size())
      throw MardynException("GPU molecule storage: slot " + std::to_string(i) + " has unknown component " +
                            std::to_string(c));
    const double* r = &h.r[4 * i];
    const double* v = &h.v[4 * i];
    const double* q = &h.q[4 * i];
    const double* L = &h.L[4 * i];
    Molecule m(h.ids[i], &components[c], {r[0], r[1], r[2]}, {v[0], v[1], v[2]}, Quaternion(q[0], q[1], q[2], q[3]),
               {L[0], L[1], L[2]});
    m.setF({h.F[4 * i], h.F[4 * i + 1], h.F[4 * i + 2]});
    m.setM({h.M[4 * i], h.M[4 * i + 1], h.M[4 * i + 2]});
    out.push_back(m);
  }
  return out;
}

std::vector<double> MoleculeStorage::downloadRotations() const {
  std::vector<double> r;
  _rotations.downloadPrefix(r, 9 * _numSlots);
  return r;
}

std::vector<double> MoleculeStorage::downloadQuaternions() const {
  std::vector<double> q;
  _quaternions.downloadPrefix(q, _numSlots);
  return q;
}

std::vector<std::uint64_t> MoleculeStorage::downloadIds() const {
  std::vector<std::uint64_t> ids(_numSlots);
  if (_numSlots > 0) _ids.downloadBytes(ids.data(), 0, _numSlots * sizeof(std::uint64_t));
  return ids;
}

}  // namespace mardyn::gpu
