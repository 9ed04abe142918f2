// Test bodies for Ewald and PME: the Madelung energy of rock salt, PME against Ewald, forces against finite
// differences with exclusions and exceptions, and the parameters chosen from the error tolerance.
#pragma once

#include "TestUtilities.h"

namespace OpenMMTests {

/** 2x2x2 conventional cells of rock salt (64 ions of charge +-1), nearest-neighbour distance r0. */
inline System* createRockSalt(double r0, NonbondedForce::NonbondedMethod method, double tolerance,
                              std::vector<Vec3>& positions) {
  auto* system = new System();
  const double box = 4 * r0;
  system->setDefaultPeriodicBoxVectors(Vec3(box, 0, 0), Vec3(0, box, 0), Vec3(0, 0, box));
  auto* nonbonded = new NonbondedForce();
  nonbonded->setNonbondedMethod(method);
  nonbonded->setCutoffDistance(0.45 * box);
  nonbonded->setEwaldErrorTolerance(tolerance);
  nonbonded->setUseDispersionCorrection(false);
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      for (int k = 0; k < 4; k++) {
        system->addParticle(20.0);
        nonbonded->addParticle((i + j + k) % 2 == 0 ? 1.0 : -1.0, 0.3, 0.0);
        positions.emplace_back(r0 * i, r0 * j, r0 * k);
      }
  system->addForce(nonbonded);
  return system;
}

inline void testEwaldMadelung(Platform& platform) {
  const double r0 = 0.3, madelung = 1.74756459463318219;
  const double expected = -32 * madelung * 138.93545764438198 / r0;
  for (auto method : {NonbondedForce::Ewald, NonbondedForce::PME}) {
    std::vector<Vec3> positions;
    std::unique_ptr<System> system(createRockSalt(r0, method, 1e-6, positions));
    VerletIntegrator integrator(0.001);
    Context context(*system, integrator, platform);
    context.setPositions(positions);
    State state = context.getState(State::Energy | State::Forces);
    assertClose(expected, state.getPotentialEnergy(), 2e-6,
                std::string(method == NonbondedForce::Ewald ? "Ewald" : "PME") + " Madelung energy of rock salt");
    for (const Vec3& f : state.getForces())
      assertVecClose(Vec3(), f, 1e-2, "no force on an ion of a perfect lattice");
  }
}

/** A box of 40 charged LJ particles in 20 bonded pairs (exclusions and 1-4-like exceptions). */
inline System* createChargedBox(NonbondedForce::NonbondedMethod method, double tolerance,
                                std::vector<Vec3>& positions) {
  auto* system = new System();
  const double box = 1.8;
  system->setDefaultPeriodicBoxVectors(Vec3(box, 0, 0), Vec3(0, box, 0), Vec3(0, 0, box));
  auto* nonbonded = new NonbondedForce();
  nonbonded->setNonbondedMethod(method);
  nonbonded->setCutoffDistance(0.8);
  nonbonded->setEwaldErrorTolerance(tolerance);
  for (int i = 0; i < 40; i++) {
    system->addParticle(12.0);
    nonbonded->addParticle(i % 2 == 0 ? 0.6 : -0.6, 0.3, 0.4);
    int cell = i / 2;
    Vec3 centre(0.45 * (cell % 4) + 0.1, 0.6 * ((cell / 4) % 3) + 0.05 * std::sin(cell), 0.9 * (cell / 12) + 0.2);
    positions.push_back(i % 2 == 0 ? centre : centre + Vec3(0.12, 0.03 * std::cos(i), 0.02));
    if (i % 2 == 1)
      nonbonded->addException(i - 1, i, 0.0, 1.0, 0.0);
  }
  nonbonded->addException(0, 3, -0.18, 0.3, 0.2); // a scaled pair
  system->addForce(nonbonded);
  return system;
}

inline void testPmeAgainstEwald(Platform& platform) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> ewald(createChargedBox(NonbondedForce::Ewald, 1e-7, positions));
  positions.clear();
  std::unique_ptr<System> pme(createChargedBox(NonbondedForce::PME, 1e-7, positions));
  VerletIntegrator i1(0.001), i2(0.001);
  Context c1(*ewald, i1, platform), c2(*pme, i2, platform);
  c1.setPositions(positions);
  c2.setPositions(positions);
  State s1 = c1.getState(State::Energy | State::Forces), s2 = c2.getState(State::Energy | State::Forces);
  assertClose(s1.getPotentialEnergy(), s2.getPotentialEnergy(), 1e-6, "PME energy against Ewald");
  for (size_t i = 0; i < positions.size(); i++)
    assertVecClose(s1.getForces()[i], s2.getForces()[i], 1e-4, "PME force against Ewald");
  checkForcesByFiniteDifference(c1, 1e-5, "Ewald forces");
  checkForcesByFiniteDifference(c2, 1e-5, "PME forces");
  // The reciprocal part in its own force group.
  auto* nonbonded = dynamic_cast<NonbondedForce*>(&pme->getForce(0));
  double alpha;
  int nx, ny, nz;
  nonbonded->getPMEParametersInContext(c2, alpha, nx, ny, nz);
  assertClose(std::sqrt(-std::log(2e-7)) / 0.8, alpha, 1e-12, "PME alpha from the tolerance");
  CPPUNIT_ASSERT(nx >= 6 && nx == ny && ny == nz);
  assertThrowsWith(
      [&] { dynamic_cast<NonbondedForce*>(&ewald->getForce(0))->getPMEParametersInContext(c1, alpha, nx, ny, nz); },
      "not using PME", "PME parameters of an Ewald Context");
}

