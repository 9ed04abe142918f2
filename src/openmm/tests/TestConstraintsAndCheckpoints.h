// Test bodies for constraints (held to 1e-5 by every integrator, applyConstraints, clusters of each kind side by
// side under LangevinMiddle) and for state persistence: checkpoint round trip, reinitialize(preserveState),
// setState.
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

/** Constrained dimers, triangles (coupled constraints) and a methyl-like centre with three light atoms, plus LJ,
 * run with each integrator. */
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
    // A centre constrained to three light atoms (a star cluster, as bonds to hydrogen make).
    {
      auto& nonbonded = dynamic_cast<NonbondedForce&>(system->getForce(0));
      const Vec3 centre = positions[0] + Vec3(0.0, 0.0, 0.6);
      const int c = system->addParticle(12.0);
      positions.push_back(centre);
      nonbonded.addParticle(0.0, 0.3, 0.2);
      const Vec3 arms[3] = {Vec3(0.109, 0.0, 0.0), Vec3(-0.036, 0.103, 0.0), Vec3(-0.036, -0.051, 0.089)};
      for (const Vec3& arm : arms) {
        const int h = system->addParticle(1.0);
        positions.push_back(centre + arm);
        system->addConstraint(c, h, std::sqrt(arm.dot(arm)));
        nonbonded.addParticle(0.0, 0.1, 0.1);
        nonbonded.addException(c, h, 0.0, 1.0, 0.0);
      }
      for (int i = 1; i <= 3; i++)
        for (int j = i + 1; j <= 3; j++) nonbonded.addException(c + i, c + j, 0.0, 1.0, 0.0);
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

namespace OpenMMTests {

inline void testVirtualSites(Platform& platform) {
  // Particles 0-2 carry a two-particle average site (3), a three-particle average site (4) and an out-of-plane
  // site (5); the sites are charged and interact with particle 6.
  System system;
  for (int i = 0; i < 3; i++)
    system.addParticle(10.0);
  for (int i = 0; i < 3; i++)
    system.addParticle(0.0);
  system.addParticle(12.0);
  system.addParticle(0.0); // 7: a local-coordinates site
  system.setVirtualSite(7, new LocalCoordinatesSite(0, 1, 2, Vec3(0.5, 0.3, 0.2), Vec3(-1, 1, 0), Vec3(-1, 0, 1),
                                                    Vec3(0.05, 0.08, -0.06)));
  system.setVirtualSite(3, new TwoParticleAverageSite(0, 1, 0.3, 0.7));
  system.setVirtualSite(4, new ThreeParticleAverageSite(0, 1, 2, 0.2, 0.3, 0.5));
  system.setVirtualSite(5, new OutOfPlaneSite(0, 1, 2, 0.4, -0.3, 2.5));
  auto* nonbonded = new NonbondedForce();
  const double charges[8] = {0.0, 0.0, 0.0, 0.5, -0.4, 0.3, -0.6, 0.35};
  for (double q : charges)
    nonbonded->addParticle(q, 0.25, q == 0.0 ? 0.0 : 0.3);
  for (int i = 0; i < 8; i++)
    for (int j = i + 1; j < 8; j++)
      if (i != 6 && j != 6)
        nonbonded->addException(i, j, 0.0, 1.0, 0.0); // one molecule: no interactions inside it
  system.addForce(nonbonded);
  auto* bonds = new HarmonicBondForce();
  bonds->addBond(0, 1, 0.15, 1000.0);
  bonds->addBond(1, 2, 0.15, 1000.0);
  system.addForce(bonds);
  VerletIntegrator integrator(0.0005);
  Context context(system, integrator, platform);
  std::vector<Vec3> positions = {
      Vec3(0, 0, 0), Vec3(0.15, 0.02, 0), Vec3(0.2, 0.16, 0.03), Vec3(), Vec3(), Vec3(), Vec3(0.9, 0.4, 0.5), Vec3()};
  context.setPositions(positions);
  context.computeVirtualSites();
  State state = context.getState(State::Positions);
  const auto& x = state.getPositions();
  assertVecClose(x[0] * 0.3 + x[1] * 0.7, x[3], 1e-14, "two-particle average site");
  assertVecClose(x[0] * 0.2 + x[1] * 0.3 + x[2] * 0.5, x[4], 1e-14, "three-particle average site");
  Vec3 v12 = x[1] - x[0], v13 = x[2] - x[0];
  assertVecClose(x[0] + v12 * 0.4 - v13 * 0.3 + v12.cross(v13) * 2.5, x[5], 1e-14, "out-of-plane site");
  {
    Vec3 a = x[1] - x[0], b = x[2] - x[0];
    Vec3 ex = a / std::sqrt(a.dot(a)), ez = a.cross(b) / std::sqrt(a.cross(b).dot(a.cross(b))), ey = ez.cross(ex);
    Vec3 origin = x[0] * 0.5 + x[1] * 0.3 + x[2] * 0.2;
    assertVecClose(origin + ex * 0.05 + ey * 0.08 - ez * 0.06, x[7], 1e-14, "local-coordinates site");
  }
  CPPUNIT_ASSERT_EQUAL(2, static_cast<int>(context.getMolecules().size()));
  // Forces on the real particles are minus the gradient of the energy with respect to them (the sites follow).
  State forces = context.getState(State::Forces | State::Energy);
  for (int i : {3, 4, 5, 7})
    assertVecClose(Vec3(), forces.getForces()[i], 0.0, "no force left on a site");
  // Platforms that compute energies in float raise the step and the tolerance (the floors of TestUtilities.h).
  const double h = std::max(1e-5, finiteDifferenceStepFloor());
  for (int p : {0, 1, 2, 6})
    for (int d = 0; d < 3; d++) {
      std::vector<Vec3> plus = positions, minus = positions;
      plus[p][d] += h;
      minus[p][d] -= h;
      context.setPositions(plus);
      double ePlus = context.getState(State::Energy).getPotentialEnergy();
      context.setPositions(minus);
      double eMinus = context.getState(State::Energy).getPotentialEnergy();
      assertClose(-(ePlus - eMinus) / (2 * h), forces.getForces()[p][d], std::max(1e-5, finiteDifferenceFloor()),
                  "force on particle " + std::to_string(p) + " against finite differences");
    }
  // The sites move with their particles during dynamics, and the total energy is conserved.
  context.setPositions(positions);
  context.setVelocities(std::vector<Vec3>(8, Vec3()));
  double start = context.getState(State::Energy).getPotentialEnergy();
  integrator.step(100);
  State end = context.getState(State::Energy | State::Positions);
  assertClose(start, end.getPotentialEnergy() + end.getKineticEnergy(), 1e-3, "energy conservation with sites");
  const auto& y = end.getPositions();
  assertVecClose(y[0] * 0.3 + y[1] * 0.7, y[3], 1e-12, "site follows its particles");
  system.setParticleMass(3, 1.0);
  VerletIntegrator other(0.001);
  assertThrowsWith([&] { Context c(system, other, platform); }, "must be massless", "massive virtual site");
}

/** A molecule's Langevin-middle trajectory does not depend on a cluster of constraints beside it that nothing
 * couples to it, nor on the kind of that cluster: the same molecules (rigid waters held by SETTLE, CH3- and
 * CH2-like stars, free atoms; bonds and angles only) are stepped 20 times alone and beside a chain of four atoms
 * held by three constraints (a cluster that is neither a triangle nor a star, solved by the general SHAKE launch).
 * The shared atoms' positions and velocities must be the same. The GPU platforms (those with a Precision property)
 * draw each atom's random numbers from (seed, step, atom), so the molecules get the same ones beside the chain and
 * the step runs with friction; elsewhere one stream feeds every atom in turn, and the step runs without. */
inline void testLangevinMiddleClusterPaths(Platform& platform) {
  const std::vector<std::string>& names = platform.getPropertyNames();
  const double friction = std::find(names.begin(), names.end(), "Precision") != names.end() ? 5.0 : 0.0;
  auto build = [](System& system, std::vector<Vec3>& positions, bool chain) {
    auto* bonds = new HarmonicBondForce();
    auto* angles = new HarmonicAngleForce();
    for (int m = 0; m < 12; m++) {
      const Vec3 centre(0.45 * (m % 3), 0.45 * ((m / 3) % 2), 0.45 * (m / 6));
      const int o = system.addParticle(16.0);
      const int h1 = system.addParticle(1.0), h2 = system.addParticle(1.0);
      const double phi = 0.9 * m;
      positions.push_back(centre);
      positions.push_back(centre + Vec3(0.1 * std::cos(phi), 0.1 * std::sin(phi), 0.0));
      positions.push_back(centre + Vec3(0.1 * std::cos(phi + 1.911), 0.1 * std::sin(phi + 1.911), 0.01));
      system.addConstraint(o, h1, 0.1);
      system.addConstraint(o, h2, 0.1);
      const Vec3 hh = positions[h2] - positions[h1];
      system.addConstraint(h1, h2, std::sqrt(hh.dot(hh)));
      // A CH3 (star of three) or a CH2 (star of two) bonded to a free heavy atom.
      const Vec3 c0 = centre + Vec3(0.0, 0.0, 1.5);
      const int c = system.addParticle(12.0);
      positions.push_back(c0);
      const int arms = m % 2 == 0 ? 3 : 2;
      for (int k = 0; k < arms; k++) {
        const double a = 2.1 * k + 0.3 * m;
        const int h = system.addParticle(1.0);
        positions.push_back(c0 + Vec3(0.109 * std::cos(a), 0.109 * std::sin(a), -0.03));
        system.addConstraint(c, h, 0.109);
      }
      const int x = system.addParticle(14.0);
      positions.push_back(c0 + Vec3(0.0, 0.0, 0.147));
      bonds->addBond(c, x, 0.147, 2.0e5);
      angles->addAngle(c + 1, c, x, 1.91, 300.0);
    }
    if (chain) {
      const int first = system.getNumParticles();
      for (int k = 0; k < 4; k++) {
        system.addParticle(12.0);
        positions.emplace_back(5.0 + 0.15 * k, 5.0 + 0.02 * k * k, 5.0);
      }
      for (int k = 0; k < 3; k++) {
        const Vec3 d = positions[first + k + 1] - positions[first + k];
        system.addConstraint(first + k, first + k + 1, std::sqrt(d.dot(d)));
      }
    }
    system.addForce(bonds);
    system.addForce(angles);
  };
  std::vector<Vec3> finalPositions[2], finalVelocities[2];
  int shared = 0;
  for (int run = 0; run < 2; run++) {
    System system;
    std::vector<Vec3> positions;
    build(system, positions, run == 1);
    if (run == 0) shared = system.getNumParticles();
    LangevinMiddleIntegrator integrator(300.0, friction, 0.002);
    integrator.setRandomNumberSeed(17);
    integrator.setConstraintTolerance(1e-8);
    Context context(system, integrator, platform);
    context.setPositions(positions);
    context.applyConstraints(1e-8);
    std::vector<Vec3> velocities(positions.size());
    for (std::size_t i = 0; i < velocities.size(); i++)
      velocities[i] = Vec3(0.3 * std::sin(1.7 * i), 0.3 * std::cos(0.9 * i), 0.2 * std::sin(0.4 * i + 1.0));
    context.setVelocities(velocities);
    context.applyVelocityConstraints(1e-8);
    integrator.step(20);
    State state = context.getState(State::Positions | State::Velocities);
    finalPositions[run] = state.getPositions();
    finalVelocities[run] = state.getVelocities();
  }
  const double tol = std::max(1e-9, toleranceFloor());
  for (int i = 0; i < shared; i++) {
    assertVecClose(finalPositions[0][i], finalPositions[1][i], tol,
                   "position of particle " + std::to_string(i) + " with and without a general cluster beside it");
    assertVecClose(finalVelocities[0][i], finalVelocities[1][i], std::max(1e-7, toleranceFloor()),
                   "velocity of particle " + std::to_string(i) + " with and without a general cluster beside it");
  }
}

} // namespace OpenMMTests
