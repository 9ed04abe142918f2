// Test bodies for LocalEnergyMinimizer: the LJ dimer reaches 2^(1/6) sigma, a cluster reaches the force
// tolerance, massless particles stay put and constraints stay satisfied.
#pragma once

#include "TestUtilities.h"

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

} // namespace OpenMMTests