/** Platforms with the DisablePmeStream property (CUDA and OpenCL: the grid on a queue of its own beside the
 * direct-space tiles; the others refuse the property): 20 Verlet steps with the grid on its own queue and on the
 * default queue. With DeterministicForces every sum is fixed point, the same bits in any order of additions, so
 * the trajectories must be identical; a force read before the grid's work ended would differ at once. Without it
 * double precision adds doubles atomically, and single and mixed precision spread the grid by atomic float
 * additions where the device has them: equal to their round-off (1e-10 in double, 1e-5 of the forces
 * otherwise), a missing reciprocal part differs by whole units. */
inline void testPmeQueue(Platform& platform) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> system(createChargedBox(NonbondedForce::PME, 5e-4, positions));
  const std::vector<std::string>& names = platform.getPropertyNames();
  if (std::find(names.begin(), names.end(), "DisablePmeStream") == names.end()) {
    // A platform without queues refuses the property by name.
    VerletIntegrator integrator(0.001);
    assertThrowsWith([&] { Context context(*system, integrator, platform, {{"DisablePmeStream", "true"}}); },
                     "Illegal property name", "DisablePmeStream on a platform without it");
    return;
  }
  for (const std::string deterministic : {"true", "false"}) {
    VerletIntegrator i1(0.001), i2(0.001);
    Context beside(*system, i1, platform, {{"DeterministicForces", deterministic}}),
        after(*system, i2, platform, {{"DisablePmeStream", "true"}, {"DeterministicForces", deterministic}});
    CPPUNIT_ASSERT_EQUAL(std::string("false"), platform.getPropertyValue(beside, "DisablePmeStream"));
    CPPUNIT_ASSERT_EQUAL(std::string("true"), platform.getPropertyValue(after, "DisablePmeStream"));
    const bool doublePrecision = platform.getPropertyValue(beside, "Precision") == "double";
    const double tolerance = deterministic == "true" ? 0.0 : doublePrecision ? 1e-10 : 1e-5;
    const double positionTolerance = deterministic == "true" ? 0.0 : doublePrecision ? 1e-10 : 1e-7;
    for (Context* c : {&beside, &after}) {
      c->setPositions(positions);
      c->setVelocitiesToTemperature(300.0, 5);
    }
    for (int step = 0; step <= 20; step += 5) {
      State a = beside.getState(State::Positions | State::Forces | State::Energy);
      State b = after.getState(State::Positions | State::Forces | State::Energy);
      const std::string when = " after " + std::to_string(step) + " steps, DeterministicForces=" + deterministic;
      CPPUNIT_ASSERT_MESSAGE("energy" + when, std::fabs(a.getPotentialEnergy() - b.getPotentialEnergy()) <=
                                                  tolerance * std::fabs(b.getPotentialEnergy()));
      for (size_t i = 0; i < positions.size(); i++)
        for (int k = 0; k < 3; k++) {
          CPPUNIT_ASSERT_MESSAGE("force" + when, std::fabs(a.getForces()[i][k] - b.getForces()[i][k]) <=
                                                     tolerance * (1.0 + std::fabs(b.getForces()[i][k])));
          CPPUNIT_ASSERT_MESSAGE("position" + when,
                                 std::fabs(a.getPositions()[i][k] - b.getPositions()[i][k]) <= positionTolerance);
        }
      beside.getIntegrator().step(5);
      after.getIntegrator().step(5);
    }
  }
}

