// VerletListCellProcessor: the list build and the LJ loop over the list, four partners at a time; forces
// returned per cell. Matching molecules to their list slots between builds, and the forecast of the next
// build, are in VerletListFollow.cpp.

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
