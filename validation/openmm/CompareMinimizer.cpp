// LocalEnergyMinimizer on a box of 216 rigid three-site waters (reaction field), built against either library:
// prints the minimized energy, the residual force projected onto the constraint manifold and the constraint errors.
//   usage: CompareMinimizer <platform> [tolerance=10] [perturbation seed=0] [precision]
#include "ConstraintProjection.h"
#include "OpenMM.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <random>
#include <string>
#include <vector>

using OpenMM::Vec3;

namespace {

double uniform(std::mt19937_64& rng) { return (rng() >> 11) * (1.0 / 9007199254740992.0); }

/** 216 TIP3P-like waters on a jittered 6x6x6 lattice with random orientations; the perturbation (seed > 0)
 * moves every atom by up to 1e-5 nm per coordinate. */
void buildWaterBox(OpenMM::System& system, std::vector<Vec3>& positions, int perturbationSeed) {
  const int perSide = 6;
  const double box = 1.8641, spacing = box / perSide, rOH = 0.09572, angle = 104.52 * M_PI / 180.0;
  system.setDefaultPeriodicBoxVectors(Vec3(box, 0, 0), Vec3(0, box, 0), Vec3(0, 0, box));
  auto* nonbonded = new OpenMM::NonbondedForce();
  nonbonded->setNonbondedMethod(OpenMM::NonbondedForce::CutoffPeriodic);
  nonbonded->setCutoffDistance(0.9);
  std::mt19937_64 rng(20261129);
  for (int m = 0; m < perSide * perSide * perSide; m++) {
    int o = system.addParticle(15.999), h1 = system.addParticle(1.008), h2 = system.addParticle(1.008);
    nonbonded->addParticle(-0.834, 0.315061, 0.636386);
    nonbonded->addParticle(0.417, 1.0, 0.0);
    nonbonded->addParticle(0.417, 1.0, 0.0);
    for (int a : {h1, h2})
      nonbonded->addException(o, a, 0.0, 1.0, 0.0);
    nonbonded->addException(h1, h2, 0.0, 1.0, 0.0);
    system.addConstraint(o, h1, rOH);
    system.addConstraint(o, h2, rOH);
    system.addConstraint(h1, h2, 2 * rOH * std::sin(angle / 2));
    Vec3 centre((m % perSide + 0.5 + 0.2 * (uniform(rng) - 0.5)) * spacing,
                ((m / perSide) % perSide + 0.5 + 0.2 * (uniform(rng) - 0.5)) * spacing,
                (m / (perSide * perSide) + 0.5 + 0.2 * (uniform(rng) - 0.5)) * spacing);
    // A random orthonormal frame (u, v) for the molecule's plane.
    Vec3 u(uniform(rng) - 0.5, uniform(rng) - 0.5, uniform(rng) - 0.5), w(uniform(rng) - 0.5, uniform(rng) - 0.5,
                                                                           uniform(rng) - 0.5);
    u *= 1.0 / std::sqrt(u.dot(u));
    w = w - u * u.dot(w);
    w *= 1.0 / std::sqrt(w.dot(w));
    positions.push_back(centre);
    positions.push_back(centre + (u * std::cos(angle / 2) + w * std::sin(angle / 2)) * rOH);
    positions.push_back(centre + (u * std::cos(angle / 2) - w * std::sin(angle / 2)) * rOH);
  }
  system.addForce(nonbonded);
  if (perturbationSeed > 0) {
    std::mt19937_64 jitter(perturbationSeed);
    for (Vec3& p : positions)
      p += Vec3(uniform(jitter) - 0.5, uniform(jitter) - 0.5, uniform(jitter) - 0.5) * 2e-5;
  }
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <platform> [tolerance] [perturbation seed] [precision]\n", argv[0]);
    return 2;
  }
  OpenMM::Platform::loadPluginsFromDirectory(OpenMM::Platform::getDefaultPluginsDirectory());
  double tolerance = argc > 2 ? std::atof(argv[2]) : 10.0;
  int seed = argc > 3 ? std::atoi(argv[3]) : 0;
  OpenMM::System system;
  std::vector<Vec3> positions;
  buildWaterBox(system, positions, seed);
  OpenMM::VerletIntegrator integrator(0.001);
  integrator.setConstraintTolerance(1e-6);
  OpenMM::Platform& platform = OpenMM::Platform::getPlatformByName(argv[1]);
  std::map<std::string, std::string> properties;
  if (argc > 4)
    properties["Precision"] = argv[4];
  OpenMM::Context context(system, integrator, platform, properties);
  context.setPositions(positions);
  double initial = context.getState(OpenMM::State::Energy).getPotentialEnergy();
  auto start = std::chrono::steady_clock::now();
  OpenMM::LocalEnergyMinimizer::minimize(context, tolerance);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  OpenMM::State state = context.getState(OpenMM::State::Positions | OpenMM::State::Forces | OpenMM::State::Energy);
  const std::vector<Vec3>& x = state.getPositions();
  std::vector<Vec3> f = OpenMMTests::constraintProjectedForces(system, x, state.getForces());
  double maxForce = 0, sumForce = 0, maxError = 0;
  for (const Vec3& v : f) {
    maxForce = std::max(maxForce, std::sqrt(v.dot(v)));
    sumForce += v.dot(v);
  }
  for (int c = 0; c < system.getNumConstraints(); c++) {
    int a, b;
    double d;
    system.getConstraintParameters(c, a, b, d);
    Vec3 r = x[a] - x[b];
    maxError = std::max(maxError, std::fabs(std::sqrt(r.dot(r)) - d) / d);
  }
  // Energy after a short constrained run: finite and close to the minimum if nothing was left exploded.
  integrator.step(10);
  double after = context.getState(OpenMM::State::Energy).getPotentialEnergy();
  std::printf("initial %.6f\nminimized %.6f\nrms_projected_force_component %.6g\nmax_projected_force %.6g\n"
              "max_relative_constraint_error %.3g\nenergy_after_10_steps %.6f\nseconds %.2f\n",
              initial, state.getPotentialEnergy(), std::sqrt(sumForce / (3.0 * f.size())), maxForce, maxError,
              after, seconds);
  return 0;
}