/** An evaluation that stops on an error after PME's grid was set going (a second NonbondedForce, with a longer
 * cutoff, refuses the shrunken box) leaves nothing behind: with the box restored, the energy and forces are those of
 * the first evaluation, twice in a row (GPU platforms queue the grid's launches behind the direct-space tiles). */
inline void testPmeAfterFailedEvaluation(Platform& platform) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> system(createChargedBox(NonbondedForce::PME, 5e-4, positions));
  auto* second = new NonbondedForce();
  second->setNonbondedMethod(NonbondedForce::CutoffPeriodic);
  second->setCutoffDistance(0.85);
  for (int i = 0; i < system->getNumParticles(); i++) second->addParticle(0.0, 0.3, i % 3 == 0 ? 0.2 : 0.0);
  second->setForceGroup(1);
  system->addForce(second);
  VerletIntegrator integrator(0.001);
  Context context(*system, integrator, platform);
  context.setPositions(positions);
  const State before = context.getState(State::Energy | State::Forces);
  context.setPeriodicBoxVectors(Vec3(1.65, 0, 0), Vec3(0, 1.65, 0), Vec3(0, 0, 1.65));  // 0.8 <= 0.825 < 0.85
  assertThrowsWith([&] { context.getState(State::Energy | State::Forces); }, "half the periodic box",
                   "the second force's cutoff against the shrunken box");
  context.setPeriodicBoxVectors(Vec3(1.8, 0, 0), Vec3(0, 1.8, 0), Vec3(0, 0, 1.8));
  context.setPositions(positions);
  for (int round = 0; round < 2; round++) {
    const State after = context.getState(State::Energy | State::Forces);
    const std::string what = " after the failed evaluation, round " + std::to_string(round);
    assertClose(before.getPotentialEnergy(), after.getPotentialEnergy(), 1e-5, "energy" + what);
    for (size_t i = 0; i < positions.size(); i++) assertVecClose(before.getForces()[i], after.getForces()[i], 1e-4, "force" + what);
  }
}

/** A side^3 lattice of alternating charges (+-0.4, mass 16) filling a cubic box of edge `box`, each atom moved off
 * its site by up to 0.3 of the spacing, added to `system` and `nonbonded`; sigma(n) gives atom n's LJ sigma
 * (epsilon 0.5). Returns the positions. */
template <class Sigma>
std::vector<Vec3> addChargedLattice(System& system, NonbondedForce& nonbonded, int side, double box, Sigma sigma) {
  const double a = box / side;
  std::vector<Vec3> positions;
  for (int i = 0; i < side; i++)
    for (int j = 0; j < side; j++)
      for (int k = 0; k < side; k++) {
        const int n = static_cast<int>(positions.size());
        system.addParticle(16.0);
        nonbonded.addParticle((i + j + k) % 2 == 0 ? 0.4 : -0.4, sigma(n), 0.5);
        positions.emplace_back((i + 0.5 + 0.3 * std::sin(1.3 * n)) * a, (j + 0.5 + 0.3 * std::sin(2.1 * n + 1)) * a,
                               (k + 0.5 + 0.3 * std::cos(0.7 * n)) * a);
      }
  return positions;
}

/** Checks that the forces agree to tol times the largest expected force (a grid's round-off is of one absolute size
 * on every atom). */
