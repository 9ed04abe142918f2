// SingleCentreCellProcessor: per-cell position arrays, neighbour candidates gathered over a cell's
// pairs, one distance filter, packing and LJ loop per molecule; forces returned per cell at the end.

// The LJ loop sums forces, energy and virial over the neighbours: GCC keeps those sums in vector
// lanes only when it may reassociate them (limited to this file; results stay deterministic).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-trapping-math", "no-signed-zeros", "associative-math")
#endif

#include "particleContainer/SingleCentreCellProcessor.h"

#include "particleContainer/potforce/PotForceLJ.h"

#include <algorithm>

namespace mardyn {

namespace {

/// One molecule (xi, yi, zi) against n packed neighbours within the cutoff: forces to fi and,
/// negated, to the packed accumulators; adds 6 u and the virial.
template <bool SingleType>
inline __attribute__((always_inline)) void ljRowBody(double xi, double yi, double zi, const double* eps24,
                                                     const double* sig2, const double* shift6, const double* x,
                                                     const double* y, const double* z, double* fx, double* fy,
                                                     double* fz, std::size_t n, double& fxi, double& fyi,
                                                     double& fzi, double& u6, double& vir) {
  double sfx = 0.0, sfy = 0.0, sfz = 0.0, su = 0.0, sv = 0.0;
#pragma GCC ivdep
  for (std::size_t k = 0; k < n; ++k) {
    const double dx = xi - x[k], dy = yi - y[k], dz = zi - z[k];
    const double r2 = dx * dx + dy * dy + dz * dz;
    const double e24 = SingleType ? eps24[0] : eps24[k];
    const double s2 = SingleType ? sig2[0] : sig2[k];
    const double sh = SingleType ? shift6[0] : shift6[k];
    const double invr2 = 1.0 / r2;
    double fac, u6k;
    potforce::ljTerms(e24, s2, invr2, fac, u6k);
    const double ffx = dx * fac, ffy = dy * fac, ffz = dz * fac;
    sfx += ffx;
    sfy += ffy;
    sfz += ffz;
    fx[k] -= ffx;
    fy[k] -= ffy;
    fz[k] -= ffz;
    su += u6k + sh;
    sv += dx * ffx + dy * ffy + dz * ffz;
  }
  fxi += sfx;
  fyi += sfy;
  fzi += sfz;
  u6 += su;
  vir += sv;
}

// The row loop, compiled for every instruction-set variant; the processor calls the one of its level.
MARDYN_SIMD_VARIANTS(void, ljRow,
                     (bool singleType, double xi, double yi, double zi, const double* eps24, const double* sig2,
                      const double* shift6, const double* x, const double* y, const double* z, double* fx, double* fy,
                      double* fz, std::size_t n, double& fxi, double& fyi, double& fzi, double& u6, double& vir),
                     singleType ? ljRowBody<true>(xi, yi, zi, eps24, sig2, shift6, x, y, z, fx, fy, fz, n, fxi, fyi,
                                                  fzi, u6, vir)
                                : ljRowBody<false>(xi, yi, zi, eps24, sig2, shift6, x, y, z, fx, fy, fz, n, fxi, fyi,
                                                   fzi, u6, vir))

}  // namespace

void SingleCentreCellProcessor::Candidates::grow(std::size_t need) {
  if (x.size() >= need) return;
  const std::size_t size = std::max(need, 2 * x.size());
  for (auto* v : {&x, &y, &z}) v->resize(size);
  cell.resize(size);
  index.resize(size);
  type.resize(size);
}

void SingleCentreCellProcessor::Packed::grow(std::size_t need) {
  if (x.size() >= need) return;
  const std::size_t size = std::max(need, 2 * x.size());
  for (auto* v : {&x, &y, &z, &fx, &fy, &fz, &eps24, &sig2, &shift6}) v->resize(size);
  from.resize(size);
}

bool SingleCentreCellProcessor::applies(const std::vector<Component>& components,
                                        const InteractionParameters& params) {
  if (params.switchingWidth() > 0.0) return false;
  for (const Component& c : components) {
    if (c.ljCenters().size() != 1 || !c.charges().empty() || !c.dipoles().empty() || !c.quadrupoles().empty())
      return false;
    if (c.ljCenters()[0].r != Vec3{}) return false;
  }
  return true;
}

SingleCentreCellProcessor::SingleCentreCellProcessor(const InteractionParameters& params, SimdLevel simd)
    : _params(params),
      _cutoff2(params.cutoff() * params.cutoff()),
      _numTypes(params.numLJTypes()),
      _simd(simd),
      _ljRow(simdVariant<LJRow>(simd, ljRowSse2, ljRowAvx2, ljRowAvx512)) {
  _ljTypes.fill(params);
}

void SingleCentreCellProcessor::initTraversal() {
  _upot = 0.0;
  _virial = 0.0;
  _current = noCell;
}

void SingleCentreCellProcessor::preprocessCell(ParticleCell& cell) {
  if (cell.index() >= _cells.size()) _cells.resize(cell.index() + 1);
  CellData& d = _cells[cell.index()];
  const std::size_t n = cell.size();
  for (auto* v : {&d.x, &d.y, &d.z, &d.fx, &d.fy, &d.fz}) v->resize(n);
  d.type.resize(n);
  const auto& mols = cell.molecules();
  for (std::size_t i = 0; i < n; ++i) {
    d.x[i] = mols[i].r().x;
    d.y[i] = mols[i].r().y;
    d.z[i] = mols[i].r().z;
    d.fx[i] = d.fy[i] = d.fz[i] = 0.0;
    d.type[i] = static_cast<int>(_params.ljType(mols[i].componentId(), 0));
  }
}

void SingleCentreCellProcessor::begin(std::size_t cell1) {
  if (cell1 == _current) return;
  flush();
  _current = cell1;
  _full.n = 0;
  _full.hasSelf = false;
  _half.n = 0;
  _half.hasSelf = false;
}

void SingleCentreCellProcessor::append(Candidates& c, std::size_t cell2, bool self) {
  const CellData& d = _cells[cell2];
  const std::size_t n = d.x.size();
  c.grow(c.n + n);
  if (self) {
    c.skipBegin = c.n;
    c.hasSelf = true;
  }
  for (std::size_t j = 0; j < n; ++j, ++c.n) {
    c.x[c.n] = d.x[j];
    c.y[c.n] = d.y[j];
    c.z[c.n] = d.z[j];
    c.cell[c.n] = cell2;
    c.index[c.n] = j;
    c.type[c.n] = d.type[j];
  }
}

void SingleCentreCellProcessor::molecule(std::size_t m, Candidates& c, double& u6, double& vir) {
  const std::size_t n = c.n;
  if (n == 0) return;
  if (_dist2.size() < n) {
    _dist2.resize(n);
    _listed.resize(n);
  }
  CellData& a = _cells[_current];
  const double xi = a.x[m], yi = a.y[m], zi = a.z[m];
  double* d2 = _dist2.data();
  const double* cx = c.x.data();
  const double* cy = c.y.data();
  const double* cz = c.z.data();
  for (std::size_t j = 0; j < n; ++j) {
    const double dx = xi - cx[j], dy = yi - cy[j], dz = zi - cz[j];
    d2[j] = dx * dx + dy * dy + dz * dz;
  }
  // Within the cutoff and, in the first cell itself, only later molecules (each pair once): j is
  // skipped when j - skipBegin < skipCount as unsigned numbers, i.e. skipBegin <= j <= skipBegin + m.
  const std::size_t skipBegin = c.skipBegin, skipCount = c.hasSelf ? m + 1 : 0;
  const double rc2 = _cutoff2;
  std::size_t* listed = _listed.data();
  std::size_t count = 0;
  for (std::size_t j = 0; j < n; ++j) {
    listed[count] = j;
    count += static_cast<std::size_t>(d2[j] < rc2) & static_cast<std::size_t>(j - skipBegin >= skipCount);
  }
  if (count == 0) return;
  Packed& p = _packed;
  p.grow(count);
  const bool singleType = _numTypes == 1;
  const std::size_t row = static_cast<std::size_t>(a.type[m]) * _numTypes;
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t j = listed[k];
    p.from[k] = j;
    p.x[k] = cx[j];
    p.y[k] = cy[j];
    p.z[k] = cz[j];
    p.fx[k] = 0.0;
    p.fy[k] = 0.0;
    p.fz[k] = 0.0;
  }
  if (!singleType)
    for (std::size_t k = 0; k < count; ++k) {
      const std::size_t t = row + static_cast<std::size_t>(c.type[p.from[k]]);
      p.eps24[k] = _ljTypes.eps24[t];
      p.sig2[k] = _ljTypes.sig2[t];
      p.shift6[k] = _ljTypes.shift6[t];
    }
  double fxi = 0.0, fyi = 0.0, fzi = 0.0;
  _ljRow(singleType, xi, yi, zi, singleType ? &_ljTypes.eps24[0] : p.eps24.data(), singleType ? &_ljTypes.sig2[0] : p.sig2.data(),
        singleType ? &_ljTypes.shift6[0] : p.shift6.data(), p.x.data(), p.y.data(), p.z.data(), p.fx.data(), p.fy.data(),
        p.fz.data(), count, fxi, fyi, fzi, u6, vir);
  a.fx[m] += fxi;
  a.fy[m] += fyi;
  a.fz[m] += fzi;
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t j = p.from[k];
    CellData& b = _cells[c.cell[j]];
    b.fx[c.index[j]] += p.fx[k];
    b.fy[c.index[j]] += p.fy[k];
    b.fz[c.index[j]] += p.fz[k];
  }
}

