// Test bodies for LocalEnergyMinimizer: the LJ dimer reaches 2^(1/6) sigma, a cluster reaches the force
// tolerance, massless particles stay put and constraints stay satisfied; a box of rigid waters reaches a minimum
// on the constraint manifold, and a start whose forces overflow fixed-point accumulation is relaxed.
#pragma once

#include "ConstraintProjection.h"
#include "TestUtilities.h"

#include <map>
#include <numeric>
#include <random>

namespace OpenMMTests {

inline void testMinimizerDimer(Platform& platform) {
  System system;
  system.addParticle(0.0); // fixed
  system.addParticle(40.0);
  auto* nonbonded = new NonbondedForce();
  nonbonded->addParticle(0.0, 0.3, 1.0);
  nonbonded->addParticle(0.0, 0.3, 1.0);
  system.addForce(nonbonded);
  VerletIntegrator integrator(0.001);
  Context context(system, integrator, platform);
  context.setPositions({Vec3(0.1, 0.2, 0.3), Vec3(0.55, 0.2, 0.3)});
  LocalEnergyMinimizer::minimize(context, 1e-4);
  State state = context.getState(State::Positions | State::Energy);
  Vec3 d = state.getPositions()[1] - state.getPositions()[0];
  assertClose(std::pow(2.0, 1.0 / 6.0) * 0.3, std::sqrt(d.dot(d)), 1e-5, "LJ minimum distance");
  assertClose(-1.0, state.getPotentialEnergy(), 1e-8, "LJ minimum energy");
  assertVecClose(Vec3(0.1, 0.2, 0.3), state.getPositions()[0], 0.0, "massless particle fixed");
}

inline void testMinimizerCluster(Platform& platform) {
  System system;
  auto* nonbonded = new NonbondedForce();
  auto* bonds = new HarmonicBondForce();
  std::vector<Vec3> positions;
  for (int i = 0; i < 20; i++) {
    system.addParticle(12.0);
    nonbonded->addParticle(i % 2 == 0 ? 0.2 : -0.2, 0.3, 0.5);
    positions.emplace_back(0.35 * (i % 3) + 0.04 * std::sin(i), 0.35 * ((i / 3) % 3),
                           0.35 * (i / 9) + 0.03 * std::cos(i));
  }
  for (int i = 0; i < 6; i++)
    bonds->addBond(2 * i, 2 * i + 1, 0.15, 1e4);
  system.addConstraint(12, 13, 0.33);
  nonbonded->addException(12, 13, 0.0, 1.0, 0.0);
  system.addForce(nonbonded);
  system.addForce(bonds);
  VerletIntegrator integrator(0.001);
  Context context(system, integrator, platform);
  context.setPositions(positions);
  context.applyConstraints(1e-8);
  double initial = context.getState(State::Energy).getPotentialEnergy();
  LocalEnergyMinimizer::minimize(context, 1.0, 2000);
  State state = context.getState(State::Positions | State::Forces | State::Energy);
  CPPUNIT_ASSERT_MESSAGE("energy decreased", state.getPotentialEnergy() < initial - 1.0);
  Vec3 d = state.getPositions()[12] - state.getPositions()[13];
  assertClose(0.33, std::sqrt(d.dot(d)), 1e-6, "constraint after minimization");
  // Forces on unconstrained particles are below the tolerance scale.
  double sum = 0.0;
  for (int i = 0; i < 12; i++)
    sum += state.getForces()[i].dot(state.getForces()[i]);
  CPPUNIT_ASSERT_MESSAGE("rms force " + std::to_string(std::sqrt(sum / 36)), std::sqrt(sum / 36) < 2.0);
}

/** perSide^3 rigid TIP3P-like waters (three constraints each) on a jittered lattice in a periodic box at liquid
 * density, with random orientations; NonbondedForce CutoffPeriodic (reaction field) at 0.6 nm, LJ switched from
 * 0.5 nm. */
inline void buildRigidWaterBox(System& system, std::vector<Vec3>& positions, int perSide) {
  const double spacing = 0.3107, box = perSide * spacing, rOH = 0.09572, angle = 104.52 * M_PI / 180.0;
  system.setDefaultPeriodicBoxVectors(Vec3(box, 0, 0), Vec3(0, box, 0), Vec3(0, 0, box));
  auto* nonbonded = new NonbondedForce();
  nonbonded->setNonbondedMethod(NonbondedForce::CutoffPeriodic);
  nonbonded->setCutoffDistance(0.6);
  nonbonded->setUseSwitchingFunction(true);
  nonbonded->setSwitchingDistance(0.5);
  std::mt19937 rng(4711);
  auto uniform = [&]() { return (rng() + 0.5) / 4294967296.0; };
  for (int m = 0; m < perSide * perSide * perSide; m++) {
    int o = system.addParticle(15.999), h1 = system.addParticle(1.008), h2 = system.addParticle(1.008);
    nonbonded->addParticle(-0.834, 0.315061, 0.636386);
    nonbonded->addParticle(0.417, 1.0, 0.0);
    nonbonded->addParticle(0.417, 1.0, 0.0);
    nonbonded->addException(o, h1, 0.0, 1.0, 0.0);
    nonbonded->addException(o, h2, 0.0, 1.0, 0.0);
    nonbonded->addException(h1, h2, 0.0, 1.0, 0.0);
    system.addConstraint(o, h1, rOH);
    system.addConstraint(o, h2, rOH);
    system.addConstraint(h1, h2, 2.0 * rOH * std::sin(angle / 2));
    Vec3 centre((m % perSide + 0.4 + 0.2 * uniform()) * spacing,
                ((m / perSide) % perSide + 0.4 + 0.2 * uniform()) * spacing,
                (m / (perSide * perSide) + 0.4 + 0.2 * uniform()) * spacing);
    Vec3 u(uniform() - 0.5, uniform() - 0.5, uniform() - 0.5), w(uniform() - 0.5, uniform() - 0.5, uniform() - 0.5);
    u *= 1.0 / std::sqrt(u.dot(u));
    w = w - u * u.dot(w);
    w *= 1.0 / std::sqrt(w.dot(w));
    positions.push_back(centre);
    positions.push_back(centre + (u * std::cos(angle / 2) + w * std::sin(angle / 2)) * rOH);
    positions.push_back(centre + (u * std::cos(angle / 2) - w * std::sin(angle / 2)) * rOH);
  }
  system.addForce(nonbonded);
}

/** 64 rigid waters: the minimizer stops where the force projected onto the constraint manifold is below the
 * tolerance, with the constraints held (the reporter sees the restraints); and a descent by other means (constrained
 * Langevin dynamics at 0 K, run from the result) finds almost nothing left to gain. */
inline void testMinimizerRigidWater(Platform& platform) {
  System system;
  std::vector<Vec3> positions;
  buildRigidWaterBox(system, positions, 4);
  VerletIntegrator integrator(0.001);
  Context context(system, integrator, platform);
  context.setPositions(positions);
  const double tolerance = 5.0;
  struct LastReport : MinimizationReporter {
    std::map<std::string, double> args;
    bool report(int, const std::vector<double>&, const std::vector<double>&,
                std::map<std::string, double>& reported) override {
      args = reported;
      return false;
    }
  } reporter;
  LocalEnergyMinimizer::minimize(context, tolerance, 0, &reporter);
  // The last iteration held the constraints by restraints to the working tolerance max(1e-4, tolerance).
  CPPUNIT_ASSERT(reporter.args["restraint strength"] > 0.0);
  CPPUNIT_ASSERT(reporter.args["max constraint error"] <= std::max(1e-4, integrator.getConstraintTolerance()));
  State state = context.getState(State::Positions | State::Forces | State::Energy);
  const std::vector<Vec3>& x = state.getPositions();
  double maxError = 0.0;
  for (int c = 0; c < system.getNumConstraints(); c++) {
    int a, b;
    double distance;
    system.getConstraintParameters(c, a, b, distance);
    Vec3 d = x[a] - x[b];
    maxError = std::max(maxError, std::fabs(std::sqrt(d.dot(d)) - distance) / distance);
  }
  CPPUNIT_ASSERT_MESSAGE("constraint error " + std::to_string(maxError),
                         maxError <= 2.0 * integrator.getConstraintTolerance());
  double sum = 0.0;
  for (const Vec3& f : constraintProjectedForces(system, x, state.getForces()))
    sum += f.dot(f);
  double rms = std::sqrt(sum / (3.0 * system.getNumParticles()));
  CPPUNIT_ASSERT_MESSAGE("rms projected force " + std::to_string(rms), rms < 1.5 * tolerance);
  // Overdamped constrained dynamics without noise descend into the nearest minimum.
  LangevinIntegrator descent(0.0, 500.0, 0.001);
  Context check(system, descent, platform);
  check.setPositions(x);
  check.setVelocitiesToTemperature(0.0);
  descent.step(400);
  double lower = check.getState(State::Energy).getPotentialEnergy();
  CPPUNIT_ASSERT_MESSAGE("minimized " + std::to_string(state.getPotentialEnergy()) + ", descent from there reaches " +
                             std::to_string(lower),
                         lower > state.getPotentialEnergy() - 5.0);
}

/** Three LJ particles, one pair held by a constraint at the LJ minimum distance, the third starting 0.005 nm from
 * the first (an energy near 1e22 kJ/mol, beyond what fixed-point accumulation holds): the only minimum is the
 * equilateral triangle at -3 epsilon, and the Context is left there, not exploded. */
inline void testMinimizerOverlappingStart(Platform& platform) {
  const double sigma = 0.3, epsilon = 1.0, rMin = std::pow(2.0, 1.0 / 6.0) * sigma;
  System system;
  auto* nonbonded = new NonbondedForce();
  for (int i = 0; i < 3; i++) {
    system.addParticle(20.0);
    nonbonded->addParticle(0.0, sigma, epsilon);
  }
  system.addConstraint(0, 1, rMin);
  system.addForce(nonbonded);
  VerletIntegrator integrator(0.001);
  Context context(system, integrator, platform);
  context.setPositions({Vec3(0, 0, 0), Vec3(rMin, 0, 0), Vec3(0.004, 0.003, 0.0)});
  LocalEnergyMinimizer::minimize(context, 1e-2);
  State state = context.getState(State::Positions | State::Energy);
  assertClose(-3.0 * epsilon, state.getPotentialEnergy(), 1e-3, "energy of the relaxed triangle");
  for (int i = 0; i < 3; i++) {
    Vec3 d = state.getPositions()[i] - state.getPositions()[(i + 1) % 3];
    assertClose(rMin, std::sqrt(d.dot(d)), 1e-3, "side of the relaxed triangle");
  }
  integrator.step(10);
  assertClose(-3.0 * epsilon, context.getState(State::Energy).getPotentialEnergy(), 1e-3, "energy after 10 steps");
}

} // namespace OpenMMTests
