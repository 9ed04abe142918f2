// VectorizedCellProcessor: per-cell SoA site buffers filled in preprocessCell, branch-free site
// loops (cutoff as a mask) over contiguous arrays, forces and torques reduced to molecules at the end.
#include "particleContainer/VectorizedCellProcessor.h"

namespace mardyn {

VectorizedCellProcessor::VectorizedCellProcessor(const InteractionParameters& params)
    : _params(params), _cutoff2(params.cutoff() * params.cutoff()), _numLJTypes(params.numLJTypes()) {
  const std::size_t n = static_cast<std::size_t>(_numLJTypes) * _numLJTypes;
  _eps24.resize(n);
  _sig2.resize(n);
  _shift.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const LJPairParameters& p = params.ljTable()[i];
    _eps24[i] = p.eps24;
    _sig2[i] = p.sigma2;
    _shift[i] = 6.0 * p.shift;  // the loops sum 6 u
  }
}

void VectorizedCellProcessor::initTraversal() {
  _upot = 0.0;
  _virial = 0.0;
}

void VectorizedCellProcessor::preprocessCell(ParticleCell& cell) {
  if (cell.index() >= _soa.size()) _soa.resize(cell.index() + 1);
  CellDataSoA& soa = _soa[cell.index()];
  soa.numMolecules = cell.size();
  soa.halo = cell.isHalo();
  soa.comX.clear();
  soa.comY.clear();
  soa.comZ.clear();
  soa.lj.clear();
  for (const Molecule& m : cell.molecules()) {
    const Vec3& r = m.r();
    soa.comX.push_back(r.x);
    soa.comY.push_back(r.y);
    soa.comZ.push_back(r.z);
    soa.lj.first.push_back(soa.lj.size());
    const auto& centres = m.component().ljCenters();
    const auto rot = m.q().matrix();  // space -> body; columns give body -> space
    for (std::size_t s = 0; s < centres.size(); ++s) {
      const Vec3& b = centres[s].r;
      const double px = r.x + rot[0] * b.x + rot[3] * b.y + rot[6] * b.z;
      const double py = r.y + rot[1] * b.x + rot[4] * b.y + rot[7] * b.z;
      const double pz = r.z + rot[2] * b.x + rot[5] * b.y + rot[8] * b.z;
      soa.lj.push(px, py, pz, r.x, r.y, r.z,
                  static_cast<int>(_params.ljType(m.componentId(), static_cast<unsigned>(s))));
    }
  }
  soa.lj.first.push_back(soa.lj.size());
}

namespace {

/// One LJ centre (i) against the centres [begin, end) of a SoA block. Returns the contributions
/// to 6 u and the virial; forces go to fi and to the block's accumulators (Newton's third law).
template <bool SingleType>
inline void ljRow(double xi, double yi, double zi, double cxi, double cyi, double czi, const double* eps24,
                  const double* sig2, const double* shift6, const int* type, const double* x, const double* y,
                  const double* z, const double* cx, const double* cy, const double* cz, double* fx, double* fy,
                  double* fz, std::size_t begin, std::size_t end, double cutoff2, double& fxi, double& fyi,
                  double& fzi, double& u6, double& vir) {
  double sfx = 0.0, sfy = 0.0, sfz = 0.0, su = 0.0, sv = 0.0;
#pragma GCC ivdep
  for (std::size_t j = begin; j < end; ++j) {
    const double mdx = cxi - cx[j], mdy = cyi - cy[j], mdz = czi - cz[j];
    const double m2 = mdx * mdx + mdy * mdy + mdz * mdz;
    const double dx = xi - x[j], dy = yi - y[j], dz = zi - z[j];
    const double r2 = dx * dx + dy * dy + dz * dz;
    const double e24 = SingleType ? eps24[0] : eps24[type[j]];
    const double s2 = SingleType ? sig2[0] : sig2[type[j]];
    const double sh = SingleType ? shift6[0] : shift6[type[j]];
    const double invr2 = 1.0 / r2;
    const double l2 = s2 * invr2;
    const double l6 = l2 * l2 * l2;
    const double l12 = l6 * l6;
    const double mask = m2 < cutoff2 ? 1.0 : 0.0;
    const double e = mask * e24;
    const double fac = e * (l12 + l12 - l6) * invr2;
    const double ffx = dx * fac, ffy = dy * fac, ffz = dz * fac;
    sfx += ffx;
    sfy += ffy;
    sfz += ffz;
    fx[j] -= ffx;
    fy[j] -= ffy;
    fz[j] -= ffz;
    su += e * (l12 - l6) + mask * sh;
    sv += mdx * ffx + mdy * ffy + mdz * ffz;
  }
  fxi += sfx;
  fyi += sfy;
  fzi += sfz;
  u6 += su;
  vir += sv;
}

}  // namespace

