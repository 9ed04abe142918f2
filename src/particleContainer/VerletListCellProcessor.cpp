// VerletListCellProcessor: matching of the traversal's molecules to list slots, the rebuild decision,
// the list build and the LJ loop over the list, four partners at a time; forces returned per cell.

#include "particleContainer/VerletListCellProcessor.h"

#include "particleContainer/SingleCentreCellProcessor.h"
#include "utils/MardynException.h"
#include "utils/Threads.h"

#include <algorithm>
#include <cstring>
#include <cmath>
#include <limits>
#include <string>

namespace mardyn {

namespace {

/// Position given to slots whose molecule is absent in a traversal: beyond every cutoff.
constexpr double farAway = 1.0e30;

}  // namespace

int VerletListCellProcessor::slotType(const Molecule& m) const {
  return static_cast<int>(_params.ljType(m.componentId(), 0));
}

bool VerletListCellProcessor::applies(const std::vector<Component>& components, const InteractionParameters& params) {
  return SingleCentreCellProcessor::applies(components, params);
}

VerletListCellProcessor::VerletListCellProcessor(const InteractionParameters& params, double skin, SimdLevel simd)
    : _params(params),
      _cutoff2(params.cutoff() * params.cutoff()),
      _skin(skin),
      _range(params.cutoff() + skin),
      _halfSkin2(0.25 * skin * skin),
      _numTypes(params.numLJTypes()),
      _simd(simd),
      _kernel(verletRowsVariant(simd)) {
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

std::int64_t VerletListCellProcessor::firstSlot(unsigned long id) const {
  if (_denseIds) return id < _firstSlotById.size() ? _firstSlotById[id] : -1;
  const auto it = _firstSlot.find(id);
  return it != _firstSlot.end() ? it->second : -1;
}

std::int64_t VerletListCellProcessor::findSlot(unsigned long id, double x, double y, double z) const {
  for (std::int64_t s = firstSlot(id); s >= 0; s = _nextSameId[s]) {
    const double* ref = &_ref[4 * s];
    const double dx = x - ref[0], dy = y - ref[1], dz = z - ref[2];
    if (dx * dx + dy * dy + dz * dz <= _halfSkin2) return s;
  }
  return -1;
}

bool VerletListCellProcessor::followMolecules() {
  if (!_haveList || !_followable) return false;
  const double halfSkin2 = _halfSkin2;
  constexpr long ahead = 8;  // the molecules lie elsewhere in memory: fetch a few slots ahead
  const long slots = static_cast<long>(_numSlots);
  const int threads = maxThreads();
  bool within = true;
#pragma omp parallel for schedule(static) reduction(&& : within) num_threads(threads) if (threads > 1)
  for (long s = 0; s < slots; ++s) {
    if (!within) continue;
    if (s + ahead < slots && _molecule[s + ahead]) __builtin_prefetch(&_molecule[s + ahead]->r());
    if (_seen[s] != _stamp) continue;
    const Vec3& r = _molecule[s]->r();
    const double* ref = &_ref[4 * s];
    const double dx = r.x - ref[0], dy = r.y - ref[1], dz = r.z - ref[2];
    if (dx * dx + dy * dy + dz * dz > halfSkin2) within = false;
    double* pos = &_pos[4 * s];
    pos[0] = r.x;
    pos[1] = r.y;
    pos[2] = r.z;
  }
  if (!within) return false;
  const double unsafe2 = _cutoff2 * (1.0 + 1e-9);
  for (const Molecule* m : _unmatched)
    if (distance2ToRegion(m->r().x, m->r().y, m->r().z) < unsafe2) return false;
  return true;
}

VerletListCellProcessor::Forecast VerletListCellProcessor::forecast(double dt) const {
  Forecast f;
  f.followable = _haveList && _followable;
  if (!f.followable) return f;
  const double half = 0.5 * dt;
  // The owned cells' molecules in memory order (halo copies are forecast by their owners).
  const long cells = static_cast<long>(_visited.size());
  const int threads = maxThreads();
  double displacement2 = 0.0, step2 = 0.0, speed2 = 0.0;
#pragma omp parallel for schedule(static) reduction(max : displacement2, step2, speed2) num_threads(threads) if (threads > 1)
  for (long c = 0; c < cells; ++c) {
    const ParticleCell& cell = *_visited[c];
    if (cell.isHalo()) continue;
    const auto& mols = cell.molecules();
    const std::vector<std::int64_t>& slot = _cellSlots[cell.index()].slot;
    for (std::size_t i = 0; i < mols.size(); ++i) {
      const Molecule& m = mols[i];
      // The drift as Leapfrog::preForces computes it, so that without a velocity scaling it is this position.
      const Vec3 v = m.v() + m.F() * (half / m.mass());
      const Vec3 r = m.r() + v * dt;
      const double* ref = &_ref[4 * slot[i]];
      const double dx = r.x - ref[0], dy = r.y - ref[1], dz = r.z - ref[2];
      displacement2 = std::max(displacement2, dx * dx + dy * dy + dz * dz);
      step2 = std::max(step2, norm2(v * dt));
      speed2 = std::max(speed2, norm2(m.v()));
    }
  }
  f.displacement = std::sqrt(displacement2);
  f.step = std::sqrt(step2);
  f.speed = std::sqrt(speed2);
  const double cutoff = std::sqrt(_cutoff2);
  for (const Molecule* m : _unmatched)
    f.intrusion = std::max(f.intrusion, cutoff - std::sqrt(distance2ToRegion(m->r().x, m->r().y, m->r().z)));
  return f;
}

bool VerletListCellProcessor::forecastKeepsList(const Forecast& everywhere, double dt, double scaling) const {
  if (!everywhere.followable) return false;
  // A scaling by b changes a drift by dt |b - 1| |v| at most; the margins keep followMolecules()'s own
  // comparisons (which see halo copies shifted by a box length) on the safe side of round-off.
  const double extra = dt * scaling * everywhere.speed;
  const double halfSkin = std::sqrt(_halfSkin2), cutoff = std::sqrt(_cutoff2);
  const bool near = everywhere.displacement + extra <= halfSkin * (1.0 - 1e-9);
  const bool clear = everywhere.intrusion + everywhere.step + extra < -1e-8 * cutoff;
  return near && clear;
}

bool VerletListCellProcessor::matchAll() {
  _followable = false;
  _unmatched.clear();
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
        _unmatched.push_back(&m);
        continue;
      }
      if (_seen[s] == _stamp || (!halo && _ref[4 * s + 3] == 0.0)) return false;
      if (_type[s] != slotType(m)) return false;  // a molecule that changed its component (MettDeamon)
      _seen[s] = _stamp;
      if (!halo && _once && _local[s] && _owner[s] != s) {  // wrapped: this copy owns the molecule now
        for (std::int64_t t = firstSlot(m.id()); t >= 0; t = _nextSameId[t]) _owner[t] = s;
      }
      double* pos = &_pos[4 * s];
      pos[0] = x;
      pos[1] = y;
      pos[2] = z;
      pos[3] = halo ? 0.0 : 1.0;
      _molecule[s] = &m;
    }
  }
  for (std::size_t s = 0; s < _seen.size(); ++s)
    if (_seen[s] != _stamp) {
      double* pos = &_pos[4 * s];
      pos[0] = pos[1] = pos[2] = farAway;
      pos[3] = 0.0;
      _molecule[s] = nullptr;
    }
  _followable = true;
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
  std::vector<const Molecule*> mols;
  mols.reserve(expected);
  for (ParticleCell* cell : _visited)
    for (const Molecule& m : cell->molecules()) {
      mols.push_back(&m);
      x.push_back(m.r().x);
      y.push_back(m.r().y);
      z.push_back(m.r().z);
      ids.push_back(m.id());
      types.push_back(slotType(m));
      owned.push_back(cell->isHalo() ? 0 : 1);
    }
  const std::size_t n = x.size();
  // Halo copies this close to the owned region may become owned (periodic wrap, migration): they are
  // listed with all their partners, like the owned molecules. Not with Newton across faces: owned
  // molecules stay owned while the list lives, and pairs of two halo copies are their owners' business.
  _newton = _newtonNext;
  const double halfSkin = 0.5 * _skin;
  std::vector<std::uint8_t> active(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (_newton) {
      active[i] = owned[i];
      continue;
    }
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
  _molecule.resize(n);
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
    _molecule[s] = mols[i];
    _seen[s] = _stamp;
    _ref[4 * s + 3] = active[i];
    sactive[s] = active[i];
    std::int64_t& first = _denseIds ? _firstSlotById[ids[i]] : _firstSlot.try_emplace(ids[i], -1).first->second;
    _nextSameId[s] = first;
    first = static_cast<std::int64_t>(s);
  }
  _list.build(sx.data(), sy.data(), sz.data(), sactive);
  listPairs();
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
  _followable = true;
  _unmatched.clear();
  ++_rebuilds;
}

