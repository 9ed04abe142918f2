// Helpers of the multi-site force tests: components with every site kind, an O(N^2) minimum-image
// reference over all site pairs, and rigid displacements/rotations of one molecule.
#pragma once

#include "particleContainer/potforce/PotForceCharge.h"
#include "particleContainer/potforce/PotForceLJ.h"
#include "particleContainer/potforce/PotForceMultipole.h"
#include "particleContainer/tests/ForceTestSystems.h"

#include <cmath>
#include <vector>

namespace mardyn::testing {

/// Five components covering every site kind: a 2CLJQ, a Stockmayer-like dipole, a four-site
/// water-like model, a non-linear molecule with one site of each kind off the centre, and an ion.
inline std::vector<Component> multiSiteComponents() {
  std::vector<Component> comps;
  Component q(0, "2CLJQ");
  q.addLJCenter(LJCenter{{0, 0, -0.25}, 0.5, 1.0, 1.0, false});
  q.addLJCenter(LJCenter{{0, 0, 0.25}, 0.5, 1.0, 1.0, false});
  q.addQuadrupole(Quadrupole{{0, 0, 0}, {0, 0, 1}, 1.2});
  q.setMomentsOfInertia({0.0625, 0.0625, 0.0});
  comps.push_back(q);
  Component d(1, "Stockmayer");
  d.addLJCenter(LJCenter{{0, 0, 0}, 1.0, 0.9, 1.05, true});
  d.addDipole(Dipole{{0, 0, 0}, {0, 0, 1}, 1.3});
  d.setMomentsOfInertia({0.025, 0.025, 0.0});
  comps.push_back(d);
  Component w(2, "water-like");
  w.addLJCenter(LJCenter{{0, 0, -0.02}, 0.89, 1.0, 1.0, false});
  w.addCharge(Charge{{0.24, 0, 0.165}, 0.055, 0.9});
  w.addCharge(Charge{{-0.24, 0, 0.165}, 0.055, 0.9});
  w.addCharge(Charge{{0, 0, 0.027}, 0.0, -1.8});
  w.setMomentsOfInertia({0.0034, 0.0099, 0.0064});
  comps.push_back(w);
  Component all(3, "mixed");
  all.addLJCenter(LJCenter{{0.3, 0.0, 0.0}, 0.4, 1.1, 0.9, false});
  all.addLJCenter(LJCenter{{-0.2, 0.2, 0.0}, 0.4, 0.8, 0.95, true});
  all.addCharge(Charge{{0.0, -0.2, 0.1}, 0.2, 0.6});
  all.addDipole(Dipole{{0.1, 0.1, -0.1}, {0.6, 0.0, 0.8}, 0.9});
  all.addQuadrupole(Quadrupole{{-0.1, 0.0, 0.2}, {0.0, 0.8, -0.6}, 0.7});
  all.addDipole(Dipole{{0.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, 0.5});
  all.setMomentsOfInertia({0.05, 0.07, 0.09});
  comps.push_back(all);
  Component ion(4, "ion");
  ion.addLJCenter(LJCenter{{0, 0, 0}, 1.0, 1.2, 0.8, false});
  ion.addCharge(Charge{{0, 0, 0}, 0.0, -0.7});
  comps.push_back(ion);
  return comps;
}

/// Interaction parameters of multiSiteComponents() with some non-trivial mixing.
inline InteractionParameters multiSiteParameters(const std::vector<Component>& comps, double rc, double epsRF) {
  InteractionParameters p(comps, rc);
  p.setMixing(0, 1, 1.05, 0.9);
  p.setMixing(2, 3, 0.95, 1.1);
  p.setReactionField(epsRF);
  return p;
}

/// Space-frame axis of a body-frame direction.
inline Vec3 spaceAxis(const Molecule& m, const Vec3& e) { return m.q().rotateInv(e); }

/// Reference: every molecule pair once (minimum image of the centres), every site pair through the
/// potforce functions, plus the reaction-field self energy of every molecule.
inline ForceResult bruteForceAllSites(const std::vector<Molecule>& mols, const Vec3& box,
                                      const InteractionParameters& p) {
  ForceResult res = bruteForce(mols, box, p);  // LJ centres
  const double rc2 = p.cutoff() * p.cutoff();
  const double k = p.epsRFInvrc3();
  for (std::size_t i = 0; i < mols.size(); ++i) {
    const Molecule& a = mols[i];
    Vec3 mu;
    for (const Dipole& d : a.component().dipoles()) mu += spaceAxis(a, d.e) * d.abs;
    res.upot += potforce::reactionFieldSelfEnergy(mu.x, mu.y, mu.z, k);
    for (std::size_t j = i + 1; j < mols.size(); ++j) {
      const Molecule& b = mols[j];
      Vec3 m = a.r() - b.r();
      for (int c = 0; c < 3; ++c) m[c] -= box[c] * std::round(m[c] / box[c]);
      if (norm2(m) >= rc2) continue;
      // Site lists of both molecules: offset, axis, strength, kind (0 charge, 1 dipole, 2 quadrupole).
      struct S { Vec3 o, e; double s; int kind; };
      auto sites = [](const Molecule& x) {
        std::vector<S> v;
        for (const Charge& c : x.component().charges()) v.push_back({x.q().rotateInv(c.r), {}, c.q, 0});
        for (const Dipole& c : x.component().dipoles()) v.push_back({x.q().rotateInv(c.r), spaceAxis(x, c.e), c.abs, 1});
        for (const Quadrupole& c : x.component().quadrupoles())
          v.push_back({x.q().rotateInv(c.r), spaceAxis(x, c.e), c.abs, 2});
        return v;
      };
      for (const S& s : sites(a)) {
        for (const S& t : sites(b)) {
          const Vec3 d = m + s.o - t.o;
          const double ss = s.s * t.s;
          potforce::SitePairResult r;
          const int kk = 3 * s.kind + t.kind;
          switch (kk) {
            case 0: r = potforce::chargeChargePotForce(d.x, d.y, d.z, m.x, m.y, m.z, ss); break;
            case 1: r = potforce::chargeDipolePotForce(d.x, d.y, d.z, m.x, m.y, m.z, t.e.x, t.e.y, t.e.z, ss); break;
            case 2: r = potforce::chargeQuadrupolePotForce(d.x, d.y, d.z, m.x, m.y, m.z, t.e.x, t.e.y, t.e.z, ss); break;
            case 3: r = potforce::dipoleChargePotForce(d.x, d.y, d.z, m.x, m.y, m.z, s.e.x, s.e.y, s.e.z, ss); break;
            case 4: r = potforce::dipoleDipolePotForce(d.x, d.y, d.z, m.x, m.y, m.z, s.e.x, s.e.y, s.e.z, t.e.x, t.e.y,
                                                       t.e.z, ss, k); break;
            case 5: r = potforce::dipoleQuadrupolePotForce(d.x, d.y, d.z, m.x, m.y, m.z, s.e.x, s.e.y, s.e.z, t.e.x,
                                                           t.e.y, t.e.z, ss); break;
            case 6: r = potforce::quadrupoleChargePotForce(d.x, d.y, d.z, m.x, m.y, m.z, s.e.x, s.e.y, s.e.z, ss); break;
            case 7: r = potforce::quadrupoleDipolePotForce(d.x, d.y, d.z, m.x, m.y, m.z, s.e.x, s.e.y, s.e.z, t.e.x,
                                                           t.e.y, t.e.z, ss); break;
            default: r = potforce::quadrupoleQuadrupolePotForce(d.x, d.y, d.z, m.x, m.y, m.z, s.e.x, s.e.y, s.e.z,
                                                                t.e.x, t.e.y, t.e.z, ss); break;
          }
          const Vec3 f{r.fx, r.fy, r.fz};
          res.F[a.id()] += f;
          res.F[b.id()] -= f;
          res.M[a.id()] += cross(s.o, f) + Vec3{r.mix, r.miy, r.miz};
          res.M[b.id()] += Vec3{r.mjx, r.mjy, r.mjz} - cross(t.o, f);
          res.upot += r.u + r.uRF;
          res.virial += r.virial + 3.0 * r.uRF;
        }
      }
    }
  }
  return res;
}

/// Orientation rotated by `angle` about the space axis `axis` (0, 1, 2): the body-to-space map
/// becomes R * rotateInv(q).
inline Quaternion rotatedInSpace(const Quaternion& q, int axis, double angle) {
  const double h = 0.5 * angle;
  Quaternion p(std::cos(h), axis == 0 ? std::sin(h) : 0.0, axis == 1 ? std::sin(h) : 0.0,
               axis == 2 ? std::sin(h) : 0.0);
  Quaternion r = p * q;
  r.normalize();
  return r;
}

}  // namespace mardyn::testing
