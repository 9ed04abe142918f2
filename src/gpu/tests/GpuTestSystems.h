// Test support for the GPU decorator: random periodic systems of each model class (also liquid in
// vacuum) in a LinkedCells (owned molecules plus periodic halo copies) and an independent brute-force
// reference (every minimum-image pair, site functions of particleContainer/potforce, double precision).
#pragma once

#include "molecules/Component.h"
#include "molecules/InteractionParameters.h"
#include "molecules/Molecule.h"
#include "particleContainer/LinkedCells.h"
#include "particleContainer/potforce/PotForceCharge.h"
#include "particleContainer/potforce/PotForceLJ.h"
#include "particleContainer/potforce/PotForceMultipole.h"

#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace mardyn::gpu::test {

struct TestSystem {
  std::string name;
  std::vector<Component> components;
  std::vector<Molecule> molecules;  ///< owned, positions in [boxMin, boxMax)
  Vec3 boxMin, boxMax;
  double cutoff = 2.5;
  std::unique_ptr<InteractionParameters> params;  ///< mixing, reaction field, cutoff switch
};

struct ReferenceResult {
  std::vector<Vec3> forces, torques;  ///< per molecule of TestSystem::molecules
  double upot = 0.0, virial = 0.0;
};

inline Quaternion randomQuaternion(std::mt19937& rng) {
  std::normal_distribution<double> g(0.0, 1.0);
  Quaternion q(g(rng), g(rng), g(rng), g(rng));
  q.normalize();
  return q;
}

/// Model classes: "lj" (single centre), "ljsmall" (single centre of sigma 0.3, for crowded cells), "ljcharges" (two LJ centres and three charges), "dipolar"
/// (Stockmayer), "quadrupolar" (two-centre LJ with a quadrupole), "mixture" (all of these, with
/// xi/eta mixing).
inline std::vector<Component> makeComponents(const std::string& model) {
  std::vector<Component> comps;
  auto lj = [](double x, double y, double z, double eps, double sigma) {
    LJCenter c;
    c.r = {x, y, z};
    c.mass = 1.0;
    c.epsilon = eps;
    c.sigma = sigma;
    c.shifted = true;
    return c;
  };
  auto add = [&comps](const std::string& kind) {
    Component c(static_cast<unsigned>(comps.size()), kind);
    comps.push_back(c);
    return &comps.back();
  };
  auto build = [&](const std::string& kind) {
    Component* c = add(kind);
    if (kind == "lj") {
      c->addLJCenter(lj(0, 0, 0, 1.0, 1.0));
    } else if (kind == "ljsmall") {
      c->addLJCenter(lj(0, 0, 0, 1.0, 0.3));
    } else if (kind == "ljcharges") {
      c->addLJCenter(lj(0, 0, 0.3, 1.0, 0.9));
      c->addLJCenter(lj(0, 0, -0.3, 0.8, 0.9));
      c->addCharge({{0, 0, 0.45}, 0.1, 0.5});
      c->addCharge({{0, 0, -0.45}, 0.1, 0.5});
      c->addCharge({{0, 0.1, 0}, 0.1, -1.0});
    } else if (kind == "dipolar") {
      c->addLJCenter(lj(0, 0, 0, 1.0, 1.0));
      c->addDipole({{0, 0, 0.05}, {0, 0, 1}, 1.2});
    } else if (kind == "quadrupolar") {
      c->addLJCenter(lj(0, 0, 0.35, 1.0, 0.95));
      c->addLJCenter(lj(0, 0, -0.35, 1.0, 0.95));
      c->addQuadrupole({{0, 0, 0}, {0, 0, 1}, 1.5});
    }
    c->setMomentsOfInertia({0.2, 0.2, kind.rfind("lj", 0) == 0 && c->numSites() == 1 ? 0.0 : 0.1});
  };
  if (model == "mixture") {
    comps.reserve(4);
    for (const char* k : {"lj", "ljcharges", "dipolar", "quadrupolar"}) build(k);
  } else {
    comps.reserve(1);
    build(model);
  }
  return comps;
}

/// Random system: numMolecules molecules in a periodic box of `cellsPerDim` cells of the cutoff,
/// centred at the origin (keeps single-precision positions small); no two centres closer than
/// minDistance. With denseCell, most molecules crowd into one cell and the rest stay sparse.
inline TestSystem makeSystem(const std::string& model, int cellsPerDim, int numMolecules, unsigned seed,
                             bool denseCell = false, double minDistance = 0.9) {
  TestSystem s;
  s.name = model;
  s.components = makeComponents(model);
  const double L = cellsPerDim * s.cutoff;
  s.boxMin = {-L / 2, -L / 2, -L / 2};
  s.boxMax = {L / 2, L / 2, L / 2};
  s.params = std::make_unique<InteractionParameters>(s.components, s.cutoff);
  if (s.components.size() > 1)
    for (unsigned a = 0; a < s.components.size(); ++a)
      for (unsigned b = a + 1; b < s.components.size(); ++b) s.params->setMixing(a, b, 1.05, 0.9);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::vector<Vec3> placed;
  auto minImage = [L](Vec3 d) {
    for (int k = 0; k < 3; ++k) d[k] -= L * std::round(d[k] / L);
    return d;
  };
  int attempts = 0;
  while (static_cast<int>(placed.size()) < numMolecules && attempts < 1000000) {
    ++attempts;
    Vec3 r;
    const bool crowd = denseCell && placed.size() % 10 != 0;
    for (int k = 0; k < 3; ++k)
      r[k] = crowd ? s.boxMin[k] + s.cutoff * (0.001 + 0.998 * u(rng)) : s.boxMin[k] + L * u(rng) * 0.999999;
    bool ok = true;
    for (const auto& p : placed)
      if (norm2(minImage(r - p)) < minDistance * minDistance) {
        ok = false;
        break;
      }
    if (ok) placed.push_back(r);
  }
  for (std::size_t i = 0; i < placed.size(); ++i) {
    const Component* c = &s.components[i % s.components.size()];
    s.molecules.emplace_back(i + 1, c, placed[i], Vec3{}, randomQuaternion(rng));
  }
  return s;
}