void SingleCentreCellProcessor::flush() {
  if (_current == noCell) return;
  const std::size_t n = _cells[_current].x.size();
  double u6 = 0.0, vir = 0.0, u6Half = 0.0, virHalf = 0.0;
  for (std::size_t m = 0; m < n; ++m) {
    molecule(m, _full, u6, vir);
    molecule(m, _half, u6Half, virHalf);
  }
  _upot += (u6 + 0.5 * u6Half) / 6.0;
  _virial += vir + 0.5 * virHalf;
  _current = noCell;
}

void SingleCentreCellProcessor::processCell(ParticleCell& cell) {
  begin(cell.index());
  append(_full, cell.index(), true);
}

void SingleCentreCellProcessor::processCellPair(ParticleCell& cell1, ParticleCell& cell2) {
  begin(cell1.index());
  append(cell1.isHalo() || cell2.isHalo() ? _half : _full, cell2.index(), false);
}

void SingleCentreCellProcessor::postprocessCell(ParticleCell& cell) {
  flush();  // the last first cell of the traversal
  if (cell.isHalo()) return;  // forces on halo copies are discarded
  const CellData& d = _cells[cell.index()];
  auto& mols = cell.molecules();
  for (std::size_t i = 0; i < mols.size(); ++i) mols[i].addF({d.fx[i], d.fy[i], d.fz[i]});
}

void SingleCentreCellProcessor::endTraversal() { flush(); }

}  // namespace mardyn
