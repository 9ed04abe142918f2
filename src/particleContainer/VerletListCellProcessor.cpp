// VerletListCellProcessor: matching of the traversal's molecules to list slots, the rebuild decision,
// the list build and the LJ loop over each slot's packed neighbours; forces returned per cell.

// The LJ loop sums forces, energy and virial over the neighbours: GCC keeps those sums in vector
// lanes only when it may reassociate them (limited to this file; results stay deterministic).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-trapping-math", "no-signed-zeros", "associative-math")
#endif

#include "particleContainer/VerletListCellProcessor.h"

#include "particleContainer/SingleCentreCellProcessor.h"
#include "utils/MardynException.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace mardyn {

namespace {

/// Position given to slots whose molecule is absent in a traversal: beyond every cutoff.
constexpr double farAway = 1.0e30;

/// One slot (xi, yi, zi; weight wi = 1 if owned) against n packed list neighbours: pairs within the
/// cutoff add their force to fi and its negative to f[k]; 6 u and the virial are summed with the
/// weight (wi + w[k]) / 2.
template <bool SingleType>
inline __attribute__((always_inline)) void ljRowBody(double xi, double yi, double zi, double wi, double rc2,
                                                     const double* eps24, const double* sig2, const double* shift6,
                                                     const double* x, const double* y, const double* z,
                                                     const double* w, double* fx, double* fy, double* fz,
                                                     std::size_t n, double* fi, double& u6, double& vir) {
  double sfx = 0.0, sfy = 0.0, sfz = 0.0, su = 0.0, sv = 0.0;
#pragma GCC ivdep
  for (std::size_t k = 0; k < n; ++k) {
    const double dx = xi - x[k], dy = yi - y[k], dz = zi - z[k];
    const double r2 = dx * dx + dy * dy + dz * dz;
    // Both sides of each selection are computed (1 / r2 is finite: no two list entries coincide), so
    // the selections become vector blends.
    const bool inside = r2 < rc2;
    const double e24 = SingleType ? eps24[0] : eps24[k];
    const double s2 = SingleType ? sig2[0] : sig2[k];
    const double shk = SingleType ? shift6[0] : shift6[k];
    const double sh = inside ? shk : 0.0;
    const double inv = 1.0 / r2;
    const double invr2 = inside ? inv : 0.0;
    const double l2 = s2 * invr2;
    const double l6 = l2 * l2 * l2;
    const double l12 = l6 * l6;
    const double fac = e24 * (l12 + l12 - l6) * invr2;
    const double ffx = dx * fac, ffy = dy * fac, ffz = dz * fac;
    sfx += ffx;
    sfy += ffy;
    sfz += ffz;
    fx[k] = -ffx;
    fy[k] = -ffy;
    fz[k] = -ffz;
    const double weight = 0.5 * (wi + w[k]);
    su += weight * (e24 * (l12 - l6) + sh);
    sv += weight * (dx * ffx + dy * ffy + dz * ffz);
  }
  fi[0] += sfx;
  fi[1] += sfy;
  fi[2] += sfz;
  u6 += su;
  vir += sv;
}

// Compiled for the baseline and for x86-64-v3 (AVX2, FMA); the loader picks what the CPU supports.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define MARDYN_VERLET_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define MARDYN_VERLET_CLONES
#endif

MARDYN_VERLET_CLONES void ljRow(bool singleType, double xi, double yi, double zi, double wi, double rc2,
                                const double* eps24, const double* sig2, const double* shift6, const double* x,
                                const double* y, const double* z, const double* w, double* fx, double* fy,
                                double* fz, std::size_t n, double* fi, double& u6, double& vir) {
  if (singleType)
    ljRowBody<true>(xi, yi, zi, wi, rc2, eps24, sig2, shift6, x, y, z, w, fx, fy, fz, n, fi, u6, vir);
  else
    ljRowBody<false>(xi, yi, zi, wi, rc2, eps24, sig2, shift6, x, y, z, w, fx, fy, fz, n, fi, u6, vir);
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
  const std::size_t n = static_cast<std::size_t>(_numTypes) * _numTypes;
  _eps24.resize(n);
  _sig2.resize(n);
  _shift6.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const LJPairParameters& p = params.ljTable()[i];
    _eps24[i] = p.eps24;
    _sig2[i] = p.sigma2;
    _shift6[i] = 6.0 * p.shift;  // the loop sums 6 u
  }
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
  const auto it = _firstSlot.find(id);
  if (it == _firstSlot.end()) return -1;
  for (std::int64_t s = it->second; s >= 0; s = _nextSameId[s]) {
    const double dx = x - _x0[s], dy = y - _y0[s], dz = z - _z0[s];
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
        const double dx = x - _x0[guess], dy = y - _y0[guess], dz = z - _z0[guess];
        if (dx * dx + dy * dy + dz * dz <= _halfSkin2) s = guess;
      }
      if (s < 0) s = findSlot(m.id(), x, y, z);
      cs.id[i] = m.id();
      cs.slot[i] = s;
      if (s < 0) {
        if (!halo || distance2ToRegion(x, y, z) < unsafe2) return false;
        continue;
      }
      if (_seen[s] == _stamp || (!halo && !_active[s])) return false;
      _seen[s] = _stamp;
      _x[s] = x;
      _y[s] = y;
      _z[s] = z;
      _owned[s] = halo ? 0.0 : 1.0;
    }
  }
  for (std::size_t s = 0; s < _seen.size(); ++s)
    if (_seen[s] != _stamp) {
      _x[s] = _y[s] = _z[s] = farAway;
      _owned[s] = 0.0;
    }
  return true;
}

