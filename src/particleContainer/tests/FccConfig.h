// FccConfig: a SimulationConfig of an FCC lattice of single-centre LJ molecules (reduced units)
// with seeded Maxwell-Boltzmann velocities scaled to an exact temperature, for tests.
#pragma once

#include "config/SimulationConfig.h"

#include <cmath>
#include <random>

namespace mardyn::testing {

/// n^3 unit cells (4 n^3 molecules) at density rho; velocities with zero total momentum scaled
/// so that sum m v^2 / (3 N) == temperature (ls1's definition), or, with momentumDof, so that
/// sum m v^2 / (3 N - 3) == temperature (LAMMPS' definition, which removes the 3 momentum dof).
inline SimulationConfig fccConfig(int n, double rho, double cutoff, double temperature, bool shifted,
                                  unsigned seed = 42, bool momentumDof = false) {
  SimulationConfig cfg;
  cfg.timestep = 0.005;
  cfg.ensemble = SimulationConfig::Ensemble::NVE;
  cfg.temperature = temperature;
  const double a = std::cbrt(4.0 / rho);
  cfg.box = {n * a, n * a, n * a};
  cfg.components.emplace_back(0, "LJ");
  cfg.components[0].addLJCenter(LJCenter{{0, 0, 0}, 1.0, 1.0, 1.0, shifted});
  cfg.cutoffRadius = cutoff;
  cfg.longRange = SimulationConfig::LongRange::None;
  cfg.finalCheckpoint = false;
  cfg.quiet = true;
  const double basis[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> g(0.0, 1.0);
  Vec3 total;
  for (int z = 0; z < n; ++z)
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x)
        for (const auto& b : basis) {
          MoleculeRecord rec;
          rec.id = cfg.molecules.size() + 1;
          rec.r = Vec3{(x + b[0] + 0.25) * a, (y + b[1] + 0.25) * a, (z + b[2] + 0.25) * a};
          rec.v = Vec3{g(rng), g(rng), g(rng)};
          total += rec.v;
          cfg.molecules.push_back(rec);
        }
  const double N = static_cast<double>(cfg.molecules.size());
  double mv2 = 0.0;
  for (auto& rec : cfg.molecules) {
    rec.v -= total / N;
    mv2 += norm2(rec.v);
  }
  const double scale = std::sqrt((momentumDof ? 3.0 * N - 3.0 : 3.0 * N) * temperature / mv2);
  for (auto& rec : cfg.molecules) rec.v *= scale;
  cfg.productionSteps = 0;
  return cfg;
}

}  // namespace mardyn::testing
