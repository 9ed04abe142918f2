// Test bodies for HarmonicBondForce, HarmonicAngleForce and PeriodicTorsionForce: analytic energies and
// forces, finite differences, periodic bonds and parameter updates. Run on every platform.
#pragma once

#include "TestUtilities.h"

namespace OpenMMTests {

inline void testHarmonicBondAnalytic(Platform& platform) {
  System system;
  for (int i = 0; i < 3; i++)
    system.addParticle(1.0);
  auto* bonds = new HarmonicBondForce();
  bonds->addBond(0, 1, 1.5, 0.8);
  bonds->addBond(1, 2, 1.2, 0.7);
  system.addForce(bonds);
  VerletIntegrator integrator(0.01);
  Context context(system, integrator, platform);
  CPPUNIT_ASSERT_EQUAL(std::string("HarmonicBondForce"), bonds->getName());
  context.setPositions({Vec3(0, 2, 0), Vec3(0, 0, 0), Vec3(1, 0, 0)});
  State state = context.getState(State::Forces | State::Energy);
  // Bond 0: r = 2, stretch 0.5; bond 1: r = 1, stretch -0.2.
  assertVecClose(Vec3(0, -0.4, 0), state.getForces()[0], 1e-10, "bond force 0");
  assertVecClose(Vec3(-0.14, 0.4, 0), state.getForces()[1], 1e-10, "bond force 1");
  assertVecClose(Vec3(0.14, 0, 0), state.getForces()[2], 1e-10, "bond force 2");
  assertClose(0.5 * 0.8 * 0.25 + 0.5 * 0.7 * 0.04, state.getPotentialEnergy(), 1e-10, "bond energy");

  bonds->setBondParameters(0, 0, 1, 1.0, 2.0);
  bonds->updateParametersInContext(context);
  state = context.getState(State::Energy);
  assertClose(0.5 * 2.0 * 1.0 + 0.5 * 0.7 * 0.04, state.getPotentialEnergy(), 1e-10, "bond energy after update");
}

inline void testHarmonicBondPeriodic(Platform& platform) {
  System system;
  system.addParticle(1.0);
  system.addParticle(1.0);
  system.setDefaultPeriodicBoxVectors(Vec3(3, 0, 0), Vec3(0, 3, 0), Vec3(0, 0, 3));
  auto* bonds = new HarmonicBondForce();
  bonds->addBond(0, 1, 0.1, 10.0);
  bonds->setUsesPeriodicBoundaryConditions(true);
  system.addForce(bonds);
  VerletIntegrator integrator(0.01);
  Context context(system, integrator, platform);
  context.setPositions({Vec3(0.1, 0, 0), Vec3(2.9, 0, 0)}); // minimum-image distance 0.2
  State state = context.getState(State::Forces | State::Energy);
  assertClose(0.5 * 10.0 * 0.01, state.getPotentialEnergy(), 1e-10, "periodic bond energy");
  assertVecClose(Vec3(-1.0, 0, 0), state.getForces()[0], 1e-10, "periodic bond force 0");
}

/// A molecule (bonds without periodic boundary conditions) lying across the faces of a periodic box, and one
/// two boxes away from it: a platform that wraps positions into the box must move each molecule as a whole.
/// The bonds stay at rest length, getState gives back the positions as set, and after 50 steps the bond
/// energy is still that of a small vibration.
inline void testMoleculeAcrossBoxFaces(Platform& platform) {
  const double box = 3.0;
  System system;
  system.setDefaultPeriodicBoxVectors(Vec3(box, 0, 0), Vec3(0, box, 0), Vec3(0, 0, box));
  auto* bonds = new HarmonicBondForce();
  auto* nonbonded = new NonbondedForce();
  nonbonded->setNonbondedMethod(NonbondedForce::CutoffPeriodic);
  nonbonded->setCutoffDistance(1.0);
  std::vector<Vec3> positions;
  const Vec3 starts[] = {Vec3(2.95, 1.5, 2.97), Vec3(7.95, -4.55, 1.0)};
  for (const Vec3& start : starts)
    for (int k = 0; k < 3; k++) {
      const int a = system.addParticle(12.0);
      positions.push_back(start + Vec3(0.1 * k, 0.0, 0.02 * k));
      nonbonded->addParticle(0.0, 0.3, 0.5);
      if (k > 0) {
        bonds->addBond(a - 1, a, std::sqrt(0.0104), 1000.0);
        nonbonded->addException(a - 1, a, 0.0, 1.0, 0.0);
      }
    }
  nonbonded->addException(0, 2, 0.0, 1.0, 0.0);
  nonbonded->addException(3, 5, 0.0, 1.0, 0.0);
  system.addForce(bonds);
  system.addForce(nonbonded);
  bonds->setForceGroup(1);
  VerletIntegrator integrator(0.001);
  Context context(system, integrator, platform);
  context.setPositions(positions);
  State state = context.getState(State::Positions | State::Energy, false, 1 << 1);
  assertClose(0.0, state.getPotentialEnergy(), 1e-6, "bond energy of molecules across the box faces");
  for (int i = 0; i < 6; i++)
    assertVecClose(positions[static_cast<std::size_t>(i)], state.getPositions()[static_cast<std::size_t>(i)], 1e-6,
                   "position given back");
  context.setVelocitiesToTemperature(300.0, 5);
  integrator.step(50);
  const double energy = context.getState(State::Energy, false, 1 << 1).getPotentialEnergy();
  CPPUNIT_ASSERT_MESSAGE("bond energy after 50 steps across the box faces: " + std::to_string(energy),
                         energy >= 0.0 && energy < 50.0);
}

inline void testHarmonicAngleAnalytic(Platform& platform) {
  System system;
  for (int i = 0; i < 3; i++)
    system.addParticle(1.0);
  auto* angles = new HarmonicAngleForce();
  const double pi = 3.14159265358979323846;
  angles->addAngle(0, 1, 2, pi / 3, 1.1);
  system.addForce(angles);
  VerletIntegrator integrator(0.01);
  Context context(system, integrator, platform);
  context.setPositions({Vec3(0, 2, 0), Vec3(0, 0, 0), Vec3(1, 0, 0)});
  State state = context.getState(State::Forces | State::Energy);
  double dEdTheta = 1.1 * (pi / 2 - pi / 3);
  // The angle opens when particle 0 moves to -x and particle 2 to -y: forces close it (lever arms 2 and 1).
  assertVecClose(Vec3(dEdTheta / 2, 0, 0), state.getForces()[0], 1e-10, "angle force 0");
  assertVecClose(Vec3(0, dEdTheta, 0), state.getForces()[2], 1e-10, "angle force 2");
  assertVecClose(Vec3(-dEdTheta / 2, -dEdTheta, 0), state.getForces()[1], 1e-10, "angle force 1");
  assertClose(0.5 * 1.1 * (pi / 6) * (pi / 6), state.getPotentialEnergy(), 1e-10, "angle energy");

  angles->setAngleParameters(0, 0, 1, 2, pi / 4, 2.0);
  angles->updateParametersInContext(context);
  assertClose(0.5 * 2.0 * (pi / 4) * (pi / 4), context.getState(State::Energy).getPotentialEnergy(), 1e-10,
              "angle energy after update");
}

inline void testPeriodicTorsionAnalytic(Platform& platform) {
  const double pi = 3.14159265358979323846;
  for (int periodicity : {1, 2}) {
    System system;
    for (int i = 0; i < 4; i++)
      system.addParticle(1.0);
    auto* torsions = new PeriodicTorsionForce();
    torsions->addTorsion(0, 1, 2, 3, periodicity, pi / 3, 1.1);
    system.addForce(torsions);
    VerletIntegrator integrator(0.01);
    Context context(system, integrator, platform);
    // Looking along 1 -> 2 (+x), bond 1-0 points along +y and bond 2-3 along +z: phi = +90 degrees (IUPAC).
    context.setPositions({Vec3(0, 1, 0), Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1, 0, 2)});
    State state = context.getState(State::Forces | State::Energy);
    double argument = periodicity * pi / 2 - pi / 3;
    double dEdPhi = -1.1 * periodicity * std::sin(argument);
    std::string tag = "torsion n=" + std::to_string(periodicity);
    assertClose(1.1 * (1 + std::cos(argument)), state.getPotentialEnergy(), 1e-10, tag + " energy");
    assertVecClose(Vec3(0, 0, dEdPhi), state.getForces()[0], 1e-10, tag + " force 0");
    assertVecClose(Vec3(0, 0.5 * dEdPhi, 0), state.getForces()[3], 1e-10, tag + " force 3");
    Vec3 total = state.getForces()[0] + state.getForces()[1] + state.getForces()[2] + state.getForces()[3];
    assertVecClose(Vec3(), total, 1e-10, tag + " net force");

    torsions->setTorsionParameters(0, 0, 1, 2, 3, periodicity, 0.0, 2.0);
    torsions->updateParametersInContext(context);
    assertClose(2.0 * (1 + std::cos(periodicity * pi / 2)), context.getState(State::Energy).getPotentialEnergy(), 1e-10,
                tag + " energy after update");
    CPPUNIT_ASSERT_EQUAL(size_t(1), context.getMolecules().size()); // one molecule of four particles
  }
}