template <bool Self>
void VectorizedCellProcessor::ljLoop(CellDataSoA& soa1, CellDataSoA& soa2, double weight) {
  SiteArrays& a = soa1.lj;
  SiteArrays& b = soa2.lj;
  if (a.size() == 0 || b.size() == 0) return;
  const bool single = _numLJTypes == 1;
  double u6 = 0.0, vir = 0.0;
  for (std::size_t m = 0; m < soa1.numMolecules; ++m) {
    // Self: only the sites of later molecules (each pair once, no intramolecular pairs).
    const std::size_t begin = Self ? b.first[m + 1] : 0;
    const std::size_t end = b.size();
    if (begin >= end) continue;
    for (std::size_t i = a.first[m]; i < a.first[m + 1]; ++i) {
      const std::size_t row = static_cast<std::size_t>(a.type[i]) * _numLJTypes;
      double fxi = 0.0, fyi = 0.0, fzi = 0.0;
      if (single)
        ljRow<true>(a.x[i], a.y[i], a.z[i], a.cx[i], a.cy[i], a.cz[i], &_eps24[row], &_sig2[row], &_shift[row],
                    b.type.data(), b.x.data(), b.y.data(), b.z.data(), b.cx.data(), b.cy.data(), b.cz.data(),
                    b.fx.data(), b.fy.data(), b.fz.data(), begin, end, _cutoff2, fxi, fyi, fzi, u6, vir);
      else
        ljRow<false>(a.x[i], a.y[i], a.z[i], a.cx[i], a.cy[i], a.cz[i], &_eps24[row], &_sig2[row], &_shift[row],
                     b.type.data(), b.x.data(), b.y.data(), b.z.data(), b.cx.data(), b.cy.data(), b.cz.data(),
                     b.fx.data(), b.fy.data(), b.fz.data(), begin, end, _cutoff2, fxi, fyi, fzi, u6, vir);
      a.fx[i] += fxi;
      a.fy[i] += fyi;
      a.fz[i] += fzi;
    }
  }
  _upot += weight * u6 / 6.0;
  _virial += weight * vir;
}

void VectorizedCellProcessor::processCell(ParticleCell& cell) {
  CellDataSoA& soa = _soa[cell.index()];
  ljLoop<true>(soa, soa, 1.0);
}

void VectorizedCellProcessor::processCellPair(ParticleCell& cell1, ParticleCell& cell2) {
  const double weight = (cell1.isHalo() || cell2.isHalo()) ? 0.5 : 1.0;
  ljLoop<false>(_soa[cell1.index()], _soa[cell2.index()], weight);
}

void VectorizedCellProcessor::postprocessCell(ParticleCell& cell) {
  if (cell.isHalo()) return;  // forces on halo copies are discarded
  CellDataSoA& soa = _soa[cell.index()];
  auto& mols = cell.molecules();
  const SiteArrays& lj = soa.lj;
  for (std::size_t m = 0; m < mols.size(); ++m) {
    Vec3 f, torque;
    const Vec3 com{soa.comX[m], soa.comY[m], soa.comZ[m]};
    for (std::size_t s = lj.first[m]; s < lj.first[m + 1]; ++s) {
      const Vec3 fs{lj.fx[s], lj.fy[s], lj.fz[s]};
      f += fs;
      torque += cross(Vec3{lj.x[s], lj.y[s], lj.z[s]} - com, fs);
    }
    mols[m].addF(f);
    mols[m].addM(torque);
  }
}

void VectorizedCellProcessor::endTraversal() {}

}  // namespace mardyn
