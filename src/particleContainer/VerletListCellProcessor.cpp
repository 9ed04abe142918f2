// VerletListCellProcessor: matching of the traversal's molecules to list slots, the rebuild decision,
// the list build and the LJ loop over the list, four partners at a time; forces returned per cell.

#include "particleContainer/VerletListCellProcessor.h"

// The vector helpers below are inlined into one translation unit: their ABI does not matter.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

#include "particleContainer/SingleCentreCellProcessor.h"
#include "utils/MardynException.h"

#include <algorithm>
#include <cstring>
#include <cmath>
#include <limits>
#include <string>

namespace mardyn {

namespace {

/// Position given to slots whose molecule is absent in a traversal: beyond every cutoff.
constexpr double farAway = 1.0e30;

// Four list partners at a time in vector registers (GCC/Clang vector extensions: AVX2 in the
// x86-64-v3 clone, two SSE2 halves otherwise).
typedef double V4 __attribute__((vector_size(32)));
typedef long long V4Mask __attribute__((vector_size(32)));

inline V4 load4(const double* p) {
  V4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

inline void add4(double* p, V4 v) {
  V4 old;
  std::memcpy(&old, p, sizeof old);
  old += v;
  std::memcpy(p, &old, sizeof old);
}

inline double sum4(V4 v) { return (v[0] + v[1]) + (v[2] + v[3]); }

// Two-vector shuffles: element k of the result is element idx[k] of (a, b) seen as one 8-vector.
#if defined(__clang__)
#define MARDYN_SHUFFLE(a, b, i0, i1, i2, i3) __builtin_shufflevector(a, b, i0, i1, i2, i3)
#else
#define MARDYN_SHUFFLE(a, b, i0, i1, i2, i3) __builtin_shuffle(a, b, V4Mask{i0, i1, i2, i3})
#endif

/// 4 x 4 transpose: rows r0..r3 become columns c0..c3 (c0 = {r0[0], r1[0], r2[0], r3[0]}, ...).
inline void transpose4(V4 r0, V4 r1, V4 r2, V4 r3, V4& c0, V4& c1, V4& c2, V4& c3) {
  const V4 t0 = MARDYN_SHUFFLE(r0, r1, 0, 4, 2, 6);  // r0[0] r1[0] r0[2] r1[2]
  const V4 t1 = MARDYN_SHUFFLE(r0, r1, 1, 5, 3, 7);  // r0[1] r1[1] r0[3] r1[3]
  const V4 t2 = MARDYN_SHUFFLE(r2, r3, 0, 4, 2, 6);
  const V4 t3 = MARDYN_SHUFFLE(r2, r3, 1, 5, 3, 7);
  c0 = MARDYN_SHUFFLE(t0, t2, 0, 1, 4, 5);
  c1 = MARDYN_SHUFFLE(t1, t3, 0, 1, 4, 5);
  c2 = MARDYN_SHUFFLE(t0, t2, 2, 3, 6, 7);
  c3 = MARDYN_SHUFFLE(t1, t3, 2, 3, 6, 7);
}

/// What ljRows needs: slot data (x, y, z, owned weight per slot; forces likewise), the padded rows.
struct RowsInput {
  std::size_t numSlots;
  const std::size_t* rowStart;  // row i: partners[rowStart[i]] .. partners[rowStart[i + 1] - 1], a multiple of 4
  const std::uint32_t* partners;
  const unsigned* seen;         // rows of slots with seen != stamp are skipped (molecule absent)
  unsigned stamp;
  const double* pos;
  double* force;
  const int* type;
  unsigned numTypes;
  const double *eps24, *sig2, *shift6;
  double rc2;
};

/// Every row: pairs within the cutoff add their force to both slots; 6 u and the virial are summed with
/// the weight (w_i + w_j) / 2 (w = 1 for an owned molecule, 0 otherwise). Padding partners are a slot
/// far away (nothing within the cutoff).
template <bool SingleType>
inline __attribute__((always_inline)) void ljRowsBody(const RowsInput& in, double& u6, double& vir) {
  // Locals: the stores through force must not make the compiler reload these.
  const std::size_t numSlots = in.numSlots, numTypes = in.numTypes;
  const std::size_t* const rowStart = in.rowStart;
  const std::uint32_t* const partners = in.partners;
  const unsigned* const seen = in.seen;
  const unsigned stamp = in.stamp;
  const double* const pos = in.pos;
  double* const force = in.force;
  const int* const type = in.type;
  const double *const eps24 = in.eps24, *const sig2 = in.sig2, *const shift6 = in.shift6;
  const V4 rc2 = {in.rc2, in.rc2, in.rc2, in.rc2};
  const V4 half = {0.5, 0.5, 0.5, 0.5};
  V4 e24 = {eps24[0], eps24[0], eps24[0], eps24[0]};
  V4 s2 = {sig2[0], sig2[0], sig2[0], sig2[0]};
  V4 sh6 = {shift6[0], shift6[0], shift6[0], shift6[0]};
  V4 su = {0, 0, 0, 0}, sv = {0, 0, 0, 0};
  for (std::size_t i = 0; i < numSlots; ++i) {
    const std::size_t b = rowStart[i], e = rowStart[i + 1];
    if (b == e || seen[i] != stamp) continue;
    const double* pi = pos + 4 * i;
    const V4 xi = {pi[0], pi[0], pi[0], pi[0]}, yi = {pi[1], pi[1], pi[1], pi[1]};
    const V4 zi = {pi[2], pi[2], pi[2], pi[2]}, wi = {pi[3], pi[3], pi[3], pi[3]};
    const std::size_t row = SingleType ? 0 : static_cast<std::size_t>(type[i]) * numTypes;
    V4 sfx = {0, 0, 0, 0}, sfy = {0, 0, 0, 0}, sfz = {0, 0, 0, 0};
    for (std::size_t k = b; k < e; k += 4) {
      const std::uint32_t j[4] = {partners[k], partners[k + 1], partners[k + 2], partners[k + 3]};
      const V4 a0 = load4(pos + 4 * static_cast<std::size_t>(j[0]));
      const V4 a1 = load4(pos + 4 * static_cast<std::size_t>(j[1]));
      const V4 a2 = load4(pos + 4 * static_cast<std::size_t>(j[2]));
      const V4 a3 = load4(pos + 4 * static_cast<std::size_t>(j[3]));
      V4 xj, yj, zj, wj;
      transpose4(a0, a1, a2, a3, xj, yj, zj, wj);
      const V4 dx = xi - xj, dy = yi - yj, dz = zi - zj;
      if (!SingleType) {
        std::size_t t[4];
        for (int l = 0; l < 4; ++l) t[l] = row + static_cast<std::size_t>(type[j[l]]);
        e24 = V4{eps24[t[0]], eps24[t[1]], eps24[t[2]], eps24[t[3]]};
        s2 = V4{sig2[t[0]], sig2[t[1]], sig2[t[2]], sig2[t[3]]};
        sh6 = V4{shift6[t[0]], shift6[t[1]], shift6[t[2]], shift6[t[3]]};
      }
      const V4 r2 = dx * dx + dy * dy + dz * dz;
      const V4Mask inside = (V4Mask)(r2 < rc2);
      const V4 invr2 = (V4)((V4Mask)(1.0 / r2) & inside);  // no partner coincides with slot i
      const V4 l2 = s2 * invr2;
      const V4 l6 = l2 * l2 * l2;
      const V4 l12 = l6 * l6;
      const V4 fac = e24 * (l12 + l12 - l6) * invr2;
      const V4 fx = dx * fac, fy = dy * fac, fz = dz * fac;
      sfx += fx;
      sfy += fy;
      sfz += fz;
      V4 f0, f1, f2, f3;  // minus the force on each partner, as (x, y, z, 0)
      transpose4(-fx, -fy, -fz, V4{0, 0, 0, 0}, f0, f1, f2, f3);
      add4(force + 4 * static_cast<std::size_t>(j[0]), f0);  // in order: padding repeats one partner
      add4(force + 4 * static_cast<std::size_t>(j[1]), f1);
      add4(force + 4 * static_cast<std::size_t>(j[2]), f2);
      add4(force + 4 * static_cast<std::size_t>(j[3]), f3);
      const V4 weight = half * (wi + wj);
      su += weight * (e24 * (l12 - l6) + (V4)((V4Mask)sh6 & inside));
      sv += weight * (dx * fx + dy * fy + dz * fz);
    }
    add4(force + 4 * i, V4{sum4(sfx), sum4(sfy), sum4(sfz), 0.0});
  }
  u6 += sum4(su);
  vir += sum4(sv);
}

// Compiled for the baseline and for x86-64-v3 (AVX2, FMA); the loader picks what the CPU supports.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define MARDYN_VERLET_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define MARDYN_VERLET_CLONES
#endif

MARDYN_VERLET_CLONES void ljRows(const RowsInput& in, double& u6, double& vir) {
  if (in.numTypes == 1) ljRowsBody<true>(in, u6, vir);
  else ljRowsBody<false>(in, u6, vir);
}

}  // namespace

bool VerletListCellProcessor::applies(const std::vector<Component>& components, const InteractionParameters& params) {
  return SingleCentreCellProcessor::applies(components, params);
}

VerletListCellProcessor::VerletListCellProcessor(const InteractionParameters& params, double skin)
    : _params(params),
      _cutoff2(params.cutoff() * params.cutoff()),
      _skin(skin),
      _range(params.cutoff() + skin),
      _halfSkin2(0.25 * skin * skin),
      _numTypes(params.numLJTypes()) {
  if (!(skin > 0.0) || !std::isfinite(skin))
    throw MardynException("VerletListCellProcessor: skin must be positive, got " + std::to_string(skin));
  _ljTypes.fill(params);
}

void VerletListCellProcessor::initTraversal() {
  _visited.clear();
  _computed = false;
  _upot = 0.0;
  _virial = 0.0;
  for (int d = 0; d < 3; ++d) {
    _regionMin[d] = std::numeric_limits<double>::max();
    _regionMax[d] = std::numeric_limits<double>::lowest();
  }
}

void VerletListCellProcessor::preprocessCell(ParticleCell& cell) {
  _visited.push_back(&cell);
  if (cell.isHalo()) return;
  for (int d = 0; d < 3; ++d) {
    _regionMin[d] = std::min(_regionMin[d], cell.boxMin()[d]);
    _regionMax[d] = std::max(_regionMax[d], cell.boxMax()[d]);
  }
}

double VerletListCellProcessor::distance2ToRegion(double x, double y, double z) const {
  const double r[3] = {x, y, z};
  double d2 = 0.0;
  for (int d = 0; d < 3; ++d) {
    const double gap = std::max({_regionMin[d] - r[d], r[d] - _regionMax[d], 0.0});
    d2 += gap * gap;
  }
  return d2;
}

std::int64_t VerletListCellProcessor::findSlot(unsigned long id, double x, double y, double z) const {
  std::int64_t first = -1;
  if (_denseIds) {
    if (id < _firstSlotById.size()) first = _firstSlotById[id];
  } else {
    const auto it = _firstSlot.find(id);
    if (it != _firstSlot.end()) first = it->second;
  }
  for (std::int64_t s = first; s >= 0; s = _nextSameId[s]) {
    const double* ref = &_ref[4 * s];
    const double dx = x - ref[0], dy = y - ref[1], dz = z - ref[2];
    if (dx * dx + dy * dy + dz * dz <= _halfSkin2) return s;
  }
  return -1;
}

bool VerletListCellProcessor::matchAll() {
  if (!_haveList) return false;
  for (int d = 0; d < 3; ++d)
    if (_regionMin[d] != _builtMin[d] || _regionMax[d] != _builtMax[d]) return false;
  ++_stamp;
  if (_stamp == 0) {  // wrapped around: forget old stamps
    std::fill(_seen.begin(), _seen.end(), 0u);
    _stamp = 1;
  }
  // Unmatched halo copies within this distance of the owned region may have partners there.
  const double unsafe2 = _cutoff2 * (1.0 + 1e-9);
  for (ParticleCell* cell : _visited) {
    if (cell->index() >= _cellSlots.size()) _cellSlots.resize(cell->index() + 1);
    CellSlots& cs = _cellSlots[cell->index()];
    const auto& mols = cell->molecules();
    const std::size_t n = mols.size(), known = std::min(n, cs.id.size());
    cs.id.resize(n);
    cs.slot.resize(n);
    const bool halo = cell->isHalo();
    for (std::size_t i = 0; i < n; ++i) {
      const Molecule& m = mols[i];
      const double x = m.r().x, y = m.r().y, z = m.r().z;
      std::int64_t s = -1;
      if (i < known && cs.id[i] == m.id() && cs.slot[i] >= 0) {
        const std::int64_t guess = cs.slot[i];
        const double* ref = &_ref[4 * guess];
        const double dx = x - ref[0], dy = y - ref[1], dz = z - ref[2];
        if (dx * dx + dy * dy + dz * dz <= _halfSkin2) s = guess;
      }
      if (s < 0) s = findSlot(m.id(), x, y, z);
      cs.id[i] = m.id();
      cs.slot[i] = s;
      if (s < 0) {
        if (!halo || distance2ToRegion(x, y, z) < unsafe2) return false;
        continue;
      }
      if (_seen[s] == _stamp || (!halo && _ref[4 * s + 3] == 0.0)) return false;
      _seen[s] = _stamp;
      double* pos = &_pos[4 * s];
      pos[0] = x;
      pos[1] = y;
      pos[2] = z;
      pos[3] = halo ? 0.0 : 1.0;
    }
  }
  for (std::size_t s = 0; s < _seen.size(); ++s)
    if (_seen[s] != _stamp) {
      double* pos = &_pos[4 * s];
      pos[0] = pos[1] = pos[2] = farAway;
      pos[3] = 0.0;
    }
  return true;
}

void VerletListCellProcessor::rebuild() {
  std::vector<double> x, y, z;
  std::vector<unsigned long> ids;
  std::vector<int> types;
  std::vector<std::uint8_t> owned;
  const std::size_t expected = _numSlots + _numSlots / 16;
  for (auto* v : {&x, &y, &z}) v->reserve(expected);
  ids.reserve(expected);
  types.reserve(expected);
  owned.reserve(expected);
  for (ParticleCell* cell : _visited)
    for (const Molecule& m : cell->molecules()) {
      x.push_back(m.r().x);
      y.push_back(m.r().y);
      z.push_back(m.r().z);
      ids.push_back(m.id());
      types.push_back(static_cast<int>(_params.ljType(m.componentId(), 0)));
      owned.push_back(cell->isHalo() ? 0 : 1);
    }
  const std::size_t n = x.size();
  // Halo copies this close to the owned region may become owned (periodic wrap, migration): they are
  // listed with all their partners, like the owned molecules.
  const double halfSkin = 0.5 * _skin;
  std::vector<std::uint8_t> active(n);
  for (std::size_t i = 0; i < n; ++i) {
    bool near = true;
    const double r[3] = {x[i], y[i], z[i]};
    for (int d = 0; d < 3; ++d) near = near && r[d] >= _regionMin[d] - halfSkin && r[d] <= _regionMax[d] + halfSkin;
    active[i] = owned[i] || near ? 1 : 0;
  }
  const std::vector<std::size_t> order = _list.sortIntoBins(x, y, z, active, _range);
  _numSlots = n;
  _ref.resize(4 * n);
  std::vector<double> sx(n), sy(n), sz(n);  // the list build wants them apart
  std::vector<std::uint8_t> sactive(n);
  _pos.resize(4 * (n + 1));  // slot n: the partner that pads rows to multiples of 4
  _force.resize(4 * (n + 1));
  for (int c = 0; c < 3; ++c) _pos[4 * n + c] = farAway;
  _pos[4 * n + 3] = 0.0;
  _type.resize(n + 1);
  _type[n] = 0;
  _slotId.resize(n);
  _nextSameId.resize(n);
  _seen.assign(n, 0u);
  _stamp = 1;
  // Slots by molecule id: a table indexed by id where the ids are dense enough, else a hash map.
  unsigned long maxId = 0;
  for (unsigned long id : ids) maxId = std::max(maxId, id);
  _denseIds = maxId <= 4 * n + 1024;
  _firstSlot.clear();
  _firstSlotById.clear();
  if (_denseIds) _firstSlotById.assign(maxId + 1, -1);
  else _firstSlot.reserve(n);
  std::vector<std::int64_t> slotOf(n);
  for (std::size_t s = 0; s < n; ++s) {
    const std::size_t i = order[s];
    slotOf[i] = static_cast<std::int64_t>(s);
    _pos[4 * s] = _ref[4 * s] = sx[s] = x[i];
    _pos[4 * s + 1] = _ref[4 * s + 1] = sy[s] = y[i];
    _pos[4 * s + 2] = _ref[4 * s + 2] = sz[s] = z[i];
    _pos[4 * s + 3] = owned[i];
    _type[s] = types[i];
    _slotId[s] = ids[i];
    _seen[s] = _stamp;
    _ref[4 * s + 3] = active[i];
    sactive[s] = active[i];
    std::int64_t& first = _denseIds ? _firstSlotById[ids[i]] : _firstSlot.try_emplace(ids[i], -1).first->second;
    _nextSameId[s] = first;
    first = static_cast<std::int64_t>(s);
  }
  _list.build(sx.data(), sy.data(), sz.data(), sactive);
  _rowStart.assign(n + 1, 0);
  _partners.clear();
  _partners.reserve(_list.numPairs() + 3 * n);
  for (std::size_t s = 0; s < n; ++s) {
    const auto& nb = _list.neighbours();
    _partners.insert(_partners.end(), nb.begin() + _list.begin(s), nb.begin() + _list.end(s));
    while (_partners.size() % 4 != 0) _partners.push_back(static_cast<std::uint32_t>(n));
    _rowStart[s + 1] = _partners.size();
  }
  std::size_t next = 0;
  for (ParticleCell* cell : _visited) {
    if (cell->index() >= _cellSlots.size()) _cellSlots.resize(cell->index() + 1);
    CellSlots& cs = _cellSlots[cell->index()];
    cs.id.clear();
    cs.slot.clear();
    for (const Molecule& m : cell->molecules()) {
      cs.id.push_back(m.id());
      cs.slot.push_back(slotOf[next++]);
    }
  }
  for (int d = 0; d < 3; ++d) {
    _builtMin[d] = _regionMin[d];
    _builtMax[d] = _regionMax[d];
  }
  _haveList = true;
  ++_rebuilds;
}

void VerletListCellProcessor::computeForces() {
  std::fill(_force.begin(), _force.end(), 0.0);
  RowsInput in;
  in.numSlots = _numSlots;
  in.rowStart = _rowStart.data();
  in.partners = _partners.data();
  in.seen = _seen.data();
  in.stamp = _stamp;
  in.pos = _pos.data();
  in.force = _force.data();
  in.type = _type.data();
  in.numTypes = _numTypes;
  in.eps24 = _ljTypes.eps24.data();
  in.sig2 = _ljTypes.sig2.data();
  in.shift6 = _ljTypes.shift6.data();
  in.rc2 = _cutoff2;
  double u6 = 0.0, vir = 0.0;
  ljRows(in, u6, vir);
  _upot = u6 / 6.0;
  _virial = vir;
}

void VerletListCellProcessor::compute() {
  if (_computed) return;
  _computed = true;
  if (!matchAll()) rebuild();
  computeForces();
}

void VerletListCellProcessor::postprocessCell(ParticleCell& cell) {
  compute();
  if (cell.isHalo()) return;  // forces on halo copies are discarded
  const CellSlots& cs = _cellSlots[cell.index()];
  auto& mols = cell.molecules();
  for (std::size_t i = 0; i < mols.size(); ++i) {
    const std::int64_t s = cs.slot[i];
    const double* f = &_force[4 * s];
    mols[i].setF({f[0], f[1], f[2]});
    mols[i].setM({});
  }
}

void VerletListCellProcessor::endTraversal() { compute(); }

}  // namespace mardyn