/** Random bonded chain with all three bonded forces; forces must match energy differences. */
inline void testBondedFiniteDifference(Platform& platform) {
  System system;
  const int n = 8;
  for (int i = 0; i < n; i++)
    system.addParticle(12.0);
  auto* bonds = new HarmonicBondForce();
  auto* angles = new HarmonicAngleForce();
  auto* torsions = new PeriodicTorsionForce();
  for (int i = 0; i + 1 < n; i++)
    bonds->addBond(i, i + 1, 0.15, 3e4);
  for (int i = 0; i + 2 < n; i++)
    angles->addAngle(i, i + 1, i + 2, 1.9, 400.0);
  for (int i = 0; i + 3 < n; i++)
    torsions->addTorsion(i, i + 1, i + 2, i + 3, 1 + i % 3, 0.3 * i, 5.0);
  system.addForce(bonds);
  system.addForce(angles);
  system.addForce(torsions);
  VerletIntegrator integrator(0.001);
  Context context(system, integrator, platform);
  std::vector<Vec3> positions;
  for (int i = 0; i < n; i++)
    positions.emplace_back(0.14 * i + 0.02 * std::sin(3.0 * i), 0.05 * std::cos(2.0 * i + 1), 0.04 * std::sin(5.0 * i));
  context.setPositions(positions);
  checkForcesByFiniteDifference(context, 1e-5, "bonded chain");
}

} // namespace OpenMMTests

