// MultiSiteModels: the three model classes of the multi-site NVE checks (2CLJQ, Stockmayer-like
// dipolar, four-site water-like with charges) on an FCC lattice, and a plain MD loop measuring E(t).
#pragma once

#include "Domain.h"
#include "integrators/Leapfrog.h"
#include "config/SimulationConfig.h"
#include "molecules/InteractionParameters.h"
#include "parallel/DomainDecompSequential.h"
#include "particleContainer/LegacyCellProcessor.h"
#include "particleContainer/LinkedCells.h"
#include "particleContainer/VectorizedCellProcessor.h"

#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace mardyn::testing {

/// FCC lattice of n^3 unit cells in a cubic box of side l, random orientations, Gaussian
/// velocities and angular momenta (seeded; the NVT start of the checks equilibrates them).
inline std::vector<MoleculeRecord> fccLattice(const Component& c, unsigned n, double l, double T, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> g(0.0, 1.0);
  const double a = l / n;
  const Vec3 basis[4] = {{0.25, 0.25, 0.25}, {0.75, 0.75, 0.25}, {0.75, 0.25, 0.75}, {0.25, 0.75, 0.75}};
  const Vec3& I = c.momentsOfInertia();
  std::vector<MoleculeRecord> out;
  for (unsigned x = 0; x < n; ++x)
    for (unsigned y = 0; y < n; ++y)
      for (unsigned z = 0; z < n; ++z)
        for (const Vec3& b : basis) {
          MoleculeRecord r;
          r.component = 0;
          r.id = out.size() + 1;
          r.r = Vec3{(x + b.x) * a, (y + b.y) * a, (z + b.z) * a};
          const double sv = std::sqrt(T / c.mass());
          r.v = Vec3{g(rng) * sv, g(rng) * sv, g(rng) * sv};
          Quaternion q(g(rng), g(rng), g(rng), g(rng));
          q.normalize();
          r.q = q;
          const Vec3 Lb{g(rng) * std::sqrt(T * I.x), g(rng) * std::sqrt(T * I.y), g(rng) * std::sqrt(T * I.z)};
          r.L = q.rotateInv(Lb);  // body -> space
          out.push_back(r);
        }
  return out;
}

/// One model: its component and state point (reduced units).
inline SimulationConfig multiSiteModel(const std::string& name, unsigned fccCells) {
  SimulationConfig cfg;
  Component c(0, name);
  double rho = 0.0, rc = 0.0;
  if (name == "2CLJQ") {
    c.addLJCenter(LJCenter{{0, 0, -0.2525}, 0.5, 1.0, 1.0, false});
    c.addLJCenter(LJCenter{{0, 0, 0.2525}, 0.5, 1.0, 1.0, false});
    c.addQuadrupole(Quadrupole{{0, 0, 0}, {0, 0, 1}, 1.0});
    c.setMomentsOfInertia({0.06375625, 0.06375625, 0.0});
    cfg.temperature = 2.5;
    cfg.timestep = 0.002;
    rho = 0.45;
    rc = 3.5;
  } else if (name == "dipolar") {
    c.addLJCenter(LJCenter{{0, 0, 0}, 1.0, 1.0, 1.0, false});
    c.addDipole(Dipole{{0, 0, 0}, {0, 0, 1}, std::sqrt(2.0)});
    c.setMomentsOfInertia({0.025, 0.025, 0.0});
    cfg.temperature = 1.5;
    cfg.timestep = 0.002;
    rho = 0.8;
    rc = 3.0;
  } else {  // water-like: TIP4P geometry and charges in reduced units (see input/water-like)
    c.addLJCenter(LJCenter{{0, 0, -0.020786067}, 0.88810067, 1.0, 1.0, false});
    c.addCharge(Charge{{0.239996933, 0, 0.164972422}, 0.05594911, 13.5524356});
    c.addCharge(Charge{{-0.239996933, 0, 0.164972422}, 0.05594911, 13.5524356});
    c.addCharge(Charge{{0, 0, 0.026772588}, 0.0, -27.1048711});
    c.setMomentsOfInertia({0.0034291241, 0.0098742968, 0.0064451727});
    cfg.temperature = 3.8462;
    cfg.timestep = 0.0006;
    rho = 1.045196;
    rc = 2.9;
  }
  cfg.components.push_back(c);
  const double n = 4.0 * fccCells * fccCells * fccCells;
  const double l = std::cbrt(n / rho);
  cfg.box = {l, l, l};
  cfg.cutoffRadius = std::min(rc, 0.499 * l);
  cfg.epsilonRF = 1e10;
  cfg.ensemble = SimulationConfig::Ensemble::NVT;
  cfg.molecules = fccLattice(cfg.components[0], fccCells, l, cfg.temperature, 11);
  return cfg;
}