void VerletListCellProcessor::rebuild() {
  std::vector<double> x, y, z;
  std::vector<unsigned long> ids;
  std::vector<int> types;
  std::vector<std::uint8_t> owned;
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
  for (auto* v : {&_x, &_y, &_z, &_x0, &_y0, &_z0, &_fx, &_fy, &_fz, &_owned}) v->resize(n);
  _type.resize(n);
  _active.resize(n);
  _slotId.resize(n);
  _nextSameId.resize(n);
  _seen.assign(n, 0u);
  _stamp = 1;
  _firstSlot.clear();
  _firstSlot.reserve(n);
  std::vector<std::int64_t> slotOf(n);
  for (std::size_t s = 0; s < n; ++s) {
    const std::size_t i = order[s];
    slotOf[i] = static_cast<std::int64_t>(s);
    _x[s] = _x0[s] = x[i];
    _y[s] = _y0[s] = y[i];
    _z[s] = _z0[s] = z[i];
    _owned[s] = owned[i];
    _type[s] = types[i];
    _slotId[s] = ids[i];
    _seen[s] = _stamp;
    _active[s] = active[i];
    auto [it, fresh] = _firstSlot.try_emplace(ids[i], static_cast<std::int64_t>(s));
    _nextSameId[s] = fresh ? -1 : it->second;
    if (!fresh) it->second = static_cast<std::int64_t>(s);
  }
  _list.build(_x.data(), _y.data(), _z.data(), _active);
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
  const std::size_t n = _x.size();
  std::fill(_fx.begin(), _fx.end(), 0.0);
  std::fill(_fy.begin(), _fy.end(), 0.0);
  std::fill(_fz.begin(), _fz.end(), 0.0);
  const bool singleType = _numTypes == 1;
  const std::uint32_t* nb = _list.neighbours().data();
  double u6 = 0.0, vir = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t b = _list.begin(i), count = _list.end(i) - b;
    if (count == 0 || _seen[i] != _stamp) continue;  // no partners, or the molecule is absent
    if (_px.size() < count)
      for (auto* v : {&_px, &_py, &_pz, &_pw, &_pfx, &_pfy, &_pfz, &_peps24, &_psig2, &_pshift6}) v->resize(count);
    for (std::size_t k = 0; k < count; ++k) {
      const std::uint32_t j = nb[b + k];
      _px[k] = _x[j];
      _py[k] = _y[j];
      _pz[k] = _z[j];
      _pw[k] = _owned[j];
    }
    if (!singleType) {
      const std::size_t row = static_cast<std::size_t>(_type[i]) * _numTypes;
      for (std::size_t k = 0; k < count; ++k) {
        const std::size_t t = row + static_cast<std::size_t>(_type[nb[b + k]]);
        _peps24[k] = _eps24[t];
        _psig2[k] = _sig2[t];
        _pshift6[k] = _shift6[t];
      }
    }
    double fi[3] = {0.0, 0.0, 0.0};
    ljRow(singleType, _x[i], _y[i], _z[i], _owned[i], _cutoff2, singleType ? &_eps24[0] : _peps24.data(),
          singleType ? &_sig2[0] : _psig2.data(), singleType ? &_shift6[0] : _pshift6.data(), _px.data(),
          _py.data(), _pz.data(), _pw.data(), _pfx.data(), _pfy.data(), _pfz.data(), count, fi, u6, vir);
    _fx[i] += fi[0];
    _fy[i] += fi[1];
    _fz[i] += fi[2];
    for (std::size_t k = 0; k < count; ++k) {
      const std::uint32_t j = nb[b + k];
      _fx[j] += _pfx[k];
      _fy[j] += _pfy[k];
      _fz[j] += _pfz[k];
    }
  }
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
    mols[i].addF({_fx[s], _fy[s], _fz[s]});
  }
}

void VerletListCellProcessor::endTraversal() { compute(); }

}  // namespace mardyn
