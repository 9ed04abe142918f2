// Test bodies for constraints (held to 1e-5 by every integrator, applyConstraints) and for state
// persistence: checkpoint round trip, reinitialize(preserveState), setState.
#pragma once

#include "TestIntegrators.h"

#include <sstream>

namespace OpenMMTests {

inline void checkConstraints(const System& system, const std::vector<Vec3>& positions, double tol,
                             const std::string& what) {
  for (int i = 0; i < system.getNumConstraints(); i++) {
    int p1, p2;
    double distance;
    system.getConstraintParameters(i, p1, p2, distance);
    Vec3 d = positions[p1] - positions[p2];
    assertClose(distance, std::sqrt(d.dot(d)), tol, what + " constraint " + std::to_string(i));
  }
}

/** A chain of constrained triangles (coupled constraints) plus LJ, run with each integrator. */
inline void testConstraintsHeld(Platform& platform) {
  for (int kind = 0; kind < 3; kind++) {
    std::vector<Vec3> positions;
    std::unique_ptr<System> system(createMixedSystem(positions, true));
    // Couple constraints: a third particle constrained to both members of the first dimers.
    for (int m = 0; m < 4; m++) {
      int a = 2 * m, b = 2 * m + 1;
      int c = system->addParticle(12.0);
      positions.push_back(positions[a] + Vec3(0.05, 0.09, 0.0));
      Vec3 dA = positions[c] - positions[a], dB = positions[c] - positions[b];
      system->addConstraint(a, c, std::sqrt(dA.dot(dA)));
      system->addConstraint(b, c, std::sqrt(dB.dot(dB)));
      auto& nonbonded = dynamic_cast<NonbondedForce&>(system->getForce(0));
      int index = nonbonded.addParticle(0.0, 0.2, 0.1);
      nonbonded.addException(a, index, 0.0, 1.0, 0.0);
      nonbonded.addException(b, index, 0.0, 1.0, 0.0);
    }
    std::unique_ptr<Integrator> integrator;
    if (kind == 0)
      integrator = std::make_unique<VerletIntegrator>(0.001);
    else if (kind == 1)
      integrator = std::make_unique<LangevinIntegrator>(300.0, 2.0, 0.002);
    else
      integrator = std::make_unique<LangevinMiddleIntegrator>(300.0, 2.0, 0.002);
    std::string tag = kind == 0 ? "Verlet" : kind == 1 ? "Langevin" : "LangevinMiddle";
    Context context(*system, *integrator, platform);
    context.setPositions(positions);
    context.setVelocitiesToTemperature(300.0, 99);
    for (int i = 0; i < 10; i++) {
      integrator->step(50);
      State state = context.getState(State::Positions | State::Velocities);
      checkConstraints(*system, state.getPositions(), 1e-5, tag);
    }
    // Velocities have no component along the constraints after applyVelocityConstraints.
    context.applyVelocityConstraints(1e-6);
    State state = context.getState(State::Positions | State::Velocities);
    for (int i = 0; i < system->getNumConstraints(); i++) {
      int p1, p2;
      double distance;
      system->getConstraintParameters(i, p1, p2, distance);
      Vec3 r = state.getPositions()[p1] - state.getPositions()[p2];
      Vec3 v = state.getVelocities()[p1] - state.getVelocities()[p2];
      CPPUNIT_ASSERT_MESSAGE(tag + ": velocity along constraint", std::fabs(r.dot(v)) < 1e-5 * r.dot(r));
    }
  }
}

inline void testApplyConstraints(Platform& platform) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> system(createMixedSystem(positions, true));
  VerletIntegrator integrator(0.001);
  Context context(*system, integrator, platform);
  for (size_t i = 0; i < positions.size(); i++)
    positions[i] += Vec3(0.01 * std::sin(7.0 * i), 0.01 * std::cos(3.0 * i), 0.005);
  context.setPositions(positions);
  context.applyConstraints(1e-7);
  checkConstraints(*system, context.getState(State::Positions).getPositions(), 1e-7, "applyConstraints");
}