inline void assertForcesClose(const std::vector<Vec3>& expected, const std::vector<Vec3>& found, double tol,
                              const std::string& what) {
  double largest = 0.0, worst = 0.0;
  for (size_t i = 0; i < expected.size(); i++) {
    const Vec3 d = expected[i] - found[i];
    largest = std::max(largest, std::sqrt(expected[i].dot(expected[i])));
    worst = std::max(worst, std::sqrt(d.dot(d)));
  }
  CPPUNIT_ASSERT_MESSAGE(what + ": largest difference " + std::to_string(worst / largest) + " of the largest force",
                         worst <= tol * largest);
}

/** PME's reciprocal-space energy and forces of a dense box (1728 alternating charges, 2.6 nm, water's number
 * density) against the Reference platform's grid, on a coarse grid (20^3) and a fine one (52^3). Forces against the
 * largest one: the grid's round-off is of one absolute size on every atom. */
inline void testPmeReciprocalAgainstReference(Platform& platform) {
  const double box = 2.6;
  System system;
  system.setDefaultPeriodicBoxVectors(Vec3(box, 0, 0), Vec3(0, box, 0), Vec3(0, 0, box));
  auto* nonbonded = new NonbondedForce();
  nonbonded->setNonbondedMethod(NonbondedForce::PME);
  nonbonded->setCutoffDistance(0.8);
  nonbonded->setReciprocalSpaceForceGroup(1);
  const std::vector<Vec3> positions = addChargedLattice(system, *nonbonded, 12, box, [](int) { return 0.3; });
  system.addForce(nonbonded);
  for (int grid : {20, 52}) {
    nonbonded->setPMEParameters(3.0, grid, grid, grid);
    VerletIntegrator i1(0.001), i2(0.001);
    Context tested(system, i1, platform), reference(system, i2, Platform::getPlatformByName("Reference"));
    tested.setPositions(positions);
    reference.setPositions(positions);
    State expected = reference.getState(State::Energy | State::Forces, false, 1 << 1);
    State found = tested.getState(State::Energy | State::Forces, false, 1 << 1);
    const std::string what = "reciprocal space on a " + std::to_string(grid) + "^3 grid";
    assertClose(expected.getPotentialEnergy(), found.getPotentialEnergy(), 1e-5, what + ": energy");
    assertForcesClose(expected.getForces(), found.getForces(), std::max(1e-9, toleranceFloor()), what + ": forces");
  }
}

/** The reciprocal-space forces alone (no energy asked for: where the FFT fuses the convolution into its launches,
 * the GPU platforms take that path) against the Reference platform's, evaluation after evaluation as the atoms move,
 * with an evaluation with the energy between two of them and a change of box, for PME and LJPME. */
inline void testPmeForcesWithoutEnergy(Platform& platform) {
  for (NonbondedForce::NonbondedMethod method : {NonbondedForce::PME, NonbondedForce::LJPME}) {
    double box = 2.2;
    System system;
    system.setDefaultPeriodicBoxVectors(Vec3(box, 0, 0), Vec3(0, box, 0), Vec3(0, 0, box));
    auto* nonbonded = new NonbondedForce();
    nonbonded->setNonbondedMethod(method);
    nonbonded->setCutoffDistance(0.8);
    nonbonded->setReciprocalSpaceForceGroup(1);
    nonbonded->setPMEParameters(3.0, 24, 25, 27);
    nonbonded->setLJPMEParameters(2.5, 20, 20, 21);
    std::vector<Vec3> positions =
        addChargedLattice(system, *nonbonded, 10, box, [](int n) { return 0.3 + 0.02 * (n % 3); });
    system.addForce(nonbonded);
    VerletIntegrator i1(0.001), i2(0.001);
    Context tested(system, i1, platform), reference(system, i2, Platform::getPlatformByName("Reference"));
    for (int round = 0; round < 4; round++) {
      for (size_t n = 0; n < positions.size(); n++) positions[n] += Vec3(0.01 * std::sin(n + round), 0.01 * std::cos(2.0 * n), 0.005);
      if (round == 3) {
        box = 2.25;
        for (Context* c : {&tested, &reference}) c->setPeriodicBoxVectors(Vec3(box, 0, 0), Vec3(0, box, 0), Vec3(0, 0, box));
      }
      tested.setPositions(positions);
      reference.setPositions(positions);
      const State expected = reference.getState(State::Forces, false, 1 << 1);
      const State found = tested.getState(State::Forces, false, 1 << 1);
      if (round == 1) tested.getState(State::Energy | State::Forces, false, 1 << 1);  // the other path in between
      const std::string what = std::string(method == NonbondedForce::PME ? "PME" : "LJPME") +
                               " reciprocal forces without the energy, evaluation " + std::to_string(round);
      assertForcesClose(expected.getForces(), found.getForces(), std::max(1e-9, toleranceFloor()), what);
    }
  }
}

