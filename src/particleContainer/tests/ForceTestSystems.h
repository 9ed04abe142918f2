// ForceTestSystems: helpers of the force tests: random molecule configurations, an independent
// O(N^2) minimum-image reference, and running a cell processor through LinkedCells.
#pragma once

#include "Domain.h"
#include "molecules/InteractionParameters.h"
#include "parallel/DomainDecompSequential.h"
#include "particleContainer/CellProcessor.h"
#include "particleContainer/LinkedCells.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <vector>

namespace mardyn::testing {

/// Forces, torques (by molecule id), energy and virial of a configuration.
struct ForceResult {
  std::map<unsigned long, Vec3> F, M;
  double upot = 0.0, virial = 0.0;
};

/// A random unit quaternion.
inline Quaternion randomQuaternion(std::mt19937_64& rng) {
  std::normal_distribution<double> g(0.0, 1.0);
  Quaternion q(g(rng), g(rng), g(rng), g(rng));
  q.normalize();
  return q;
}

/// n molecules of the given components (chosen in turn) placed uniformly in the box with random
/// orientations, centres at least minDist apart (periodic), random velocities and angular momenta.
inline std::vector<Molecule> randomMolecules(const std::vector<Component>& comps, const Vec3& box, std::size_t n,
                                             double minDist, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::normal_distribution<double> g(0.0, 1.0);
  std::vector<Molecule> mols;
  while (mols.size() < n) {
    const Vec3 r{u(rng) * box.x, u(rng) * box.y, u(rng) * box.z};
    bool ok = true;
    for (const auto& m : mols) {
      Vec3 d = r - m.r();
      for (int k = 0; k < 3; ++k) d[k] -= box[k] * std::round(d[k] / box[k]);
      if (norm2(d) < minDist * minDist) {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    const Component* c = &comps[mols.size() % comps.size()];
    mols.emplace_back(mols.size() + 1, c, r, Vec3{g(rng), g(rng), g(rng)}, randomQuaternion(rng),
                      Vec3{g(rng), g(rng), g(rng)});
  }
  return mols;
}

/// Reference: every molecule pair once, minimum-image centre distance, every LJ centre pair.
inline ForceResult bruteForce(const std::vector<Molecule>& mols, const Vec3& box, const InteractionParameters& p) {
  ForceResult res;
  const double rc2 = p.cutoff() * p.cutoff();
  for (const auto& m : mols) {
    res.F[m.id()] = Vec3{};
    res.M[m.id()] = Vec3{};
  }
  for (std::size_t i = 0; i < mols.size(); ++i) {
    for (std::size_t j = i + 1; j < mols.size(); ++j) {
      const Molecule& a = mols[i];
      const Molecule& b = mols[j];
      Vec3 dcom = a.r() - b.r();
      for (int k = 0; k < 3; ++k) dcom[k] -= box[k] * std::round(dcom[k] / box[k]);
      if (norm2(dcom) >= rc2) continue;
      const auto& la = a.component().ljCenters();
      const auto& lb = b.component().ljCenters();
      for (unsigned s = 0; s < la.size(); ++s) {
        for (unsigned t = 0; t < lb.size(); ++t) {
          const LJPairParameters& pp = p.lj(p.ljType(a.componentId(), s), p.ljType(b.componentId(), t));
          const Vec3 oa = a.q().rotateInv(la[s].r), ob = b.q().rotateInv(lb[t].r);
          const Vec3 d = dcom + oa - ob;
          const double r2 = norm2(d);
          const double sr6 = std::pow(pp.sigma2 / r2, 3);
          const double eps = pp.eps4 / 4.0;
          res.upot += 4.0 * eps * (sr6 * sr6 - sr6) + pp.shift;
          const Vec3 f = d * (24.0 * eps * (2.0 * sr6 * sr6 - sr6) / r2);
          res.F[a.id()] += f;
          res.F[b.id()] -= f;
          res.M[a.id()] += cross(oa, f);
          res.M[b.id()] -= cross(ob, f);
          res.virial += dot(dcom, f);
        }
      }
    }
  }
  return res;
}

/// Runs one traversal with periodic halo and returns the forces of the owned molecules.
inline ForceResult cellForces(const std::vector<Molecule>& mols, const Vec3& box, double rc, int cellsInCutoff,
                              CellProcessor& proc) {
  LinkedCells lc({0, 0, 0}, box, rc, cellsInCutoff);
  for (const auto& m : mols) lc.addParticle(m);
  Domain domain(box);
  DomainDecompSequential decomp;
  decomp.exchangeMolecules(lc, domain);
  lc.traverseCells(proc);
  ForceResult res;
  lc.forEach([&res](const Molecule& m) {
    res.F[m.id()] = m.F();
    res.M[m.id()] = m.M();
  });
  res.upot = proc.upot();
  res.virial = proc.virial();
  return res;
}

/// Largest |a - b| over molecules divided by the largest |b|.
inline double maxRelativeDeviation(const std::map<unsigned long, Vec3>& a, const std::map<unsigned long, Vec3>& b) {
  double dev = 0.0, scale = 0.0;
  for (const auto& [id, vb] : b) {
    const auto it = a.find(id);
    if (it == a.end()) return INFINITY;
    dev = std::max(dev, norm(it->second - vb));
    scale = std::max(scale, norm(vb));
  }
  return scale > 0 ? dev / scale : dev;
}

/// Largest per-molecule relative deviation |a_i - b_i| / |b_i| over molecules with |b_i| above
/// 1e-3 of the largest (smaller ones are covered by maxRelativeDeviation).
inline double maxPerMoleculeDeviation(const std::map<unsigned long, Vec3>& a, const std::map<unsigned long, Vec3>& b) {
  double scale = 0.0;
  for (const auto& [id, vb] : b) scale = std::max(scale, norm(vb));
  double dev = 0.0;
  for (const auto& [id, vb] : b) {
    if (norm(vb) < 1e-3 * scale) continue;
    dev = std::max(dev, norm(a.at(id) - vb) / norm(vb));
  }
  return dev;
}

}  // namespace mardyn::testing
