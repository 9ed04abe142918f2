// Test bodies for NonbondedForce: Coulomb and LJ pairs, exclusions and exceptions, reaction field,
// periodic minimum image, switching, dispersion correction, createExceptionsFromBonds, finite differences.
#pragma once

#include "TestUtilities.h"

namespace OpenMMTests {

/** 1/(4 pi eps0) in kJ mol^-1 nm e^-2 (CODATA 2018, the value OpenMM 7.7 uses). */
const double kOne4PiEps0 = 138.93545764438198;

inline void testCoulombAndLennardJones(Platform& platform) {
  System system;
  system.addParticle(1.0);
  system.addParticle(1.0);
  auto* nonbonded = new NonbondedForce();
  nonbonded->addParticle(0.5, 1.2, 0.8);
  nonbonded->addParticle(-1.5, 1.4, 1.1);
  system.addForce(nonbonded);
  VerletIntegrator integrator(0.01);
  Context context(system, integrator, platform);
  context.setPositions({Vec3(0, 0, 0), Vec3(2, 0, 0)});
  State state = context.getState(State::Forces | State::Energy);
  double r = 2.0, sigma = 1.3, epsilon = std::sqrt(0.88), qq = kOne4PiEps0 * 0.5 * -1.5;
  double sr6 = std::pow(sigma / r, 6);
  double energy = qq / r + 4 * epsilon * (sr6 * sr6 - sr6);
  double force = qq / (r * r) + 4 * epsilon * (12 * sr6 * sr6 - 6 * sr6) / r; // along +x on particle 1
  assertClose(energy, state.getPotentialEnergy(), 1e-10, "Coulomb + LJ energy");
  assertVecClose(Vec3(-force, 0, 0), state.getForces()[0], 1e-10, "Coulomb + LJ force 0");
  assertVecClose(Vec3(force, 0, 0), state.getForces()[1], 1e-10, "Coulomb + LJ force 1");
}

inline void testExclusionsAndExceptions(Platform& platform) {
  System system;
  auto* nonbonded = new NonbondedForce();
  for (int i = 0; i < 4; i++) {
    system.addParticle(1.0);
    nonbonded->addParticle(0.3 * (i + 1), 0.3, 0.5);
  }
  nonbonded->addException(0, 1, 0.0, 1.0, 0.0);  // excluded
  nonbonded->addException(1, 2, 0.2, 0.25, 0.7); // modified
  system.addForce(nonbonded);
  VerletIntegrator integrator(0.01);
  Context context(system, integrator, platform);
  std::vector<Vec3> positions = {Vec3(0, 0, 0), Vec3(0.5, 0, 0), Vec3(0.5, 0.6, 0), Vec3(0, 0, 0.7)};
  context.setPositions(positions);
  double expected = 0.0;
  auto pair = [&](int i, int j, double qq, double sigma, double epsilon) {
    Vec3 d = positions[j] - positions[i];
    double r = std::sqrt(d.dot(d));
    double sr6 = std::pow(sigma / r, 6);
    expected += kOne4PiEps0 * qq / r + 4 * epsilon * (sr6 * sr6 - sr6);
  };
  pair(1, 2, 0.2, 0.25, 0.7);
  for (auto ij : {std::make_pair(0, 2), std::make_pair(0, 3), std::make_pair(1, 3), std::make_pair(2, 3)})
    pair(ij.first, ij.second, 0.09 * (ij.first + 1) * (ij.second + 1), 0.3, 0.5);
  assertClose(expected, context.getState(State::Energy).getPotentialEnergy(), 1e-10, "exceptions energy");
  checkForcesByFiniteDifference(context, 1e-5, "exceptions");

  // Changing an exception through updateParametersInContext.
  nonbonded->setExceptionParameters(1, 1, 2, 0.0, 0.25, 0.0);
  nonbonded->updateParametersInContext(context);
  double withoutPair12 = expected;
  {
    Vec3 d = positions[2] - positions[1];
    double r = std::sqrt(d.dot(d)), sr6 = std::pow(0.25 / r, 6);
    withoutPair12 -= kOne4PiEps0 * 0.2 / r + 4 * 0.7 * (sr6 * sr6 - sr6);
  }
  assertClose(withoutPair12, context.getState(State::Energy).getPotentialEnergy(), 1e-10, "exception excluded");
}

inline void testReactionFieldCutoff(Platform& platform) {
  for (auto method : {NonbondedForce::CutoffNonPeriodic, NonbondedForce::CutoffPeriodic}) {
    System system;
    system.setDefaultPeriodicBoxVectors(Vec3(5, 0, 0), Vec3(0, 5, 0), Vec3(0, 0, 5));
    auto* nonbonded = new NonbondedForce();
    for (int i = 0; i < 3; i++)
      system.addParticle(1.0);
    nonbonded->addParticle(0.7, 1.0, 0.0);
    nonbonded->addParticle(-0.4, 1.0, 0.0);
    nonbonded->addParticle(0.9, 1.0, 0.0);
    const double cutoff = 2.0, dielectric = 50.0;
    nonbonded->setNonbondedMethod(method);
    nonbonded->setCutoffDistance(cutoff);
    nonbonded->setReactionFieldDielectric(dielectric);
    system.addForce(nonbonded);
    VerletIntegrator integrator(0.01);
    Context context(system, integrator, platform);
    // 0-1 at r = 1.5 (inside), 0-2 at r = 2.3 and 1-2 at r = 2.75 (both outside the cutoff, also periodically).
    context.setPositions({Vec3(0, 0, 0), Vec3(1.5, 0, 0), Vec3(0, 2.3, 0)});
    State state = context.getState(State::Forces | State::Energy);
    double krf = (dielectric - 1) / (2 * dielectric + 1) / (cutoff * cutoff * cutoff);
    double crf = 3 * dielectric / (2 * dielectric + 1) / cutoff;
    double qq = kOne4PiEps0 * 0.7 * -0.4, r = 1.5;
    double energy = qq * (1 / r + krf * r * r - crf);
    double force = qq * (1 / (r * r) - 2 * krf * r); // on particle 1 along +x
    std::string tag = method == NonbondedForce::CutoffPeriodic ? "periodic" : "non-periodic";
    assertClose(energy, state.getPotentialEnergy(), 1e-10, "reaction field energy " + tag);
    assertVecClose(Vec3(force, 0, 0), state.getForces()[1], 1e-10, "reaction field force " + tag);
    assertVecClose(Vec3(), state.getForces()[2], 1e-10, "no force beyond cutoff " + tag);
  }
}

inline void testPeriodicMinimumImage(Platform& platform) {
  System system;
  system.setDefaultPeriodicBoxVectors(Vec3(4, 0, 0), Vec3(0, 4, 0), Vec3(0, 0, 4));
  auto* nonbonded = new NonbondedForce();
  for (int i = 0; i < 2; i++) {
    system.addParticle(1.0);
    nonbonded->addParticle(0.0, 0.3, 1.0);
  }
  nonbonded->setNonbondedMethod(NonbondedForce::CutoffPeriodic);
  nonbonded->setCutoffDistance(1.5);
  nonbonded->setUseDispersionCorrection(false);
  system.addForce(nonbonded);
  VerletIntegrator integrator(0.01);
  Context context(system, integrator, platform);
  // Separated by (3.6, -3.7, 4.1) -> nearest image (-0.4, 0.3, 0.1).
  context.setPositions({Vec3(0.1, 3.8, -1.0), Vec3(3.7, 0.1, 3.1)});
  State state = context.getState(State::Forces | State::Energy);
  Vec3 d(-0.4, 0.3, 0.1);
  double r = std::sqrt(d.dot(d)), sr6 = std::pow(0.3 / r, 6);
  double energy = 4 * (sr6 * sr6 - sr6);
  double dEdR = 4 * (-12 * sr6 * sr6 + 6 * sr6) / r;
  assertClose(energy, state.getPotentialEnergy(), 1e-10, "minimum image energy");
  assertVecClose(d * (-dEdR / r), state.getForces()[1], 1e-10, "minimum image force");
  // Whole box vectors added to a position change nothing.
  context.setPositions({Vec3(4.1, -0.2, 3.0), Vec3(-0.3, 8.1, -0.9)});
  assertClose(energy, context.getState(State::Energy).getPotentialEnergy(), 1e-10, "shifted by box vectors");

  // Triclinic box: p1 = p0 + d + a - b + c has the nearest image at d.
  Vec3 a(3, 0, 0), b(1, 3, 0), c(-1, 1, 3), d2(0.4, -0.2, 0.3);
  context.setPeriodicBoxVectors(a, b, c);
  context.setPositions({Vec3(0.2, 0.1, -0.3), Vec3(0.2, 0.1, -0.3) + d2 + a - b + c});
  double r2 = std::sqrt(d2.dot(d2)), sr62 = std::pow(0.3 / r2, 6);
  assertClose(4 * (sr62 * sr62 - sr62), context.getState(State::Energy).getPotentialEnergy(), 1e-10, "triclinic image");
}

inline void testSwitchingFunction(Platform& platform) {
  System system;
  system.setDefaultPeriodicBoxVectors(Vec3(6, 0, 0), Vec3(0, 6, 0), Vec3(0, 0, 6));
  auto* nonbonded = new NonbondedForce();
  for (int i = 0; i < 2; i++) {
    system.addParticle(1.0);
    nonbonded->addParticle(0.0, 0.5, 1.3);
  }
  nonbonded->setNonbondedMethod(NonbondedForce::CutoffNonPeriodic);
  nonbonded->setCutoffDistance(2.0);
  nonbonded->setUseSwitchingFunction(true);
  nonbonded->setSwitchingDistance(1.5);
  system.addForce(nonbonded);
  VerletIntegrator integrator(0.01);
  Context context(system, integrator, platform);
  for (double r : {1.2, 1.6, 1.8, 1.95, 2.1}) {
    context.setPositions({Vec3(0, 0, 0), Vec3(0, r, 0)});
    double sr6 = std::pow(0.5 / r, 6);
    double lj = 4 * 1.3 * (sr6 * sr6 - sr6);
    double t = r <= 1.5 ? 0.0 : (r - 1.5) / 0.5;
    double s = r >= 2.0 ? 0.0 : 1 - 10 * t * t * t + 15 * t * t * t * t - 6 * t * t * t * t * t;
    assertClose(lj * s, context.getState(State::Energy).getPotentialEnergy(), 1e-10,
                "switched LJ at r=" + std::to_string(r));
    if (r > 1.5 && r < 2.0)
      checkForcesByFiniteDifference(context, 1e-5, "switched LJ at r=" + std::to_string(r), 1e-6);
  }
}

inline void testDispersionCorrection(Platform& platform) {
  const double box = 3.0, cutoff = 1.2, sigma = 0.34, epsilon = 0.996;
  const int n = 27;
  double energies[2];
  for (int use = 0; use < 2; use++) {
    System system;
    system.setDefaultPeriodicBoxVectors(Vec3(box, 0, 0), Vec3(0, box, 0), Vec3(0, 0, box));
    auto* nonbonded = new NonbondedForce();
    std::vector<Vec3> positions;
    for (int i = 0; i < n; i++) {
      system.addParticle(39.95);
      nonbonded->addParticle(0.0, sigma, epsilon);
      positions.emplace_back(box / 3 * (i % 3), box / 3 * ((i / 3) % 3), box / 3 * (i / 9));
    }
    nonbonded->setNonbondedMethod(NonbondedForce::CutoffPeriodic);
    nonbonded->setCutoffDistance(cutoff);
    nonbonded->setUseDispersionCorrection(use == 1);
    system.addForce(nonbonded);
    VerletIntegrator integrator(0.01);
    Context context(system, integrator, platform);
    context.setPositions(positions);
    energies[use] = context.getState(State::Energy).getPotentialEnergy();
  }
  const double pi = 3.14159265358979323846;
  double s6 = std::pow(sigma, 6);
  double correction = 8 * pi * n * n / (box * box * box) * epsilon *
                      (s6 * s6 / (9 * std::pow(cutoff, 9)) - s6 / (3 * std::pow(cutoff, 3)));
  assertClose(correction, energies[1] - energies[0], 1e-9, "dispersion correction");
}

inline void testCreateExceptionsFromBonds(Platform&) {
  NonbondedForce force;
  for (int i = 0; i < 5; i++)
    force.addParticle(0.1 * (i + 1), 0.2 + 0.01 * i, 0.4 + 0.1 * i);
  std::vector<std::pair<int, int>> bonds = {{0, 1}, {1, 2}, {2, 3}, {3, 4}};
  force.createExceptionsFromBonds(bonds, 0.5, 0.25);
  CPPUNIT_ASSERT_EQUAL(9, force.getNumExceptions()); // 4 bonds, 3 angles (excluded) + 2 scaled 1-4 pairs
  int found14 = 0;
  for (int i = 0; i < force.getNumExceptions(); i++) {
    int p1, p2;
    double chargeProd, sigma, epsilon;
    force.getExceptionParameters(i, p1, p2, chargeProd, sigma, epsilon);
    int separation = std::abs(p2 - p1);
    if (separation < 3) {
      assertClose(0.0, chargeProd, 0.0, "excluded pair charge product");
      assertClose(0.0, epsilon, 0.0, "excluded pair epsilon");
    } else {
      found14++;
      int a = std::min(p1, p2), b = std::max(p1, p2);
      assertClose(0.5 * 0.01 * (a + 1) * (b + 1), chargeProd, 1e-12, "1-4 charge product");
      assertClose(0.5 * (0.4 + 0.01 * (a + b)), sigma, 1e-12, "1-4 sigma");
      assertClose(0.25 * std::sqrt((0.4 + 0.1 * a) * (0.4 + 0.1 * b)), epsilon, 1e-12, "1-4 epsilon");
    }
  }
  CPPUNIT_ASSERT_EQUAL(2, found14);
}

/** A charged LJ cluster under every supported method: forces must match finite differences. */
inline void testNonbondedFiniteDifference(Platform& platform) {
  for (auto method : {NonbondedForce::NoCutoff, NonbondedForce::CutoffNonPeriodic, NonbondedForce::CutoffPeriodic}) {
    System system;
    system.setDefaultPeriodicBoxVectors(Vec3(2.4, 0, 0), Vec3(0, 2.4, 0), Vec3(0, 0, 2.4));
    auto* nonbonded = new NonbondedForce();
    std::vector<Vec3> positions;
    for (int i = 0; i < 24; i++) {
      system.addParticle(10.0);
      nonbonded->addParticle(i % 2 == 0 ? 0.4 : -0.4, 0.3, 0.6);
      positions.emplace_back(0.1 + 0.6 * (i % 4) + 0.05 * std::sin(i), 0.1 + 0.8 * ((i / 4) % 3),
                             0.2 + 1.1 * (i / 12) + 0.03 * std::cos(2.0 * i));
    }
    nonbonded->addException(0, 1, 0.0, 1.0, 0.0);
    nonbonded->addException(2, 3, -0.08, 0.3, 0.3);
    nonbonded->setNonbondedMethod(method);
    nonbonded->setCutoffDistance(1.1);
    nonbonded->setUseSwitchingFunction(true);
    nonbonded->setSwitchingDistance(0.9);
    system.addForce(nonbonded);
    VerletIntegrator integrator(0.001);
    Context context(system, integrator, platform);
    context.setPositions(positions);
    checkForcesByFiniteDifference(context, 1e-4, "nonbonded method " + std::to_string(int(method)), 1e-5);
  }
}

inline void testForceGroups(Platform& platform) {
  System system;
  system.addParticle(1.0);
  system.addParticle(1.0);
  auto* bonds = new HarmonicBondForce();
  bonds->addBond(0, 1, 1.0, 2.0);
  bonds->setForceGroup(1);
  auto* nonbonded = new NonbondedForce();
  nonbonded->addParticle(0.5, 1.0, 0.0);
  nonbonded->addParticle(0.5, 1.0, 0.0);
  nonbonded->setForceGroup(2);
  system.addForce(bonds);
  system.addForce(nonbonded);
  VerletIntegrator integrator(0.01);
  Context context(system, integrator, platform);
  context.setPositions({Vec3(0, 0, 0), Vec3(2, 0, 0)});
  double bondEnergy = 0.5 * 2.0 * 1.0, coulomb = kOne4PiEps0 * 0.25 / 2.0;
  assertClose(bondEnergy, context.getState(State::Energy, false, 1 << 1).getPotentialEnergy(), 1e-10, "group 1");
  assertClose(coulomb, context.getState(State::Energy, false, 1 << 2).getPotentialEnergy(), 1e-10, "group 2");
  assertClose(bondEnergy + coulomb, context.getState(State::Energy).getPotentialEnergy(), 1e-10, "all groups");
  State forces = context.getState(State::Forces, false, 1 << 1);
  assertVecClose(Vec3(2.0, 0, 0), forces.getForces()[0], 1e-10, "group 1 force");
  nonbonded->setIncludeDirectSpace(false);
  assertClose(bondEnergy, context.getState(State::Energy).getPotentialEnergy(), 1e-10, "without direct space");
}

/** Two NonbondedForces on the same two atoms in force groups 0 and 1: each group's energy is its force's pair
 * (Coulomb + LJ by hand), also after both forces' parameters change in the Context; with PME the groups
 * still add up to the total. */
/** Light, hot charged particles move far every step, so that a platform with a neighbour list finds it again
 * every step or two (and widens its padding): every few steps the energy and forces equal the Reference
 * platform's at the same positions, so that no pair that came within the cutoff was left out. */
inline void testTileListFollowsFastAtoms(Platform& platform) {
  System system;
  const int perSide = 8;
  const double box = 3.2, spacing = box / perSide;
  system.setDefaultPeriodicBoxVectors(Vec3(box, 0, 0), Vec3(0, box, 0), Vec3(0, 0, box));
  auto* nonbonded = new NonbondedForce();
  nonbonded->setNonbondedMethod(NonbondedForce::CutoffPeriodic);
  nonbonded->setCutoffDistance(1.0);
  std::vector<Vec3> positions;
  for (int i = 0; i < perSide * perSide * perSide; i++) {
    system.addParticle(2.0);
    nonbonded->addParticle(i % 2 == 0 ? 0.2 : -0.2, 0.3, 2.0);
    const int x = i % perSide, y = i / perSide % perSide, z = i / (perSide * perSide);
    positions.emplace_back((x + 0.1 * std::sin(i)) * spacing, (y + 0.1 * std::cos(3.0 * i)) * spacing,
                           (z + 0.1 * std::sin(7.0 * i)) * spacing);
  }
  system.addForce(nonbonded);
  VerletIntegrator integrator(0.002), unused(0.002);
  Context context(system, integrator, platform);
  Context reference(system, unused, Platform::getPlatformByName("Reference"));
  context.setPositions(positions);
  context.setVelocitiesToTemperature(3000.0, 5);
  for (int step = 5; step <= 100; step += 5) {
    integrator.step(5);
    reference.setPositions(context.getState(State::Positions).getPositions());
    compareStates(reference, context, 2e-4, "step " + std::to_string(step));  // a pair left out: ~1e-2
  }
}

inline void testTwoNonbondedForcesInGroups(Platform& platform) {
  System system;
  system.addParticle(1.0);
  system.addParticle(1.0);
  auto* first = new NonbondedForce();
  first->addParticle(-1.5, 1.0, 1.2);
  first->addParticle(0.5, 1.0, 1.0);
  auto* second = new NonbondedForce();
  second->addParticle(0.4, 1.4, 0.5);
  second->addParticle(0.3, 1.8, 1.0);
  second->setForceGroup(1);
  system.addForce(first);
  system.addForce(second);
  const double r = 1.5;
  auto pair = [r](double q1, double q2, double sigma, double epsilon) {
    const double x6 = std::pow(sigma / r, 6.0);
    return kOne4PiEps0 * q1 * q2 / r + 4.0 * epsilon * (x6 * x6 - x6);
  };
  VerletIntegrator integrator(0.01);
  Context context(system, integrator, platform);
  context.setPositions({Vec3(0, 0, 0), Vec3(r, 0, 0)});
  const double tol = 1e-10;  // raised to the platform's floor by assertClose
  auto groupEnergy = [&](int group) { return context.getState(State::Energy, false, 1 << group).getPotentialEnergy(); };
  assertClose(pair(-1.5, 0.5, 1.0, std::sqrt(1.2)), groupEnergy(0), tol, "group 0");
  assertClose(pair(0.4, 0.3, 1.6, std::sqrt(0.5)), groupEnergy(1), tol, "group 1");
  assertClose(groupEnergy(0) + groupEnergy(1), context.getState(State::Energy).getPotentialEnergy(), tol, "both groups");
  first->setParticleParameters(0, -1.2, 1.1, 1.4);
  first->updateParametersInContext(context);
  second->setParticleParameters(0, 0.5, 1.6, 0.6);
  second->updateParametersInContext(context);
  assertClose(pair(-1.2, 0.5, 1.05, std::sqrt(1.4)), groupEnergy(0), tol, "group 0 after the update");
  assertClose(pair(0.5, 0.3, 1.7, std::sqrt(0.6)), groupEnergy(1), tol, "group 1 after the update");
  for (NonbondedForce* force : {first, second}) {  // in the default box, 2 nm wide
    force->setNonbondedMethod(NonbondedForce::PME);
    force->setCutoffDistance(0.9);
  }
  context.reinitialize(true);
  const double e0 = groupEnergy(0), e1 = groupEnergy(1);
  assertClose(e0 + e1, context.getState(State::Energy).getPotentialEnergy(), tol, "PME: both groups");
  CPPUNIT_ASSERT_MESSAGE("PME: the two groups differ", std::fabs(e0 - e1) > 1.0);
}

} // namespace OpenMMTests