void VerletListCellProcessor::setPeriodicSelf(bool x, bool y, bool z) {
  _selfAxis[0] = x;
  _selfAxis[1] = y;
  _selfAxis[2] = z;
  _onceOff = false;
  _haveList = false;
}

void VerletListCellProcessor::listNewtonPairs() {
  const std::size_t n = _numSlots;
  const auto pad = static_cast<std::uint32_t>(n);
  _local.assign(n, 0);
  _owner.assign(n, -1);
  const auto& nb = _list.neighbours();
  const std::size_t w = _kernel.width;
  _rowStart.assign(n + 1, 0);
  _rowStartOnce.assign(n + 1, 0);
  _partners.clear();
  _partnersOnce.resize(_list.numPairs() + w * n);
  std::uint32_t* const po = _partnersOnce.data();
  std::size_t once = 0, kept = 0;
  // Rows of owned slots only: owned-owned pairs once, owned-halo pairs once on this process (the other
  // process lists the same pair from its side and keeps it when its owned end has the smaller id).
  for (std::size_t s = 0; s < n; ++s) {
    const unsigned long idS = _slotId[s];
    for (std::size_t k = _list.begin(s), e = _list.end(s); k < e; ++k) {
      const std::uint32_t t = nb[k];
      po[once] = t;
      once += _pos[4 * t + 3] == 1.0 || idS < _slotId[t];
    }
    kept += once - _rowStartOnce[s];
    while (once % w != 0) po[once++] = pad;
    _rowStartOnce[s + 1] = once;
  }
  _partnersOnce.resize(once);
  _pairsOnce = kept;
  _pairsWeighted = 0;
  _once = true;
  _threads.partition(_rowStart);
  _threadsOnce.partition(_rowStartOnce);
}