inline void testCheckpointRoundTrip(Platform& platform) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> system(createMixedSystem(positions, true));
  auto* thermostat = new AndersenThermostat(300.0, 5.0);
  system->addForce(thermostat);
  LangevinIntegrator integrator(300.0, 1.0, 0.002);
  integrator.setRandomNumberSeed(7);
  Context context(*system, integrator, platform);
  context.setPositions(positions);
  context.applyConstraints(1e-8);
  context.setParameter(AndersenThermostat::Temperature(), 310.0);
  integrator.step(10);
  std::stringstream checkpoint;
  context.createCheckpoint(checkpoint);
  integrator.step(15);
  State first = context.getState(State::Positions | State::Velocities | State::Parameters);

  context.setParameter(AndersenThermostat::Temperature(), 100.0);
  integrator.step(3);
  context.loadCheckpoint(checkpoint);
  assertClose(310.0, context.getParameter(AndersenThermostat::Temperature()), 0.0, "parameter restored");
  assertClose(10 * 0.002, context.getState(0).getTime(), 1e-12, "time restored");
  CPPUNIT_ASSERT_EQUAL(10LL, context.getStepCount());
  integrator.step(15);
  State second = context.getState(State::Positions | State::Velocities);
  for (size_t i = 0; i < positions.size(); i++) {
    assertVecClose(first.getPositions()[i], second.getPositions()[i], 0.0, "position after checkpoint");
    assertVecClose(first.getVelocities()[i], second.getVelocities()[i], 0.0, "velocity after checkpoint");
  }

  // reinitialize(true) keeps the state; reinitialize() forgets positions.
  context.reinitialize(true);
  State third = context.getState(State::Positions | State::Velocities);
  for (size_t i = 0; i < positions.size(); i++)
    assertVecClose(second.getPositions()[i], third.getPositions()[i], 0.0, "position after reinitialize");
  context.reinitialize();
  assertThrowsWith([&] { context.getState(State::Positions); }, "positions have not been set", "after reinitialize");

  // setState copies a State into another Context.
  LangevinIntegrator integrator2(300.0, 1.0, 0.002);
  Context other(*system, integrator2, platform);
  other.setState(first);
  State copied = other.getState(State::Positions | State::Velocities | State::Parameters);
  assertVecClose(first.getPositions()[3], copied.getPositions()[3], 0.0, "setState position");
  assertClose(310.0, copied.getParameters().at(AndersenThermostat::Temperature()), 0.0, "setState parameter");

  std::stringstream garbage("not a checkpoint at all");
  assertThrowsWith([&] { other.loadCheckpoint(garbage); }, "checkpoint", "loading garbage");
}

inline void testEnforcePeriodicBox(Platform& platform) {
  System system;
  system.setDefaultPeriodicBoxVectors(Vec3(2, 0, 0), Vec3(0, 2, 0), Vec3(0, 0, 2));
  for (int i = 0; i < 3; i++)
    system.addParticle(1.0);
  system.addConstraint(0, 1, 0.2);
  VerletIntegrator integrator(0.001);
  Context context(system, integrator, platform);
  context.setPositions({Vec3(2.1, -0.1, 4.5), Vec3(2.3, -0.1, 4.5), Vec3(-0.5, 3.0, 1.0)});
  State state = context.getState(State::Positions, true);
  // The molecule 0-1 moves as a whole (centre 2.2 -> 0.2); particle 2 alone.
  assertVecClose(Vec3(0.1, 1.9, 0.5), state.getPositions()[0], 1e-12, "wrapped particle 0");
  assertVecClose(Vec3(0.3, 1.9, 0.5), state.getPositions()[1], 1e-12, "wrapped particle 1");
  assertVecClose(Vec3(1.5, 1.0, 1.0), state.getPositions()[2], 1e-12, "wrapped particle 2");
  assertVecClose(Vec3(2.1, -0.1, 4.5), context.getState(State::Positions).getPositions()[0], 0.0, "unwrapped");
}

} // namespace OpenMMTests