/// Runs nvtSteps with velocity scaling to cfg.temperature (translation and rotation separately,
/// as ls1's thermostat), then nveSteps of plain NVE with time step dt, using the building blocks
/// (LinkedCells, sequential decomposition, a cell processor, the rotational leapfrog). Returns
/// the total energy U_pot + E_kin,trans + E_kin,rot at the start of the NVE run and after each step.
inline std::vector<double> nveEnergies(const SimulationConfig& cfg, unsigned long nvtSteps, unsigned long nveSteps,
                                       double dt, double switchWidth, bool legacy = false) {
  InteractionParameters params(cfg.components, cfg.cutoffRadius);
  params.setReactionField(cfg.epsilonRF);
  params.setSwitchingWidth(switchWidth);
  std::unique_ptr<CellProcessor> proc;
  if (legacy) proc = std::make_unique<LegacyCellProcessor>(params);
  else proc = std::make_unique<VectorizedCellProcessor>(params);
  Domain domain(cfg.box);
  DomainDecompSequential decomp;
  LinkedCells lc({0, 0, 0}, cfg.box, cfg.cutoffRadius, cfg.cellsInCutoffRadius);
  for (const MoleculeRecord& r : cfg.molecules)
    lc.addParticle(Molecule(r.id, &cfg.components[r.component], r.r, r.v, r.q, r.L));
  decomp.exchangeMolecules(lc, domain);
  lc.traverseCells(*proc);
  const unsigned rotDof = cfg.components[0].rotationalDegreesOfFreedom();
  std::vector<double> e;
  for (unsigned long step = 0; step <= nvtSteps + nveSteps; ++step) {
    if (step > 0) {
      const double h = step <= nvtSteps ? cfg.timestep : dt;
      lc.forEach([h](Molecule& m) { Leapfrog::preForces(m, h); });
      decomp.exchangeMolecules(lc, domain);
      lc.traverseCells(*proc);
      lc.forEach([h](Molecule& m) { Leapfrog::postForces(m, h); });
    }
    double mv2 = 0.0, iw2 = 0.0;
    std::size_t n = 0;
    lc.forEach([&](const Molecule& m) {
      mv2 += m.twiceTransKinEnergy();
      iw2 += m.twiceRotKinEnergy();
      ++n;
    });
    if (step < nvtSteps) {  // velocity scaling
      const double bt = std::sqrt(3.0 * n * cfg.temperature / mv2);
      const double br = iw2 > 0 ? std::sqrt(double(rotDof) * n * cfg.temperature / iw2) : 1.0;
      lc.forEach([bt, br](Molecule& m) {
        m.setV(m.v() * bt);
        m.setL(m.L() * br);
      });
    } else {
      e.push_back(proc->upot() + 0.5 * (mv2 + iw2));
    }
  }
  return e;
}

/// Drift (slope of the least-squares line times the run length) and RMS fluctuation about the line.
inline void driftAndFluctuation(const std::vector<double>& e, double& drift, double& rms) {
  const double n = static_cast<double>(e.size());
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < e.size(); ++i) {
    sx += i; sy += e[i]; sxx += double(i) * i; sxy += i * e[i];
  }
  const double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
  const double icpt = (sy - slope * sx) / n;
  double s2 = 0;
  for (std::size_t i = 0; i < e.size(); ++i) {
    const double d = e[i] - (icpt + slope * i);
    s2 += d * d;
  }
  drift = slope * (n - 1);
  rms = std::sqrt(s2 / n);
}

}  // namespace mardyn::testing