void VerletListCellProcessor::listPairs() {
  if (_newton) {
    listNewtonPairs();
    return;
  }
  const std::size_t n = _numSlots;
  const auto pad = static_cast<std::uint32_t>(n);
  // Local slots: copies of molecules owned here and at least skin/2 inside the region along every axis
  // shared with another process (they cannot leave before the list is rebuilt).
  _local.assign(n, 0);
  _owner.assign(n, -1);
  _once = !_onceOff && countsImagesOnce() && (_selfAxis[0] || _selfAxis[1] || _selfAxis[2]);
  if (_once) {
    const double halfSkin = 0.5 * _skin;
    for (std::size_t s = 0; s < n; ++s) {
      if (_pos[4 * s + 3] != 1.0) continue;
      bool inside = true;
      for (int d = 0; d < 3; ++d)
        if (!_selfAxis[d])
          inside = inside && _ref[4 * s + d] >= _regionMin[d] + halfSkin && _ref[4 * s + d] <= _regionMax[d] - halfSkin;
      if (!inside) continue;
      for (std::int64_t t = firstSlot(_slotId[s]); t >= 0; t = _nextSameId[t]) {
        _local[t] = 1;
        _owner[t] = static_cast<std::int64_t>(s);
      }
    }
  }
  _pairsOnce = _pairsWeighted = 0;
  const auto& nb = _list.neighbours();
  // Per local slot: the molecule's whole id (ls1's use the highest bit) and whether this copy is owned.
  struct Code { std::uint64_t id = 0; std::uint32_t local = 0, owned = 0; };
  std::vector<Code> code(n);
  if (_once)
    for (std::size_t s = 0; s < n; ++s)
      if (_local[s]) code[s] = {_slotId[s], 1u, _pos[4 * s + 3] == 1.0 ? 1u : 0u};
  const std::size_t w = _kernel.width, room = _list.numPairs() + w * n;
  _rowStart.assign(n + 1, 0);
  _rowStartOnce.assign(n + 1, 0);
  _partners.resize(room);
  _partnersOnce.resize(_once ? room : 0);
  std::size_t weighted = 0, once = 0;
  std::uint32_t* const pw = _partners.data();
  std::uint32_t* const po = _partnersOnce.data();
  for (std::size_t s = 0; s < n; ++s) {
    const std::size_t b = _list.begin(s), e = _list.end(s);
    const std::size_t rowW = weighted, rowO = once;
    const Code cs = code[s];
    if (!cs.local) {
      for (std::size_t k = b; k < e; ++k) pw[weighted++] = nb[k];
    } else {
      const std::uint64_t idS = cs.id;
      const bool ownedS = cs.owned != 0;
      for (std::size_t k = b; k < e; ++k) {
        const std::uint32_t t = nb[k];
        const Code& ct = code[t];
        const std::uint64_t idT = ct.id;
        if (!ct.local || idT == idS) {
          pw[weighted++] = t;
          continue;
        }
        // One of the copies at this separation: keep the owned-owned one, or the owned-image one whose
        // owned end has the smaller id.
        const bool ownedT = ct.owned != 0;
        if (ownedS ? (ownedT || idS < idT) : (ownedT && idT < idS)) po[once++] = t;
      }
    }
    _pairsWeighted += weighted - rowW;
    _pairsOnce += once - rowO;
    while (weighted % w != 0) pw[weighted++] = pad;
    while (once % w != 0) po[once++] = pad;
    _rowStart[s + 1] = weighted;
    _rowStartOnce[s + 1] = once;
  }
  _partners.resize(weighted);
  _partnersOnce.resize(once);
  // Counting once costs this pass at each build and the fold of image forces each step; where it saves
  // few pairs (a box many cutoffs wide) the list keeps every copy instead, from now on.
  const double saved = static_cast<double>(_list.numPairs() - _pairsOnce - _pairsWeighted);
  if (_once && saved < _onceMinShare * static_cast<double>(_list.numPairs())) {
    _onceOff = true;
    listPairs();
    return;
  }
  _once = _pairsOnce > 0;
  _threads.partition(_rowStart);
  if (_once) _threadsOnce.partition(_rowStartOnce);
}

