// VectorizedCellProcessor: SoA buffers filled in preprocessCell, a vectorised centre-of-mass
// filter and packed, branch-free site loops; forces and torques reduced to the molecules at the end.

// The pair loops sum forces, energy and virial over j: GCC keeps those sums in vector lanes only
// when it may reassociate them (limited to this file; the results stay deterministic).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-trapping-math", "no-signed-zeros", "associative-math")
#endif

#include "particleContainer/VectorizedCellProcessor.h"

#include "particleContainer/VectorizedMultipoleLoops.h"
#include "particleContainer/potforce/PotForceLJ.h"

#include <algorithm>

namespace mardyn {

void VectorizedCellProcessor::PackedSites::reserve(std::size_t n) {
  if (x.size() >= n) return;
  for (auto* v : {&x, &y, &z, &fx, &fy, &fz, &eps24, &sig2, &shift6}) v->resize(n);
  index.resize(n);
  type.resize(n);
}

VectorizedCellProcessor::VectorizedCellProcessor(const InteractionParameters& params, SimdLevel simd)
    : _params(params),
      _pair(params),
      _cutoff2(params.cutoff() * params.cutoff()),
      _innerCutoff2(params.switchingStart() * params.switchingStart()),
      _numLJTypes(params.numLJTypes()),
      _oneComponent(params.numComponents() == 1),
      _simd(simd) {
  _ljTypes.fill(params);
}

void VectorizedCellProcessor::appendMolecule(CellDataSoA& soa, MultipoleCellData& mp, const Molecule* mol) const {
  if (!mol) {
    for (auto* v : {&soa.comX, &soa.comY, &soa.comZ}) v->push_back(0.0);
    soa.lj.first.push_back(soa.lj.size());
    for (MultipoleSiteArrays* a : {&mp.charges, &mp.dipoles, &mp.quadrupoles}) a->first.push_back(a->size());
    return;
  }
  const Molecule& m = *mol;
  const Vec3& r = m.r();
  soa.comX.push_back(r.x);
  soa.comY.push_back(r.y);
  soa.comZ.push_back(r.z);
  soa.lj.first.push_back(soa.lj.size());
  const auto& centres = m.component().ljCenters();
  const auto rot = m.q().matrix();  // space -> body; its transpose maps body -> space
  mp.addMolecule(m, rot);
  for (std::size_t s = 0; s < centres.size(); ++s) {
    const Vec3& b = centres[s].r;
    const double px = r.x + rot[0] * b.x + rot[3] * b.y + rot[6] * b.z;
    const double py = r.y + rot[1] * b.x + rot[4] * b.y + rot[7] * b.z;
    const double pz = r.z + rot[2] * b.x + rot[5] * b.y + rot[8] * b.z;
    soa.lj.push(px, py, pz, r.x, r.y, r.z, static_cast<int>(_params.ljType(m.componentId(), static_cast<unsigned>(s))));
  }
}

void VectorizedCellProcessor::updateMolecule(CellDataSoA& soa, MultipoleCellData& mp, std::size_t entry,
                                             const Molecule& m) const {
  const Vec3& r = m.r();
  soa.comX[entry] = r.x;
  soa.comY[entry] = r.y;
  soa.comZ[entry] = r.z;
  const auto& centres = m.component().ljCenters();
  const auto rot = m.q().matrix();  // space -> body; its transpose maps body -> space
  mp.updateMolecule(entry, m, rot);
  const std::size_t first = soa.lj.first[entry];
  for (std::size_t c = 0; c < centres.size(); ++c) {
    const Vec3& b = centres[c].r;
    double* rec = &soa.lj.rec[SiteArrays::recSize * (first + c)];
    rec[0] = r.x + rot[0] * b.x + rot[3] * b.y + rot[6] * b.z;  // as appendMolecule, to the last bit
    rec[1] = r.y + rot[1] * b.x + rot[4] * b.y + rot[7] * b.z;
    rec[2] = r.z + rot[2] * b.x + rot[5] * b.y + rot[8] * b.z;
    rec[3] = rec[0] - r.x;
    rec[4] = rec[1] - r.y;
    rec[5] = rec[2] - r.z;
    double* f = &soa.lj.f[3 * (first + c)];
    f[0] = f[1] = f[2] = 0.0;
  }
}

void VectorizedCellProcessor::moleculeAgainstListed(CellDataSoA& soa1, MultipoleCellData& mp1, std::size_t m,
                                                    CellDataSoA& soa2, MultipoleCellData& mp2,
                                                    const std::size_t* listed, std::size_t n, std::size_t nFirst,
                                                    double weightFirst, double weightRest) {
  if (n == 0) return;
  double u6[2] = {0.0, 0.0}, vir[2] = {0.0, 0.0};
  multipoleloops::Sums sums[2];
  ljSites(soa1, m, soa2, listed, n, nFirst, u6, vir);
  if (!mp1.empty() && !mp2.empty()) {
    MultipoleCellData& p = _packedMultipoles;
    std::size_t split[3];
    p.packListed(mp2, listed, n, nFirst, split);
    _kernels.multipoleRows(mp1, m, p, split, _cutoff2, _params.epsRFInvrc3(), sums);
    p.scatter(mp2);
  }
  _upot += weightFirst * (u6[0] / 6.0 + sums[0].upot) + weightRest * (u6[1] / 6.0 + sums[1].upot);
  _virial += weightFirst * (vir[0] + sums[0].virial) + weightRest * (vir[1] + sums[1].virial);
}

void VectorizedCellProcessor::moleculeForce(const CellDataSoA& soa, const MultipoleCellData& mp, std::size_t m,
                                            Vec3& force, Vec3& torque) {
  const SiteArrays& lj = soa.lj;
  Vec3 f, t;
  const Vec3 com{soa.comX[m], soa.comY[m], soa.comZ[m]};
  for (std::size_t s = lj.first[m]; s < lj.first[m + 1]; ++s) {
    const double* rec = &lj.rec[SiteArrays::recSize * s];
    const Vec3 fs{lj.f[3 * s], lj.f[3 * s + 1], lj.f[3 * s + 2]};
    f += fs;
    t += cross(Vec3{rec[3], rec[4], rec[5]}, fs);
  }
  mp.reduce(m, com, f, t);
  force = f;
  torque = t;
}

void VectorizedCellProcessor::initTraversal() {
  _upot = 0.0;
  _virial = 0.0;
}

void VectorizedCellProcessor::preprocessCell(ParticleCell& cell) {
  if (cell.index() >= _soa.size()) _soa.resize(cell.index() + 1);
  if (cell.index() >= _multipoles.size()) _multipoles.resize(cell.index() + 1);
  MultipoleCellData& mp = _multipoles[cell.index()];
  mp.clear();
  CellDataSoA& soa = _soa[cell.index()];
  soa.numMolecules = cell.size();
  soa.halo = cell.isHalo();
  soa.comX.clear();
  soa.comY.clear();
  soa.comZ.clear();
  soa.lj.clear();
  for (const Molecule& m : cell.molecules()) appendMolecule(soa, mp, &m);
  soa.lj.first.push_back(soa.lj.size());
  mp.finish();
  if (_dist2.size() < soa.numMolecules) {
    _dist2.resize(soa.numMolecules);
    _listed.resize(soa.numMolecules);
  }
}

namespace {

/// One LJ centre i against n packed centres, all of molecules within the cutoff. Adds to 6 u and
/// to the site virial (site distance . force; ljSites turns it into the centre-of-mass virial); forces
/// go to fi and, negated, to the packed accumulators. SingleType: one parameter set (eps24[0], ...),
/// else per packed centre.
template <bool SingleType>
inline __attribute__((always_inline)) void ljRowBody(double xi, double yi, double zi, const double* eps24,
                                                     const double* sig2, const double* shift6, const double* x,
                                                     const double* y, const double* z, double* fx, double* fy,
                                                     double* fz, std::size_t n, double& fxi, double& fyi, double& fzi,
                                                     double& u6, double& vir) {
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
    sv += r2 * fac;
  }
  fxi += sfx;
  fyi += sfy;
  fzi += sfz;
  u6 += su;
  vir += sv;
}

// The row loops, compiled for every instruction-set variant; the processor calls those of its level.
MARDYN_SIMD_VARIANTS(void, ljRowSingleType,
                     (double xi, double yi, double zi, const double* eps24, const double* sig2, const double* shift6,
                      const double* x, const double* y, const double* z, double* fx, double* fy, double* fz,
                      std::size_t n, double& fxi, double& fyi, double& fzi, double& u6, double& vir),
                     ljRowBody<true>(xi, yi, zi, eps24, sig2, shift6, x, y, z, fx, fy, fz, n, fxi, fyi, fzi, u6, vir))

MARDYN_SIMD_VARIANTS(void, ljRowPerSite,
                     (double xi, double yi, double zi, const double* eps24, const double* sig2, const double* shift6,
                      const double* x, const double* y, const double* z, double* fx, double* fy, double* fz,
                      std::size_t n, double& fxi, double& fyi, double& fzi, double& u6, double& vir),
                     ljRowBody<false>(xi, yi, zi, eps24, sig2, shift6, x, y, z, fx, fy, fz, n, fxi, fyi, fzi, u6, vir))

/// The electrostatic rows of one molecule against its packed neighbours.
MARDYN_SIMD_VARIANTS(void, multipoleRows,
                     (MultipoleCellData & a, std::size_t m, MultipoleCellData& packed, const std::size_t* split,
                      double cutoff2, double epsRFInvrc3, multipoleloops::Sums* sums),
                     multipoleloops::moleculeAgainstPacked(a, m, packed, split, cutoff2, epsRFInvrc3, sums))

}  // namespace