namespace OpenMMTests {

/** Four charged LJ particles in a periodic box; parameters as if the offsets were applied at lambda. */
inline NonbondedForce* offsetForce(double lambda, bool withOffsets) {
  auto* force = new NonbondedForce();
  force->setNonbondedMethod(NonbondedForce::CutoffPeriodic);
  force->setCutoffDistance(1.0);
  const double l = withOffsets ? 0.0 : lambda;
  force->addParticle(0.5 + 0.4 * l, 0.3 + 0.1 * l, 0.6 + 0.2 * l);
  force->addParticle(-0.5, 0.3, 0.6);
  force->addParticle(0.2, 0.25, 0.4);
  force->addParticle(-0.2, 0.35, 0.5);
  force->addException(1, 2, 0.3 - 0.5 * l, 0.3, 0.2 + 0.1 * l);
  force->addException(0, 3, 0.0, 1.0, 0.0);
  if (withOffsets) {
    force->addGlobalParameter("lambda", lambda);
    force->addParticleParameterOffset("lambda", 0, 0.4, 0.1, 0.2);
    force->addExceptionParameterOffset("lambda", 0, -0.5, 0.0, 0.1);
  }
  return force;
}

inline void testNonbondedParameterOffsets(Platform& platform) {
  std::vector<Vec3> positions = {Vec3(0.1, 0.2, 0.3), Vec3(0.6, 0.25, 0.3), Vec3(0.3, 0.8, 0.5), Vec3(1.1, 1.3, 0.9)};
  System system;
  system.setDefaultPeriodicBoxVectors(Vec3(3, 0, 0), Vec3(0, 3, 0), Vec3(0, 0, 3));
  for (int i = 0; i < 4; i++)
    system.addParticle(1.0);
  NonbondedForce* force = offsetForce(0.25, true);
  system.addForce(force);
  VerletIntegrator integrator(0.001);
  Context context(system, integrator, platform);
  context.setPositions(positions);
  assertClose(0.25, context.getParameter("lambda"), 0.0, "global parameter default");
  for (double lambda : {0.25, 1.0, -0.3}) {
    context.setParameter("lambda", lambda);
    System reference;
    reference.setDefaultPeriodicBoxVectors(Vec3(3, 0, 0), Vec3(0, 3, 0), Vec3(0, 0, 3));
    for (int i = 0; i < 4; i++)
      reference.addParticle(1.0);
    reference.addForce(offsetForce(lambda, false));
    VerletIntegrator other(0.001);
    Context expected(reference, other, platform);
    expected.setPositions(positions);
    compareStates(expected, context, 1e-10, "offsets at lambda " + std::to_string(lambda));
  }
  std::string name;
  int index;
  double a, b, c;
  force->getParticleParameterOffset(0, name, index, a, b, c);
  CPPUNIT_ASSERT(name == "lambda" && index == 0 && a == 0.4 && b == 0.1 && c == 0.2);
  force->addParticleParameterOffset("missing", 1, 1.0, 0.0, 0.0);
  VerletIntegrator third(0.001);
  assertThrowsWith([&] { Context c2(system, third, platform); }, "undefined global parameter: missing",
                   "offset with an unknown parameter");
}

} // namespace OpenMMTests