inline void testPmeParametersAndGroups(Platform& platform) {
  std::vector<Vec3> positions;
  std::unique_ptr<System> system(createChargedBox(NonbondedForce::PME, 5e-4, positions));
  auto* nonbonded = dynamic_cast<NonbondedForce*>(&system->getForce(0));
  nonbonded->setPMEParameters(3.0, 20, 24, 25);
  nonbonded->setReciprocalSpaceForceGroup(3);
  VerletIntegrator integrator(0.001);
  Context context(*system, integrator, platform);
  context.setPositions(positions);
  double alpha;
  int nx, ny, nz;
  nonbonded->getPMEParametersInContext(context, alpha, nx, ny, nz);
  CPPUNIT_ASSERT(alpha == 3.0 && nx == 20 && ny == 24 && nz == 25);
  double total = context.getState(State::Energy).getPotentialEnergy();
  double direct = context.getState(State::Energy, false, 1 << 0).getPotentialEnergy();
  double reciprocal = context.getState(State::Energy, false, 1 << 3).getPotentialEnergy();
  assertClose(total, direct + reciprocal, 1e-12, "direct + reciprocal groups");
  CPPUNIT_ASSERT(std::fabs(reciprocal) > 1e-3);
}

/** A net charge under Ewald, PME and LJPME, with and without a charge offset: the energy with its neutralising
 * background does not depend on alpha (the cutoff sets it), also after a charge changes in the Context. Without the
 * background term the energy moves by about 8 % between the two cutoffs. */
inline void testNeutralizingPlasma(Platform& platform) {
  for (NonbondedForce::NonbondedMethod method : {NonbondedForce::Ewald, NonbondedForce::PME, NonbondedForce::LJPME})
    for (bool offset : {false, true}) {
      const std::string tag = std::string(method == NonbondedForce::Ewald ? "Ewald" : method == NonbondedForce::PME ? "PME" : "LJPME") +
                              (offset ? " with an offset" : "");
      System system;
      auto* force = new NonbondedForce();
      force->setNonbondedMethod(method);
      force->setEwaldErrorTolerance(1e-5);
      force->setUseDispersionCorrection(false);  // it depends on the cutoff
      system.addForce(force);
      for (int i = 0; i < 2; i++) {
        system.addParticle(1.0);
        force->addParticle(1.0, 0.3, 1.0);
      }
      if (offset) {
        force->addGlobalParameter("a", 0.1);
        force->addParticleParameterOffset("a", 0, 1.0, 0.1, 0.1);
      }
      VerletIntegrator integrator(0.01);
      Context context(system, integrator, platform);
      context.setPositions({Vec3(0, 0, 0), Vec3(0.3, 0.4, 0.0)});
      const double e1 = context.getState(State::Energy).getPotentialEnergy();
      force->setCutoffDistance(0.7);
      context.reinitialize(true);
      assertClose(e1, context.getState(State::Energy).getPotentialEnergy(), 2e-5, tag + ": cutoff 1 and 0.7");
      force->setParticleParameters(0, 2.0, 0.3, 1.0);
      force->updateParametersInContext(context);
      const double e3 = context.getState(State::Energy).getPotentialEnergy();
      force->setCutoffDistance(1.0);
      context.reinitialize(true);
      assertClose(e3, context.getState(State::Energy).getPotentialEnergy(), 2e-5, tag + ": after a charge changed");
    }
}

} // namespace OpenMMTests