VectorizedCellProcessor::Kernels VectorizedCellProcessor::kernelsFor(SimdLevel level) {
  Kernels k;
  k.ljRowSingleType = simdVariant(level, ljRowSingleTypeSse2, ljRowSingleTypeAvx2, ljRowSingleTypeAvx512);
  k.ljRowPerSite = simdVariant(level, ljRowPerSiteSse2, ljRowPerSiteAvx2, ljRowPerSiteAvx512);
  k.multipoleRows = simdVariant(level, multipoleRowsSse2, multipoleRowsAvx2, multipoleRowsAvx512);
  return k;
}

template <bool Self>
void VectorizedCellProcessor::pairLoop(CellDataSoA& soa1, CellDataSoA& soa2, MultipoleCellData& mp1,
                                       MultipoleCellData& mp2, double weight) {
  const bool multipoles = !mp1.empty() && !mp2.empty();
  multipoleloops::Sums sums[2];
  const std::size_t nb = soa2.numMolecules;
  if (soa1.numMolecules == 0 || nb == 0) return;
  const double* bx = soa2.comX.data();
  const double* by = soa2.comY.data();
  const double* bz = soa2.comZ.data();
  double* d2 = _dist2.data();
  std::size_t* listed = _listed.data();
  double u6[2] = {0.0, 0.0}, vir[2] = {0.0, 0.0};  // [1] stays 0: every pair has the one weight
  for (std::size_t m = 0; m < soa1.numMolecules; ++m) {
    const std::size_t begin = Self ? m + 1 : 0;  // self: later molecules only
    if (begin >= nb) continue;
    const double cx = soa1.comX[m], cy = soa1.comY[m], cz = soa1.comZ[m];
    for (std::size_t j = begin; j < nb; ++j) {
      const double dx = cx - bx[j], dy = cy - by[j], dz = cz - bz[j];
      d2[j] = dx * dx + dy * dy + dz * dz;
    }
    std::size_t n = 0;
    for (std::size_t j = begin; j < nb; ++j) {
      listed[n] = j;
      n += d2[j] < _innerCutoff2 ? 1 : 0;
    }
    if (n == 0) continue;
    ljSites(soa1, m, soa2, listed, n, n, u6, vir);
    if (multipoles) {
      MultipoleCellData& p = _packedMultipoles;
      p.packListed(mp2, listed, n);
      const std::size_t split[3] = {p.charges.size(), p.dipoles.size(), p.quadrupoles.size()};
      _kernels.multipoleRows(mp1, m, p, split, _cutoff2, _params.epsRFInvrc3(), sums);
      p.scatter(mp2);
    }
  }
  _upot += weight * (u6[0] / 6.0 + sums[0].upot);
  _virial += weight * (vir[0] + sums[0].virial);
}