namespace OpenMMTests {

inline void testRBTorsion(Platform& platform) {
  const double c[6] = {1.2, -0.7, 2.3, 0.4, -1.1, 0.3};
  // Planar trans (phi = 180 degrees, psi = 0): E = sum C_i.
  System system;
  for (int i = 0; i < 4; i++)
    system.addParticle(1.0);
  auto* rb = new RBTorsionForce();
  rb->addTorsion(0, 1, 2, 3, c[0], c[1], c[2], c[3], c[4], c[5]);
  system.addForce(rb);
  auto* custom = new CustomTorsionForce("c0+c1*u+c2*u^2+c3*u^3+c4*u^4+c5*u^5; u=cos(theta-3.141592653589793)");
  for (int i = 0; i < 6; i++)
    custom->addPerTorsionParameter("c" + std::to_string(i));
  custom->addTorsion(0, 1, 2, 3, std::vector<double>(c, c + 6));
  custom->setForceGroup(1);
  system.addForce(custom);
  VerletIntegrator integrator(0.001);
  Context context(system, integrator, platform);
  context.setPositions({Vec3(0, 1, 0), Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1, -1, 0)});
  assertClose(c[0] + c[1] + c[2] + c[3] + c[4] + c[5], context.getState(State::Energy, false, 1).getPotentialEnergy(),
              1e-12, "RB energy at psi = 0");
  std::vector<Vec3> positions = {Vec3(0.1, 1, 0.2), Vec3(0, 0, 0), Vec3(1, 0.1, 0), Vec3(1.3, -0.4, 0.8)};
  context.setPositions(positions);
  State rbState = context.getState(State::Energy | State::Forces, false, 1);
  State customState = context.getState(State::Energy | State::Forces, false, 2);
  assertClose(customState.getPotentialEnergy(), rbState.getPotentialEnergy(), 1e-12, "RB against the expression");
  for (int i = 0; i < 4; i++)
    assertVecClose(customState.getForces()[i], rbState.getForces()[i], 1e-10, "RB force");
  checkForcesByFiniteDifference(context, 1e-6, "RB torsion");
}

} // namespace OpenMMTests