/// Liquid in vacuum: a jittered FCC lattice of number density `density` filling the region
/// [liquidLo, liquidHi) (in cells from the box's lower corner) of a periodic box of `cellsPerDim`
/// cells of `cutoff`, centred at the origin; `vapour` further molecules scattered over the box, no
/// centre closer than 1.2 to another. Cells inside the region hold about density * cutoff^3
/// molecules, the others none or a few.
inline TestSystem makeLiquidInVacuum(const std::string& model, int cellsPerDim, double cutoff, Vec3 liquidLo,
                                     Vec3 liquidHi, double density, int vapour, unsigned seed) {
  TestSystem s;
  s.name = model + "-liquid-in-vacuum";
  s.components = makeComponents(model);
  s.cutoff = cutoff;
  const double L = cellsPerDim * cutoff;
  s.boxMin = {-L / 2, -L / 2, -L / 2};
  s.boxMax = {L / 2, L / 2, L / 2};
  s.params = std::make_unique<InteractionParameters>(s.components, s.cutoff);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const double a = std::cbrt(4.0 / density);
  const Vec3 lo = s.boxMin + liquidLo * cutoff, hi = s.boxMin + liquidHi * cutoff;
  const double basis[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
  std::vector<Vec3> placed;
  const Vec3 extent = hi - lo;
  for (int x = 0; x < extent.x / a + 1; ++x)
    for (int y = 0; y < extent.y / a + 1; ++y)
      for (int z = 0; z < extent.z / a + 1; ++z)
        for (const auto& b : basis) {
          Vec3 r = lo + Vec3{x + b[0] + 0.25, y + b[1] + 0.25, z + b[2] + 0.25} * a;
          for (int k = 0; k < 3; ++k) r[k] += 0.1 * a * (2.0 * u(rng) - 1.0);
          if (r.x < hi.x && r.y < hi.y && r.z < hi.z && r.x >= lo.x && r.y >= lo.y && r.z >= lo.z) placed.push_back(r);
        }
  auto minImage = [L](Vec3 d) {
    for (int k = 0; k < 3; ++k) d[k] -= L * std::round(d[k] / L);
    return d;
  };
  for (int added = 0, attempts = 0; added < vapour && attempts < 100000; ++attempts) {
    Vec3 r;
    for (int k = 0; k < 3; ++k) r[k] = s.boxMin[k] + L * u(rng) * 0.999999;
    bool ok = true;
    for (const auto& p : placed) ok = ok && norm2(minImage(r - p)) >= 1.2 * 1.2;
    if (!ok) continue;
    placed.push_back(r);
    ++added;
  }
  for (std::size_t i = 0; i < placed.size(); ++i) {
    const Component* c = &s.components[i % s.components.size()];
    s.molecules.emplace_back(i + 1, c, placed[i], Vec3{}, randomQuaternion(rng));
  }
  return s;
}

/// A LinkedCells holding the owned molecules and their periodic halo copies.
inline std::unique_ptr<LinkedCells> fillLinkedCells(const TestSystem& s) {
  auto lc = std::make_unique<LinkedCells>(s.boxMin, s.boxMax, s.cutoff, 1);
  const Vec3 L = s.boxMax - s.boxMin;
  const double h = lc->haloWidth();
  for (const auto& m : s.molecules) lc->addParticle(m);
  for (const auto& m : s.molecules)
    for (int dx = -1; dx <= 1; ++dx)
      for (int dy = -1; dy <= 1; ++dy)
        for (int dz = -1; dz <= 1; ++dz) {
          if (dx == 0 && dy == 0 && dz == 0) continue;
          const Vec3 r = m.r() + Vec3{dx * L.x, dy * L.y, dz * L.z};
          bool inside = true;
          for (int k = 0; k < 3; ++k) inside = inside && r[k] >= s.boxMin[k] - h && r[k] < s.boxMax[k] + h;
          if (!inside) continue;
          Molecule copy = m;
          copy.setR(r);
          lc->addHaloParticle(copy);
        }
  return lc;
}

/// Brute force over all minimum-image pairs (box wider than twice the cutoff).
inline ReferenceResult bruteForce(const TestSystem& s) {
  namespace pf = potforce;
  ReferenceResult res;
  const std::size_t n = s.molecules.size();
  res.forces.assign(n, {});
  res.torques.assign(n, {});
  const Vec3 L = s.boxMax - s.boxMin;
  const double rc2 = s.cutoff * s.cutoff;
  const double rf = s.params->epsRFInvrc3();
  // Reaction-field self energy of every molecule's dipoles.
  for (const auto& mol : s.molecules) {
    Vec3 mu;
    for (const auto& d : mol.component().dipoles()) mu += mol.siteOffset(d.e) * d.abs;
    res.upot += pf::reactionFieldSelfEnergy(mu.x, mu.y, mu.z, rf);
  }
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      const Molecule& a = s.molecules[i];
      const Molecule& b = s.molecules[j];
      Vec3 m = a.r() - b.r();
      for (int k = 0; k < 3; ++k) m[k] -= L[k] * std::round(m[k] / L[k]);
      if (norm2(m) >= rc2) continue;
      auto apply = [&](const pf::SitePairResult& r, const Vec3& oa, const Vec3& ob) {
        const Vec3 f{r.fx, r.fy, r.fz};
        res.forces[i] += f;
        res.forces[j] -= f;
        res.torques[i] += cross(oa, f) + Vec3{r.mix, r.miy, r.miz};
        res.torques[j] += Vec3{r.mjx, r.mjy, r.mjz} - cross(ob, f);
        res.upot += r.u + r.uRF;
        res.virial += r.virial + 3.0 * r.uRF;
      };
      const Component& ca = a.component();
      const Component& cb = b.component();
      for (std::size_t p = 0; p < ca.ljCenters().size(); ++p)
        for (std::size_t q = 0; q < cb.ljCenters().size(); ++q) {
          const Vec3 oa = a.siteOffset(ca.ljCenters()[p].r), ob = b.siteOffset(cb.ljCenters()[q].r);
          const Vec3 d = m + oa - ob;
          const auto& lp = s.params->lj(s.params->ljType(ca.id(), p), s.params->ljType(cb.id(), q));
          apply(pf::ljPotForce(d.x, d.y, d.z, m.x, m.y, m.z, lp.eps24, lp.sigma2, 6.0 * lp.shift), oa, ob);
        }
      // Oriented sites: (kind, offset, axis, strength) of both molecules.
      struct Site { int kind; Vec3 o, e; double v; };
      auto sitesOf = [](const Molecule& mol) {
        std::vector<Site> out;
        const Component& c = mol.component();
        for (const auto& q : c.charges()) out.push_back({0, mol.siteOffset(q.r), {}, q.q});
        for (const auto& d : c.dipoles()) out.push_back({1, mol.siteOffset(d.r), mol.siteOffset(d.e), d.abs});
        for (const auto& q : c.quadrupoles()) out.push_back({2, mol.siteOffset(q.r), mol.siteOffset(q.e), q.abs});
        return out;
      };
      for (const Site& sa : sitesOf(a))
        for (const Site& sb : sitesOf(b)) {
          const Vec3 d = m + sa.o - sb.o;
          const double v = sa.v * sb.v;
          pf::SitePairResult r;
          const Vec3 &ei = sa.e, &ej = sb.e;
          switch (sa.kind * 3 + sb.kind) {
            case 0: r = pf::chargeChargePotForce(d.x, d.y, d.z, m.x, m.y, m.z, v); break;
            case 1: r = pf::chargeDipolePotForce(d.x, d.y, d.z, m.x, m.y, m.z, ej.x, ej.y, ej.z, v); break;
            case 2: r = pf::chargeQuadrupolePotForce(d.x, d.y, d.z, m.x, m.y, m.z, ej.x, ej.y, ej.z, v); break;
            case 3: r = pf::dipoleChargePotForce(d.x, d.y, d.z, m.x, m.y, m.z, ei.x, ei.y, ei.z, v); break;
            case 4:
              r = pf::dipoleDipolePotForce(d.x, d.y, d.z, m.x, m.y, m.z, ei.x, ei.y, ei.z, ej.x, ej.y, ej.z, v, rf);
              break;
            case 5:
              r = pf::dipoleQuadrupolePotForce(d.x, d.y, d.z, m.x, m.y, m.z, ei.x, ei.y, ei.z, ej.x, ej.y, ej.z, v);
              break;
            case 6: r = pf::quadrupoleChargePotForce(d.x, d.y, d.z, m.x, m.y, m.z, ei.x, ei.y, ei.z, v); break;
            case 7:
              r = pf::quadrupoleDipolePotForce(d.x, d.y, d.z, m.x, m.y, m.z, ei.x, ei.y, ei.z, ej.x, ej.y, ej.z, v);
              break;
            default:
              r = pf::quadrupoleQuadrupolePotForce(d.x, d.y, d.z, m.x, m.y, m.z, ei.x, ei.y, ei.z, ej.x, ej.y, ej.z,
                                                   v);
              break;
          }
          apply(r, sa.o, sb.o);
        }
    }
  return res;
}

}  // namespace mardyn::gpu::test