void VectorizedCellProcessor::ljSites(CellDataSoA& soa1, std::size_t m, CellDataSoA& soa2,
                                      const std::size_t* listed, std::size_t numListed, std::size_t numFirst,
                                      double u6[2], double vir[2]) {
  SiteArrays& a = soa1.lj;
  SiteArrays& b = soa2.lj;
  if (a.first[m] == a.first[m + 1]) return;
  PackedSites& p = _lj;
  const std::size_t types = _numLJTypes;
  const bool grouped = types <= maxGroupedTypes;
  const std::size_t groups = grouped ? 2 * types : 2;  // else: weight classes only
  std::size_t* start = p.groupStart;
  for (std::size_t g = 0; g <= groups; ++g) start[g] = 0;
  // Raw pointers: the packed stores must not make the compiler reload the partners' columns every site.
  const std::size_t* const bFirst = b.first.data();
  const int* const bType = b.type.data();
  const double* const bRec = b.rec.data();
  if (grouped && _oneComponent) {
    // One component: LJ type = site number in the molecule, every listed molecule has each type once,
    // so the groups' sizes are the class sizes and a site's slot follows from its molecule's rank.
    const std::size_t count[2] = {numFirst, numListed - numFirst};
    for (std::size_t g = 0; g < groups; ++g) start[g + 1] = start[g] + count[g / types];
    p.reserve(start[groups]);
    std::size_t* const __restrict__ index = p.index.data();
    double* const __restrict__ px = p.x.data();
    double* const __restrict__ py = p.y.data();
    double* const __restrict__ pz = p.z.data();
    for (std::size_t k = 0; k < numListed; ++k) {
      const std::size_t cls = k < numFirst ? 0 : 1, rank = k - cls * numFirst;
      const std::size_t s0 = bFirst[listed[k]];
      for (std::size_t t = 0; t < types; ++t) {
        const std::size_t at = start[cls * types + t] + rank, s = s0 + t;
        const double* rec = &bRec[SiteArrays::recSize * s];
        index[at] = s;
        px[at] = rec[0];
        py[at] = rec[1];
        pz[at] = rec[2];
      }
    }
  } else {
    for (std::size_t k = 0; k < numListed; ++k) {
      const std::size_t mol = listed[k], cls = k < numFirst ? 0 : 1;
      const std::size_t begin = bFirst[mol], end = bFirst[mol + 1];
      if (grouped)
        for (std::size_t s = begin; s < end; ++s) ++start[cls * types + static_cast<std::size_t>(bType[s]) + 1];
      else
        start[cls + 1] += end - begin;
    }
    for (std::size_t g = 0; g < groups; ++g) start[g + 1] += start[g];
    if (start[groups] == 0) return;
    p.reserve(start[groups]);
    std::size_t fill[2 * maxGroupedTypes];
    std::copy(start, start + groups, fill);
    std::size_t* const __restrict__ index = p.index.data();
    double* const __restrict__ px = p.x.data();
    double* const __restrict__ py = p.y.data();
    double* const __restrict__ pz = p.z.data();
    for (std::size_t k = 0; k < numListed; ++k) {
      const std::size_t mol = listed[k], cls = k < numFirst ? 0 : 1;
      const std::size_t begin = bFirst[mol], end = bFirst[mol + 1];
      for (std::size_t s = begin; s < end; ++s) {
        const std::size_t at = fill[grouped ? cls * types + static_cast<std::size_t>(bType[s]) : cls]++;
        const double* rec = &bRec[SiteArrays::recSize * s];
        index[at] = s;
        px[at] = rec[0];
        py[at] = rec[1];
        pz[at] = rec[2];
      }
    }
  }
  const std::size_t ns = start[groups];
  if (ns == 0) return;
  if (!grouped)
    for (std::size_t k = 0; k < ns; ++k) p.type[k] = b.type[p.index[k]];
  std::fill(p.fx.begin(), p.fx.begin() + ns, 0.0);
  std::fill(p.fy.begin(), p.fy.begin() + ns, 0.0);
  std::fill(p.fz.begin(), p.fz.begin() + ns, 0.0);
  // The loops sum the site virial (r_i - r_j) . f; the centre-of-mass virial (c_i - c_j) . f differs
  // by - (r_i - c_i) . f + (r_j - c_j) . f: summed per site over its pairs of each weight class below.
  std::size_t filledRow = static_cast<std::size_t>(-1);  // the parameters in p are those of this type row
  for (std::size_t i = a.first[m]; i < a.first[m + 1]; ++i) {
    double fi[2][3] = {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}};  // force on site i by weight class
    const double* reci = &a.rec[SiteArrays::recSize * i];
    const double xi = reci[0], yi = reci[1], zi = reci[2];
    const std::size_t row = static_cast<std::size_t>(a.type[i]) * types;
    if (grouped) {
      for (std::size_t g = 0; g < groups; ++g) {
        const std::size_t b0 = start[g], n = start[g + 1] - b0, cls = g / types, t = row + g % types;
        if (n == 0) continue;
        _kernels.ljRowSingleType(xi, yi, zi, &_ljTypes.eps24[t], &_ljTypes.sig2[t], &_ljTypes.shift6[t],
                                 p.x.data() + b0, p.y.data() + b0, p.z.data() + b0, p.fx.data() + b0,
                                 p.fy.data() + b0, p.fz.data() + b0, n, fi[cls][0], fi[cls][1], fi[cls][2], u6[cls],
                                 vir[cls]);
      }
    } else {
      if (row != filledRow)  // sites of one type share the parameters
        for (std::size_t k = 0; k < ns; ++k) {
          p.eps24[k] = _ljTypes.eps24[row + p.type[k]];
          p.sig2[k] = _ljTypes.sig2[row + p.type[k]];
          p.shift6[k] = _ljTypes.shift6[row + p.type[k]];
        }
      filledRow = row;
      for (std::size_t cls = 0; cls < 2; ++cls) {
        const std::size_t b0 = start[cls], n = start[cls + 1] - b0;
        if (n == 0) continue;
        _kernels.ljRowPerSite(xi, yi, zi, p.eps24.data() + b0, p.sig2.data() + b0, p.shift6.data() + b0,
                              p.x.data() + b0, p.y.data() + b0, p.z.data() + b0, p.fx.data() + b0, p.fy.data() + b0,
                              p.fz.data() + b0, n, fi[cls][0], fi[cls][1], fi[cls][2], u6[cls], vir[cls]);
      }
    }
    for (int cls = 0; cls < 2; ++cls) vir[cls] -= reci[3] * fi[cls][0] + reci[4] * fi[cls][1] + reci[5] * fi[cls][2];
    a.f[3 * i] += fi[0][0] + fi[1][0];
    a.f[3 * i + 1] += fi[0][1] + fi[1][1];
    a.f[3 * i + 2] += fi[0][2] + fi[1][2];
  }
  // The packed accumulators hold -f on each partner centre: lever arms of the partners, then scatter.
  const std::size_t classEnd[2] = {start[grouped ? types : 1], ns};
  const std::size_t* const index = p.index.data();
  const double* const __restrict__ pfx = p.fx.data();
  const double* const __restrict__ pfy = p.fy.data();
  const double* const __restrict__ pfz = p.fz.data();
  double* const __restrict__ bf = b.f.data();
  for (std::size_t cls = 0, k = 0; cls < 2; ++cls) {
    double sv = 0.0;
    for (; k < classEnd[cls]; ++k) {
      const std::size_t s = index[k];
      const double* lever = &bRec[SiteArrays::recSize * s + 3];
      sv += lever[0] * pfx[k] + lever[1] * pfy[k] + lever[2] * pfz[k];
      double* fs = &bf[3 * s];
      fs[0] += pfx[k];
      fs[1] += pfy[k];
      fs[2] += pfz[k];
    }
    vir[cls] -= sv;
  }
}

