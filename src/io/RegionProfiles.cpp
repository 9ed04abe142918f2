// RegionProfiles: ls1's SampleRegion::sampleProfiles, calcGlobalValuesProfiles and writeDataProfiles: the same
// slab index, sums, derived quantities and columns (empty slabs give ls1's NaNs).
#include "io/RegionProfiles.h"

#include "io/Ls1Format.h"

#include <cmath>
#include <sstream>

namespace mardyn {

RegionProfiles::RegionProfiles(const Settings& s, int id, double lowerY, double height, double area,
                               const std::vector<double>& masses)
    : _s(s), _id(id), _lowerY(lowerY), _components(masses.size()) {
  _bins = s.byWidth ? static_cast<unsigned>(std::round(height / s.width)) : s.bins;
  if (_bins == 0) _bins = 1;
  _binWidth = height / static_cast<double>(_bins);
  _binVolume = _binWidth * area;
  _nc = s.singleComponent ? 2u : static_cast<unsigned>(masses.size()) + 1u;
  _mass.assign(_nc, 0.0);
  for (unsigned c = 1; c < _nc; ++c) _mass[c] = masses[c - 1];  // single component: component 1's mass (as ls1)
  _nScalar = 3ul * _nc * _bins;
  _sums.assign(3 * _nScalar + 4 * 3 * _nScalar, 0.0);
}

void RegionProfiles::reset() { std::fill(_sums.begin(), _sums.end(), 0.0); }

MoleculeBinning::Request RegionProfiles::request() const {
  using B = MoleculeBinning;
  B::Request r;
  r.geometry = B::Geometry::SlabsY;  // ls1: floor((y - lower) / width), outside (or halo) molecules are ignored
  r.lower = _lowerY;
  r.width = _binWidth;
  r.bins = _bins;
  r.perComponent = true;
  r.singleComponent = _s.singleComponent;
  r.directions = true;
  for (B::Field f : {B::Count, B::RotDof, B::TwiceErot, B::Vx, B::Vy, B::Vz, B::Vx2, B::Vy2, B::Vz2, B::Fx, B::Fy, B::Fz,
                     B::ViX, B::ViY, B::ViZ})
    r.fieldMask |= 1u << f;
  return r;
}

void RegionProfiles::addBinned(const std::vector<double>& binned) {
  constexpr std::size_t kFields = 15;  // the request's fields, in Field order
  const std::size_t slots = _components + 1;
  double* count = _sums.data();
  double* dof = count + _nScalar;
  double* erot = dof + _nScalar;
  double* vec = erot + _nScalar;  // v, v^2, F, virial: 3 * _nScalar each
  for (unsigned dir = 0; dir < 3; ++dir)
    for (unsigned c = 0; c < _nc; ++c)
      for (unsigned bin = 0; bin < _bins; ++bin) {
        const double* b = &binned[((dir * slots + c) * _bins + bin) * kFields];
        const std::size_t k = scalar(dir, c, bin);
        count[k] += b[0];
        dof[k] += b[1];
        erot[k] += b[2];
        for (unsigned dim = 0; dim < 3; ++dim) {
          const std::size_t j = vector(dim, dir, c, bin);
          vec[j] += b[3 + dim];
          vec[3 * _nScalar + j] += b[6 + dim];
          vec[6 * _nScalar + j] += b[9 + dim];
          vec[9 * _nScalar + j] += b[12 + dim];
        }
      }
}

std::vector<std::pair<std::string, std::string>> RegionProfiles::files(unsigned long step) const {
  const std::size_t nS = _nScalar, nV = 3 * nS;
  const double* N = _sums.data();
  const double* rotDof = N + nS;
  const double* erotG = rotDof + nS;
  const double* vel = erotG + nS;
  const double* vel2 = vel + nV;
  const double* force = vel2 + nV;
  const double* vir = force + nV;
  const double invSamples = 1. / static_cast<double>(_s.frequency);
  const double invBinVolSamples = 1. / _binVolume * invSamples;
  std::vector<double> transComp(nV, 0.0), driftComp(nV, 0.0), trans(nS, 0.0), drift(nS, 0.0);
  for (unsigned dir = 0; dir < 3; ++dir)
    for (unsigned dim = 0; dim < 3; ++dim)
      for (unsigned c = 1; c < _nc; ++c)
        for (unsigned s = 0; s < _bins; ++s) {
          const std::size_t comp = vector(dim, dir, c, s), sum = vector(dim, dir, 0, s);
          const double t = vel2[comp] * _mass[c];
          transComp[comp] = t;
          transComp[sum] += t;
          const double n = N[scalar(dir, c, s)];
          const double invN = n > 0 ? 1. / n : 0.;
          const double vd = vel[comp];
          const double d = vd * vd * _mass[c] * invN;
          driftComp[comp] = d;
          driftComp[sum] += d;
        }
  for (unsigned dir = 0; dir < 3; ++dir)
    for (unsigned dim = 0; dim < 3; ++dim)
      for (unsigned c = 0; c < _nc; ++c)
        for (unsigned s = 0; s < _bins; ++s) {
          trans[scalar(dir, c, s)] += transComp[vector(dim, dir, c, s)];
          drift[scalar(dir, c, s)] += driftComp[vector(dim, dir, c, s)];
        }
  auto col = [](std::ostringstream& os, double v) { os << Ls1Format::sci(v); };
  static const char* kDir[3] = {"all", "pos", "neg"};
  std::vector<std::pair<std::string, std::string>> out;
  for (unsigned dir = 0; dir < 3; ++dir) {
    std::ostringstream sc, ve;
    sc << "                     pos";
    ve << "                     pos";
    for (unsigned c = 0; c < _nc; ++c) {
      for (const char* h : {"            DOF_total[", "            DOF_trans[", "              DOF_rot[",
                            "                  rho[", "           Ekin_total[", "           Ekin_trans[",
                            "           Ekin_drift[", "             Ekin_rot[", "               Ekin_T[",
                            "                 Epot[", "                    T[", "              T_trans[",
                            "                T_rot[", "                    p["})
        sc << h << c << "]";
      for (const char* h : {"                   Fx[", "                   Fy[", "                   Fz[",
                            "                   vx[", "                   vy[", "                   vz[",
                            "         Ekin_trans,x[", "         Ekin_trans,y[", "         Ekin_trans,z[",
                            "         Ekin_drift,x[", "         Ekin_drift,y[", "         Ekin_drift,z[",
                            "                   Tx[", "                   Ty[", "                   Tz[",
                            "                   px[", "                   py[", "                   pz["})
        ve << h << c << "]";
    }
    sc << "\n";
    ve << "\n";
    for (unsigned s = 0; s < _bins; ++s) {
      const double mid = (s + 0.5) * _binWidth + _lowerY;
      col(sc, mid);
      col(ve, mid);
      for (unsigned c = 0; c < _nc; ++c) {
        const std::size_t i = scalar(dir, c, s);
        const unsigned long n = static_cast<unsigned long>(N[i]);
        const unsigned long dofTrans = n * 3, dofRot = static_cast<unsigned long>(rotDof[i]), dofTotal = dofTrans + dofRot;
        const double invTrans = dofTrans > 0 ? 1. / static_cast<double>(dofTrans) : 0.;
        const double invRot = dofRot > 0 ? 1. / static_cast<double>(dofRot) : 0.;
        const double invTotal = dofTotal > 0 ? 1. / static_cast<double>(dofTotal) : 0.;
        const double rho = static_cast<double>(n) * invBinVolSamples;
        const double eRot = erotG[i], eTotal = trans[i] + eRot, eT = eTotal - drift[i];
        const double T = eT * invTotal, Ttrans = trans[i] * invTrans, Trot = eRot * invRot;
        double drift3[3], force3[3], tComp[3], virial3[3], transC[3], driftC[3];
        const double invN = 1. / static_cast<double>(n);  // ls1: infinite for empty slabs
        for (unsigned d = 0; d < 3; ++d) {
          const std::size_t j = vector(d, dir, c, s);
          drift3[d] = vel[j] * invN;
          force3[d] = force[j] * invN;
          transC[d] = transComp[j];
          driftC[d] = driftComp[j];
          tComp[d] = (transComp[j] - driftComp[j]) * invN;
          virial3[d] = vir[j];
        }
        const double nd = static_cast<double>(n);
        const double p = rho * ((virial3[0] + virial3[1] + virial3[2]) / (3 * nd) + T);
        col(sc, static_cast<double>(dofTotal) * invSamples);
        col(sc, static_cast<double>(dofTrans) * invSamples);
        col(sc, static_cast<double>(dofRot) * invSamples);
        col(sc, rho);
        col(sc, eTotal * 0.5 * invSamples);
        col(sc, trans[i] * 0.5 * invSamples);
        col(sc, drift[i] * 0.5 * invSamples);
        col(sc, eRot * 0.5 * invSamples);
        col(sc, eT * 0.5 * invSamples);
        col(sc, 0. * invSamples);
        col(sc, T);
        col(sc, Ttrans);
        col(sc, Trot);
        col(sc, p);
        for (unsigned d = 0; d < 3; ++d) col(ve, force3[d]);
        for (unsigned d = 0; d < 3; ++d) col(ve, drift3[d]);
        for (unsigned d = 0; d < 3; ++d) col(ve, transC[d] * invSamples * 0.5);
        for (unsigned d = 0; d < 3; ++d) col(ve, driftC[d] * invSamples * 0.5);
        for (unsigned d = 0; d < 3; ++d) col(ve, tComp[d]);
        for (unsigned d = 0; d < 3; ++d) col(ve, rho * (virial3[d] / nd + tComp[d]));
      }
      sc << "\n";
      ve << "\n";
    }
    const std::string suffix = std::string("_reg") + std::to_string(_id) + "_TS" + Ls1Format::padded(step, 9) + ".dat";
    out.emplace_back(std::string("scalquant_") + kDir[dir] + suffix, sc.str());
    out.emplace_back(std::string("vectquant_") + kDir[dir] + suffix, ve.str());
  }
  return out;
}

}  // namespace mardyn
