// Test bodies for behaviours OpenMM programs rely on: the velocity time offset of leapfrog integrators,
// Andersen collisions of constraint-linked groups, the minimizer's force groups and reporter, kinetic energy
// of a force-group query, the order of createExceptionsFromBonds and the rules for massless constraints.
#pragma once

#include "TestUtilities.h"

namespace OpenMMTests {

/** Two particles on a harmonic bond (group 0) and a second bond (group 1) pulling the same pair. */
inline System* createTwoBondPair() {
  auto* system = new System();
  system->addParticle(2.0);
  system->addParticle(3.0);
  auto* bond0 = new HarmonicBondForce();
  bond0->addBond(0, 1, 0.2, 100.0);
  system->addForce(bond0);
  auto* bond1 = new HarmonicBondForce();
  bond1->addBond(0, 1, 0.3, 1000.0);
  bond1->setForceGroup(1);
  system->addForce(bond1);
  return system;
}

inline void testVelocityTimeOffset(Platform& platform) {
  std::unique_ptr<System> system(createTwoBondPair());
  const double dt = 0.002;
  VerletIntegrator integrator(dt);
  CPPUNIT_ASSERT_EQUAL(dt / 2, integrator.getVelocityTimeOffset());
  integrator.setIntegrationForceGroups(1 << 0);
  Context context(*system, integrator, platform);
  context.setPositions({Vec3(0, 0, 0), Vec3(0.25, 0, 0)});
  // Only group 0 drives the motion: F = -100 (0.25 - 0.2) on particle 1.
  const double f = -100.0 * 0.05;
  context.setVelocitiesToTemperature(0.0);
  State state = context.getState(State::Velocities);
  assertVecClose(Vec3(-0.5 * dt * (-f) / 2.0, 0, 0), state.getVelocities()[0], 1e-12, "v0 shifted by -dt/2 F/m");
  assertVecClose(Vec3(-0.5 * dt * f / 3.0, 0, 0), state.getVelocities()[1], 1e-12, "v1 shifted by -dt/2 F/m");
  integrator.step(1);
  state = context.getState(State::Velocities);
  // After one kick the half-step velocity is +dt/2 F/m (to first order in dt).
  assertClose(0.5 * dt * f / 3.0, state.getVelocities()[1][0], 1e-3, "half-step velocity after one step");
  LangevinMiddleIntegrator middle(300.0, 1.0, 0.004);
  CPPUNIT_ASSERT_EQUAL(0.002, middle.getVelocityTimeOffset());
}

inline void testAndersenConstraintGroups(Platform& platform) {
  // Two constrained squares (4 particles, 4 constraints each): 3N - Nc = 16 degrees of freedom.
  System system;
  std::vector<Vec3> positions;
  for (int square = 0; square < 2; square++)
    for (int k = 0; k < 4; k++) {
      system.addParticle(10.0 + k);
      positions.emplace_back(0.3 * (k == 1 || k == 2) + 2.0 * square, 0.3 * (k >= 2), 0.05 * k);
    }
  for (int square = 0; square < 2; square++)
    for (int k = 0; k < 4; k++) {
      Vec3 d = positions[4 * square + k] - positions[4 * square + (k + 1) % 4];
      system.addConstraint(4 * square + k, 4 * square + (k + 1) % 4, std::sqrt(d.dot(d)));
    }
  auto* thermostat = new AndersenThermostat(100.0, 50.0);
  thermostat->setRandomNumberSeed(5);
  system.addForce(thermostat);
  VerletIntegrator integrator(0.002);
  integrator.setConstraintTolerance(1e-8);
  Context context(system, integrator, platform);
  context.setPositions(positions);
  integrator.step(200);
  double mean = 0.0;
  const int samples = 1500;
  for (int i = 0; i < samples; i++) {
    integrator.step(10);
    mean += context.getState(State::Energy).getKineticEnergy() / samples;
  }
  double expected = 0.5 * (3 * 8 - 8) * kBoltz * 100.0;
  // Samples a collision time apart: standard error ~ sqrt(2/16/1500) = 0.9 %.
  assertClose(expected, mean, 0.05, "Andersen kinetic energy with constraints");
}

inline void testMinimizerIntegrationGroups(Platform& platform) {
  std::unique_ptr<System> system(createTwoBondPair());
  VerletIntegrator integrator(0.001);
  integrator.setIntegrationForceGroups(1 << 0);
  Context context(*system, integrator, platform);
  context.setPositions({Vec3(0, 0, 0), Vec3(0.25, 0, 0)});
  LocalEnergyMinimizer::minimize(context, 1e-6);
  State state = context.getState(State::Positions);
  Vec3 d = state.getPositions()[1] - state.getPositions()[0];
  assertClose(0.2, std::sqrt(d.dot(d)), 1e-6, "bond of the integration group at its minimum");
}

/** Stops after a fixed number of reports and keeps what it was given. */
class CountingReporter : public MinimizationReporter {
public:
  explicit CountingReporter(int stopAfter) : _stopAfter(stopAfter) {}
  bool report(int iteration, const std::vector<double>& x, const std::vector<double>& grad,
              std::map<std::string, double>& args) override {
    calls++;
    lastIteration = iteration;
    lastEnergy = args.at("system energy");
    CPPUNIT_ASSERT(args.count("restraint energy") == 1 && args.count("max constraint error") == 1);
    CPPUNIT_ASSERT_EQUAL(x.size(), grad.size());
    return calls >= _stopAfter;
  }
  int calls = 0, lastIteration = -1;
  double lastEnergy = 0.0;

private:
  int _stopAfter;
};

inline void testMinimizerReporter(Platform& platform) {
  System system;
  auto* nonbonded = new NonbondedForce();
  std::vector<Vec3> positions;
  for (int i = 0; i < 8; i++) {
    system.addParticle(12.0);
    nonbonded->addParticle(0.0, 0.3, 0.5);
    positions.emplace_back(0.4 * (i % 2) + 0.01 * i, 0.4 * ((i / 2) % 2), 0.4 * (i / 4) + 0.02 * i);
  }
  system.addForce(nonbonded);
  VerletIntegrator integrator(0.001);
  Context context(system, integrator, platform);
  context.setPositions(positions);
  CountingReporter reporter(3);
  LocalEnergyMinimizer::minimize(context, 1e-8, 0, &reporter);
  CPPUNIT_ASSERT_EQUAL(3, reporter.calls);
  CPPUNIT_ASSERT_EQUAL(2, reporter.lastIteration);
  assertClose(context.getState(State::Energy).getPotentialEnergy(), reporter.lastEnergy, 1e-12,
              "reported system energy is the Context's");
}

inline void testNonFiniteKineticEnergy(Platform& platform) {
  // Particle 2 sits (almost) on particle 0: the LJ force is not finite. getState reports a NaN kinetic energy (as
  // OpenMM does) instead of failing in the velocity constraints.
  System system;
  auto* nonbonded = new NonbondedForce();
  for (int i = 0; i < 3; i++) {
    system.addParticle(10.0);
    nonbonded->addParticle(0.0, 0.3, 1.0);
  }
  system.addConstraint(0, 1, 0.2);
  nonbonded->addException(0, 1, 0.0, 1.0, 0.0);
  system.addForce(nonbonded);
  VerletIntegrator integrator(0.001);
  Context context(system, integrator, platform);
  context.setPositions({Vec3(0, 0, 0), Vec3(0.2, 0, 0), Vec3(1e-30, 0, 0)});
  State state = context.getState(State::Energy);
  CPPUNIT_ASSERT(!std::isfinite(state.getKineticEnergy()));
}

inline void testGroupKineticEnergy(Platform& platform) {
  std::unique_ptr<System> system(createTwoBondPair());
  const double dt = 0.002;
  VerletIntegrator integrator(dt);
  integrator.setIntegrationForceGroups(1 << 0);
  Context context(*system, integrator, platform);
  context.setPositions({Vec3(0, 0, 0), Vec3(0.25, 0, 0)});
  context.setVelocities({Vec3(), Vec3()});
  // The half-step kinetic energy is shifted with the forces of the queried groups.
  for (int group = 0; group < 2; group++) {
    double f = group == 0 ? -100.0 * 0.05 : -1000.0 * (0.25 - 0.3);
    double v0 = 0.5 * dt * f / 2.0, v1 = 0.5 * dt * f / 3.0;
    double expected = 0.5 * 2.0 * v0 * v0 + 0.5 * 3.0 * v1 * v1;
    State state = context.getState(State::Energy, false, 1 << group);
    assertClose(expected, state.getKineticEnergy(), 1e-12, "kinetic energy of group " + std::to_string(group));
  }
}

inline void testCreateExceptionsOrder(Platform&) {
  NonbondedForce force;
  for (int i = 0; i < 6; i++)
    force.addParticle(0.1, 0.3, 0.5);
  // A chain 0-1-2-3-4 listed out of order, plus 5 bonded to 2.
  force.createExceptionsFromBonds({{3, 4}, {1, 2}, {0, 1}, {2, 3}, {5, 2}}, 0.5, 0.5);
  // OpenMM's order: by the larger index, then the smaller one, as (smaller, larger).
  const std::vector<std::pair<int, int>> expected = {{0, 1}, {0, 2}, {1, 2}, {0, 3}, {1, 3}, {2, 3}, {1, 4},
                                                     {2, 4}, {3, 4}, {0, 5}, {1, 5}, {2, 5}, {3, 5}, {4, 5}};
  CPPUNIT_ASSERT_EQUAL(static_cast<int>(expected.size()), force.getNumExceptions());
  for (int i = 0; i < force.getNumExceptions(); i++) {
    int p1, p2;
    double chargeProd, sigma, epsilon;
    force.getExceptionParameters(i, p1, p2, chargeProd, sigma, epsilon);
    CPPUNIT_ASSERT_EQUAL(expected[i].first, p1);
    CPPUNIT_ASSERT_EQUAL(expected[i].second, p2);
  }
  assertThrowsWith(
      [&] {
        force.createExceptionsFromBonds({{0, 1}}, 0.5, 0.5);
      },
      "already an exception", "exceptions created twice");
}

inline void testMasslessConstraints(Platform& platform) {
  System system;
  system.addParticle(0.0);
  system.addParticle(0.0);
  system.addParticle(1.0);
  system.addParticle(1.0);
  system.addConstraint(0, 1, 0.3); // between two massless particles: ignored
  system.addConstraint(2, 3, 0.2);
  auto* bonds = new HarmonicBondForce();
  bonds->addBond(1, 2, 0.2, 100.0);
  system.addForce(bonds);
  {
    VerletIntegrator integrator(0.001);
    Context context(system, integrator, platform);
    context.setPositions({Vec3(0, 0, 0), Vec3(0.5, 0, 0), Vec3(0.7, 0.1, 0), Vec3(0.9, 0.1, 0)});
    integrator.step(10);
    State state = context.getState(State::Positions);
    assertVecClose(Vec3(0.5, 0, 0), state.getPositions()[1], 0.0, "massless particle stays");
    Vec3 d = state.getPositions()[3] - state.getPositions()[2];
    assertClose(0.2, std::sqrt(d.dot(d)), 1e-5, "massive constraint held");
  }
  // A massless-massive constraint is accepted by the System and refused when a Context is created.
  system.addConstraint(1, 2, 0.2);
  VerletIntegrator integrator(0.001);
  assertThrowsWith([&] { Context context(system, integrator, platform); },
                   "A constraint cannot involve a massless particle", "massless-massive constraint");
}

inline void testPlatformLookups(Platform& platform) {
  CPPUNIT_ASSERT_EQUAL(&platform, &Platform::getPlatform(platform.getName()));
  CPPUNIT_ASSERT_EQUAL(&Platform::getPlatformByName("Reference"), &Platform::getPlatform("Reference"));
  CPPUNIT_ASSERT_EQUAL(&Platform::getPlatform(0), &Platform::getPlatform(0));
}

} // namespace OpenMMTests