void VectorizedCellProcessor::processCell(ParticleCell& cell) {
  CellDataSoA& soa = _soa[cell.index()];
  MultipoleCellData& mp = _multipoles[cell.index()];
  pairLoop<true>(soa, soa, mp, mp, 1.0);
  if (mp.dipoles.size() > 0)  // processCell sees owned cells only
    for (const Molecule& m : cell.molecules()) _upot += _pair.reactionFieldSelfEnergy(m);
  if (_innerCutoff2 < _cutoff2) switchedPairs(cell, cell, true, 1.0);
}

void VectorizedCellProcessor::processCellPair(ParticleCell& cell1, ParticleCell& cell2) {
  const double weight = (cell1.isHalo() || cell2.isHalo()) ? 0.5 : 1.0;
  pairLoop<false>(_soa[cell1.index()], _soa[cell2.index()], _multipoles[cell1.index()], _multipoles[cell2.index()],
                  weight);
  if (_innerCutoff2 < _cutoff2) switchedPairs(cell1, cell2, false, weight);
}

void VectorizedCellProcessor::switchedPairs(ParticleCell& cell1, ParticleCell& cell2, bool self, double weight) {
  auto& a = cell1.molecules();
  auto& b = cell2.molecules();
  for (std::size_t i = 0; i < a.size(); ++i) {
    for (std::size_t j = self ? i + 1 : 0; j < b.size(); ++j) {
      const Vec3 dcom = a[i].r() - b[j].r();
      const double r2 = norm2(dcom);
      if (r2 >= _innerCutoff2 && r2 < _cutoff2) _pair.interact(a[i], b[j], dcom, weight, _upot, _virial);
    }
  }
}

void VectorizedCellProcessor::postprocessCell(ParticleCell& cell) {
  if (cell.isHalo()) return;  // forces on halo copies are discarded
  CellDataSoA& soa = _soa[cell.index()];
  auto& mols = cell.molecules();
  for (std::size_t m = 0; m < mols.size(); ++m) {
    Vec3 f, torque;
    moleculeForce(soa, _multipoles[cell.index()], m, f, torque);
    mols[m].addF(f);
    mols[m].addM(torque);
  }
}

void VectorizedCellProcessor::endTraversal() {}

}  // namespace mardyn
