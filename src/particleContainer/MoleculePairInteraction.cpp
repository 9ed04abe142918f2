// MoleculePairInteraction: site pairs of two molecules kind by kind (LJ-LJ, and every pair of
// charges, dipoles and quadrupoles in both orders), then the optional cutoff switch.
#include "particleContainer/MoleculePairInteraction.h"

#include "particleContainer/potforce/PotForceCharge.h"
#include "particleContainer/potforce/PotForceLJ.h"
#include "particleContainer/potforce/PotForceMultipole.h"
#include "particleContainer/potforce/PotForceSwitch.h"

#include <vector>

namespace mardyn {

namespace {

/// One electrostatic site of a molecule in the space frame.
struct SpaceSite {
  Vec3 o;      ///< offset from the centre of mass
  Vec3 e;      ///< axis (zero for charges)
  double s;    ///< q, |mu| or |Q|
  int kind;    ///< 0 charge, 1 dipole, 2 quadrupole
};

void electrostaticSites(const Molecule& m, std::vector<SpaceSite>& out) {
  out.clear();
  const Component& c = m.component();
  for (const Charge& q : c.charges()) out.push_back({m.siteOffset(q.r), Vec3{}, q.q, 0});
  for (const Dipole& d : c.dipoles()) out.push_back({m.siteOffset(d.r), m.siteOffset(d.e), d.abs, 1});
  for (const Quadrupole& q : c.quadrupoles()) out.push_back({m.siteOffset(q.r), m.siteOffset(q.e), q.abs, 2});
}

/// The potforce function of the kind pair (site a of molecule 1, site b of molecule 2).
potforce::SitePairResult electrostaticPair(const SpaceSite& a, const SpaceSite& b, const Vec3& d, const Vec3& m,
                                           double epsRFInvrc3) {
  const double ss = a.s * b.s;
  switch (3 * a.kind + b.kind) {
    case 0: return potforce::chargeChargePotForce(d.x, d.y, d.z, m.x, m.y, m.z, ss);
    case 1: return potforce::chargeDipolePotForce(d.x, d.y, d.z, m.x, m.y, m.z, b.e.x, b.e.y, b.e.z, ss);
    case 2: return potforce::chargeQuadrupolePotForce(d.x, d.y, d.z, m.x, m.y, m.z, b.e.x, b.e.y, b.e.z, ss);
    case 3: return potforce::dipoleChargePotForce(d.x, d.y, d.z, m.x, m.y, m.z, a.e.x, a.e.y, a.e.z, ss);
    case 4:
      return potforce::dipoleDipolePotForce(d.x, d.y, d.z, m.x, m.y, m.z, a.e.x, a.e.y, a.e.z, b.e.x, b.e.y, b.e.z,
                                            ss, epsRFInvrc3);
    case 5:
      return potforce::dipoleQuadrupolePotForce(d.x, d.y, d.z, m.x, m.y, m.z, a.e.x, a.e.y, a.e.z, b.e.x, b.e.y,
                                                b.e.z, ss);
    case 6: return potforce::quadrupoleChargePotForce(d.x, d.y, d.z, m.x, m.y, m.z, a.e.x, a.e.y, a.e.z, ss);
    case 7:
      return potforce::quadrupoleDipolePotForce(d.x, d.y, d.z, m.x, m.y, m.z, a.e.x, a.e.y, a.e.z, b.e.x, b.e.y,
                                                b.e.z, ss);
    default:
      return potforce::quadrupoleQuadrupolePotForce(d.x, d.y, d.z, m.x, m.y, m.z, a.e.x, a.e.y, a.e.z, b.e.x,
                                                    b.e.y, b.e.z, ss);
  }
}

/// Every site pair of m1 and m2 (LJ centres first, then charges, dipoles and quadrupoles of m1 against those of
/// m2): visit(site of m1 in ls1's order, site of m2, offset of the site of m1, offset of the site of m2, result).
template <class Visit>
void forEachSitePair(const InteractionParameters& params, const Molecule& m1, const Molecule& m2, const Vec3& dcom,
                     Visit&& visit) {
  const auto& lj1 = m1.component().ljCenters();
  const auto& lj2 = m2.component().ljCenters();
  for (std::size_t a = 0; a < lj1.size(); ++a) {
    const Vec3 o1 = m1.siteOffset(lj1[a].r);
    const unsigned t1 = params.ljType(m1.componentId(), static_cast<unsigned>(a));
    for (std::size_t b = 0; b < lj2.size(); ++b) {
      const Vec3 o2 = m2.siteOffset(lj2[b].r);
      const LJPairParameters& p = params.lj(t1, params.ljType(m2.componentId(), static_cast<unsigned>(b)));
      const Vec3 d = dcom + o1 - o2;
      visit(a, b, o1, o2, potforce::ljPotForce(d.x, d.y, d.z, dcom.x, dcom.y, dcom.z, p.eps24, p.sigma2, 6.0 * p.shift));
    }
  }
  const Component& c1 = m1.component();
  const Component& c2 = m2.component();
  if ((c1.charges().empty() && c1.dipoles().empty() && c1.quadrupoles().empty()) ||
      (c2.charges().empty() && c2.dipoles().empty() && c2.quadrupoles().empty()))
    return;
  thread_local std::vector<SpaceSite> s1, s2;
  electrostaticSites(m1, s1);
  electrostaticSites(m2, s2);
  const double k = params.epsRFInvrc3();
  for (std::size_t a = 0; a < s1.size(); ++a)
    for (std::size_t b = 0; b < s2.size(); ++b)
      visit(lj1.size() + a, lj2.size() + b, s1[a].o, s2[b].o,
            electrostaticPair(s1[a], s2[b], dcom + s1[a].o - s2[b].o, dcom, k));
}

}  // namespace

void MoleculePairInteraction::sitePairs(Molecule& m1, Molecule& m2, const Vec3& dcom, double& u, double& w) const {
  u = 0.0;
  w = 0.0;
  forEachSitePair(_params, m1, m2, dcom,
                  [&](std::size_t, std::size_t, const Vec3& o1, const Vec3& o2, const potforce::SitePairResult& r) {
                    const Vec3 f{r.fx, r.fy, r.fz};
                    m1.addF(f);
                    m2.subF(f);
                    m1.addM(cross(o1, f) + Vec3{r.mix, r.miy, r.miz});
                    m2.addM(Vec3{r.mjx, r.mjy, r.mjz} - cross(o2, f));
                    u += r.u + r.uRF;
                    w += r.virial + 3.0 * r.uRF;
                  });
}

void MoleculePairInteraction::siteForces(const Molecule& m1, const Molecule& m2, const Vec3& dcom, Vec3* siteForces1,
                                         Vec3& total) const {
  forEachSitePair(_params, m1, m2, dcom,
                  [&](std::size_t a, std::size_t, const Vec3&, const Vec3&, const potforce::SitePairResult& r) {
                    const Vec3 f{r.fx, r.fy, r.fz};
                    if (siteForces1) siteForces1[a] += f;
                    total += f;
                  });
}

void MoleculePairInteraction::interact(Molecule& m1, Molecule& m2, const Vec3& dcom, double weight, double& upot,
                                       double& virial) const {
  const double r2 = norm2(dcom);
  const double rs = _params.switchingStart();
  double u, w;
  if (_params.switchingWidth() == 0.0 || r2 <= rs * rs) {
    sitePairs(m1, m2, dcom, u, w);
    upot += weight * u;
    virial += weight * w;
    return;
  }
  // Inside the switching range: the site terms scaled by S(R) plus the switch's centre force.
  const Vec3 f1 = m1.F(), t1 = m1.M(), f2 = m2.F(), t2 = m2.M();
  m1.clearFM();
  m2.clearFM();
  sitePairs(m1, m2, dcom, u, w);
  double s, dsOverR;
  potforce::cutoffSwitch(r2, rs, _params.switchingInvWidth(), s, dsOverR);
  const Vec3 fs = dcom * (-u * dsOverR);
  m1.setF(f1 + m1.F() * s + fs);
  m2.setF(f2 + m2.F() * s - fs);
  m1.setM(t1 + m1.M() * s);
  m2.setM(t2 + m2.M() * s);
  upot += weight * s * u;
  virial += weight * (s * w + dot(dcom, fs));
}

double MoleculePairInteraction::reactionFieldSelfEnergy(const Molecule& m) const {
  const auto& dipoles = m.component().dipoles();
  if (dipoles.empty()) return 0.0;
  Vec3 mu;
  for (const Dipole& d : dipoles) mu += m.siteOffset(d.e) * d.abs;
  return potforce::reactionFieldSelfEnergy(mu.x, mu.y, mu.z, _params.epsRFInvrc3());
}

}  // namespace mardyn