std::int64_t VerletListCellProcessor::imageOwner(std::size_t s) const {
  const std::int64_t o = _owner[s];
  if (o < 0 || !present(static_cast<std::size_t>(o)) || _pos[4 * o + 3] != 1.0) return -1;
  return o;
}

void VerletListCellProcessor::computeForces() {
  VerletRows in;
  in.rowStart = _rowStart.data();
  in.partners = _partners.data();
  in.seen = _seen.data();
  in.stamp = _stamp;
  in.pos = _pos.data();
  in.type = _type.data();
  in.numTypes = _numTypes;
  in.eps24 = _ljTypes.eps24.data();
  in.sig2 = _ljTypes.sig2.data();
  in.shift6 = _ljTypes.shift6.data();
  in.rc2 = _cutoff2;
  double u6 = 0.0, vir = 0.0;
  if (!_once) {
    _threads.run(in, _kernel.kernel, _numSlots, _force, u6, vir);
  } else {
    VerletRows once = in;
    once.rowStart = _rowStartOnce.data();
    once.partners = _partnersOnce.data();
    once.once = true;
    _threadsOnce.run(once, _kernel.kernel, _numSlots, _force, u6, vir);
    // Forces on image copies belong to their owned molecules.
    for (std::size_t s = 0; s < _numSlots; ++s) {
      if (!_local[s] || !present(s) || _pos[4 * s + 3] == 1.0) continue;
      const std::int64_t o = imageOwner(s);
      if (o < 0) {
        _ownersLost = true;
        return;
      }
      double* to = &_force[4 * static_cast<std::size_t>(o)];
      const double* from = &_force[4 * s];
      to[0] += from[0];
      to[1] += from[1];
      to[2] += from[2];
    }
    if (_pairsWeighted > 0) {
      _threads.run(in, _kernel.kernel, _numSlots, _forceWeighted, u6, vir);
      for (std::size_t k = 0; k < 4 * _numSlots; ++k) _force[k] += _forceWeighted[k];
    }
  }
  _upot = u6 / 6.0;
  _virial = vir;
}

void VerletListCellProcessor::compute() {
  if (_computed) return;
  _computed = true;
  _ownersLost = false;
  if (_keepSlots) _keepSlots = false;  // followMolecules() took the positions
  else if (!matchAll()) rebuild();
  computeForces();
  if (_ownersLost) {  // a local molecule has no owned copy here any more: not expected (see listPairs)
    _ownersLost = false;
    rebuild();
    computeForces();
    if (_ownersLost)
      throw MardynException("VerletListCellProcessor: a molecule copy has no owned copy after the list build");
  }
}

void VerletListCellProcessor::postprocessCell(ParticleCell& cell) {
  compute();
  if (cell.isHalo() && !_newton) return;  // forces on halo copies are discarded (with Newton they go back)
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
