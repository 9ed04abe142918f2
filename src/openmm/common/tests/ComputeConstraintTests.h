// Test bodies for the integration utilities of the common-compute platforms: SETTLE (rigid water) and
// SHAKE clusters against the Reference platform and against their own constraints, energy conservation of
// rigid water under Verlet, Brownian dynamics against the analytic statistics of a harmonic well and of
// free diffusion, and virtual sites of every kind against the Reference platform and their definitions. Each takes the
// platform and its precision; ComputePlatformTest.h runs them everywhere.
#pragma once

#include "TestConstraintsAndCheckpoints.h"

#include <random>

namespace ComputeTests {

using namespace OpenMM;

/// `waters` rigid three-site waters (O 16, H 1.008; OH 0.09572 nm, HOH 104.52 degrees, TIP3P charges and
/// O-O Lennard-Jones) on a jittered cubic lattice 0.42 nm apart, and `methyls` CH3 groups (C 12, H 1.008,
/// CH 0.109 nm, HCH 109.5 degrees: three coupled constraints that SETTLE does not take). No cutoff.
inline void rigidMolecules(int waters, int methyls, System& system, std::vector<Vec3>& positions) {
  auto* nonbonded = new NonbondedForce();
  std::mt19937 random(23);
  std::uniform_real_distribution<double> jitter(-0.02, 0.02), angle(0.0, 6.283185307179586);
  const int total = waters + methyls, cells = static_cast<int>(std::ceil(std::cbrt(static_cast<double>(total))));
  const double oh = 0.09572, theta = 104.52 * 3.141592653589793 / 180.0, ch = 0.109;
  positions.clear();
  for (int m = 0; m < total; m++) {
    const Vec3 centre((m % cells) * 0.42 + jitter(random), ((m / cells) % cells) * 0.42 + jitter(random),
                      (m / (cells * cells)) * 0.42 + jitter(random));
    // A random orientation: two orthonormal vectors u, w.
    const double a = angle(random), b = angle(random), c = angle(random);
    Vec3 u(std::cos(a) * std::cos(b), std::sin(a) * std::cos(b), std::sin(b));
    Vec3 t(std::cos(c), std::sin(c), 0.3);
    Vec3 w = t - u * t.dot(u);
    w = w / std::sqrt(w.dot(w));
    const int first = system.getNumParticles();
    if (m < waters) {
      system.addParticle(15.9994);
      system.addParticle(1.008);
      system.addParticle(1.008);
      positions.push_back(centre);
      positions.push_back(centre + (u * std::cos(0.5 * theta) + w * std::sin(0.5 * theta)) * oh);
      positions.push_back(centre + (u * std::cos(0.5 * theta) - w * std::sin(0.5 * theta)) * oh);
      nonbonded->addParticle(-0.834, 0.315061, 0.636386);
      nonbonded->addParticle(0.417, 0.12, 0.05);
      nonbonded->addParticle(0.417, 0.12, 0.05);
      system.addConstraint(first, first + 1, oh);
      system.addConstraint(first, first + 2, oh);
      system.addConstraint(first + 1, first + 2, 2.0 * oh * std::sin(0.5 * theta));
      for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
          nonbonded->addException(first + i, first + j, 0.0, 1.0, 0.0);
    } else {
      const Vec3 v = u.cross(w);
      system.addParticle(12.011);
      positions.push_back(centre);
      nonbonded->addParticle(-0.3, 0.34, 0.45);
      // Tetrahedral directions about the axis u.
      for (int h = 0; h < 3; h++) {
        const double phi = h * 2.0943951023931953;
        const Vec3 direction = u * (-1.0 / 3.0) + (w * std::cos(phi) + v * std::sin(phi)) * std::sqrt(8.0 / 9.0);
        system.addParticle(1.008);
        positions.push_back(centre + direction * ch);
        nonbonded->addParticle(0.1, 0.25, 0.1);
        system.addConstraint(first, first + 1 + h, ch);
      }
      for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
          nonbonded->addException(first + i, first + j, 0.0, 1.0, 0.0);
    }
  }
  system.addForce(nonbonded);
  // The methyls' H-H distances are held by bonds (their constraints are only the three C-H).
  auto* bonds = new HarmonicBondForce();
  for (int m = waters; m < total; m++) {
    const int first = 3 * waters + 4 * (m - waters);
    for (int i = 1; i < 4; i++)
      for (int j = i + 1; j < 4; j++) {
        const Vec3 d = positions[first + i] - positions[first + j];
        bonds->addBond(first + i, first + j, std::sqrt(d.dot(d)), 3e4);
      }
  }
  system.addForce(bonds);
}

inline double positionTolerance(const std::string& precision) { return precision == "single" ? 2e-5 : 1e-8; }

/// Context::applyConstraints on perturbed waters (SETTLE) and methyls (SHAKE) gives the Reference platform's
/// positions (its SHAKE iterated to 1e-10 is the exact solution SETTLE computes), and every distance holds.
inline void settleAndShakeMatchReference(Platform& platform, const std::string& precision) {
  System system;
  std::vector<Vec3> positions;
  rigidMolecules(20, 10, system, positions);
  std::mt19937 random(5);
  std::uniform_real_distribution<double> kick(-0.004, 0.004);
  for (Vec3& p : positions)
    p += Vec3(kick(random), kick(random), kick(random));
  VerletIntegrator integrator(0.001), reference(0.001);
  Context context(system, integrator, platform);
  Context expected(system, reference, Platform::getPlatformByName("Reference"));
  context.setPositions(positions);
  expected.setPositions(positions);
  context.applyConstraints(1e-10);
  expected.applyConstraints(1e-10);
  const std::vector<Vec3> found = context.getState(State::Positions).getPositions();
  const std::vector<Vec3> wanted = expected.getState(State::Positions).getPositions();
  double largestMove = 0.0;
  for (std::size_t i = 0; i < positions.size(); i++) {
    const Vec3 moved = wanted[i] - positions[i];
    largestMove = std::max(largestMove, std::sqrt(moved.dot(moved)));
    OpenMMTests::assertVecClose(wanted[i], found[i], positionTolerance(precision),
                                "constrained position of atom " + std::to_string(i));
  }
  CPPUNIT_ASSERT_MESSAGE("the constraints moved the atoms", largestMove > 1e-3);
  OpenMMTests::checkConstraints(system, found, positionTolerance(precision), "applyConstraints");
}

/// Short Verlet and Langevin-middle trajectories of waters and methyls follow the Reference platform's.
inline void constrainedTrajectoryMatchesReference(Platform& platform, const std::string& precision) {
  const char* const names[] = {"Verlet", "LangevinMiddle", "NoseHoover", "VariableVerlet"};
  for (int kind = 0; kind < 4; kind++) {
    System system;
    std::vector<Vec3> positions;
    rigidMolecules(20, 10, system, positions);
    auto make = [kind]() -> std::unique_ptr<Integrator> {
      switch (kind) {
        case 0: return std::make_unique<VerletIntegrator>(0.001);
        // Without friction the thermostat's noise vanishes and the two platforms take the same path.
        case 1: return std::make_unique<LangevinMiddleIntegrator>(300.0, 0.0, 0.001);
        // A chain of 3 at 200 K: far from the start's 300 K, so the chain scales the velocities strongly.
        case 2: return std::make_unique<NoseHooverIntegrator>(200.0, 50.0, 0.001, 3, 3, 3);
        default: return std::make_unique<VariableVerletIntegrator>(1e-4);
      }
    };
    std::unique_ptr<Integrator> integrator = make(), reference = make();
    integrator->setConstraintTolerance(1e-10);
    reference->setConstraintTolerance(1e-10);
    Context context(system, *integrator, platform);
    Context expected(system, *reference, Platform::getPlatformByName("Reference"));
    for (Context* c : {&context, &expected}) {
      c->setPositions(positions);
      c->applyConstraints(1e-10);
      c->setVelocitiesToTemperature(300.0, 11);
    }
    // Same starting velocities on both (the draw is the platform's own).
    context.setVelocities(expected.getState(State::Velocities).getVelocities());
    context.applyVelocityConstraints(1e-10);
    expected.applyVelocityConstraints(1e-10);
    integrator->step(15);
    reference->step(15);
    // New positions between steps (atom 0 moved, constraints applied again): an integrator keeping the forces of
    // its last step must see that they are stale.
    std::vector<Vec3> moved = expected.getState(State::Positions).getPositions();
    moved[0] += Vec3(0.01, -0.005, 0.0);
    for (Context* c : {&context, &expected}) {
      c->setPositions(moved);
      c->applyConstraints(1e-10);
    }
    integrator->step(15);
    reference->step(15);
    const State a = context.getState(State::Positions | State::Velocities | State::Energy);
    const State b = expected.getState(State::Positions | State::Velocities | State::Energy);
    const std::string tag = names[kind];
    const double tol = precision == "single" ? 2e-4 : 1e-6;
    for (std::size_t i = 0; i < positions.size(); i++) {
      OpenMMTests::assertVecClose(b.getPositions()[i], a.getPositions()[i], tol,
                                  tag + ": position of atom " + std::to_string(i) + " after 30 steps");
      OpenMMTests::assertVecClose(b.getVelocities()[i], a.getVelocities()[i], 100 * tol,
                                  tag + ": velocity of atom " + std::to_string(i) + " after 30 steps");
    }
    OpenMMTests::assertClose(b.getKineticEnergy(), a.getKineticEnergy(), 100 * tol, tag + ": kinetic energy");
    OpenMMTests::assertClose(b.getTime(), a.getTime(), tol, tag + ": time");
    if (kind == 2)
      OpenMMTests::assertClose(dynamic_cast<NoseHooverIntegrator&>(*reference).computeHeatBathEnergy(),
                               dynamic_cast<NoseHooverIntegrator&>(*integrator).computeHeatBathEnergy(), 100 * tol,
                               tag + ": heat-bath energy");
  }
}

/// Rigid waters and methyls under Verlet: the total energy is conserved and every constraint holds; under
/// Langevin, Langevin middle and Brownian dynamics every constraint holds, and the velocities have no
/// component along the bonds after applyVelocityConstraints.
inline void rigidMoleculesHeld(Platform& platform, const std::string& precision) {
  for (int kind = 0; kind < 4; kind++) {
    System system;
    std::vector<Vec3> positions;
    rigidMolecules(12, 6, system, positions);
    std::unique_ptr<Integrator> integrator;
    if (kind == 0)
      integrator = std::make_unique<VerletIntegrator>(0.001);
    else if (kind == 1)
      integrator = std::make_unique<LangevinIntegrator>(300.0, 5.0, 0.002);
    else if (kind == 2)
      integrator = std::make_unique<LangevinMiddleIntegrator>(300.0, 5.0, 0.002);
    else
      integrator = std::make_unique<BrownianIntegrator>(300.0, 50.0, 0.0005);
    const std::string tag = kind == 0 ? "Verlet" : kind == 1 ? "Langevin" : kind == 2 ? "LangevinMiddle" : "Brownian";
    integrator->setConstraintTolerance(1e-6);
    Context context(system, *integrator, platform);
    context.setPositions(positions);
    context.applyConstraints(1e-8);
    context.setVelocitiesToTemperature(300.0, 7);
    std::vector<double> energies;
    double kinetic = 0.0;
    for (int block = 0; block < 20; block++) {
      const State state = context.getState(State::Positions | State::Energy);
      energies.push_back(state.getPotentialEnergy() + state.getKineticEnergy());
      kinetic += state.getKineticEnergy() / 20;
      OpenMMTests::checkConstraints(system, state.getPositions(), precision == "single" ? 2e-5 : 2e-6,
                                    tag + " block " + std::to_string(block));
      integrator->step(20);
    }
    if (kind == 0) {
      double mean = 0.0, variance = 0.0;
      for (double e : energies)
        mean += e / energies.size();
      for (double e : energies)
        variance += (e - mean) * (e - mean) / energies.size();
      CPPUNIT_ASSERT_MESSAGE("Verlet: the molecules move", kinetic > 1.0);
      CPPUNIT_ASSERT_MESSAGE("Verlet: total energy fluctuates by " + std::to_string(std::sqrt(variance)) +
                                 " (kinetic " + std::to_string(kinetic) + ")",
                             std::sqrt(variance) < 1e-3 * kinetic);
      CPPUNIT_ASSERT_MESSAGE("Verlet: total energy drifts by " + std::to_string(energies.back() - energies.front()),
                             std::fabs(energies.back() - energies.front()) < 1e-3 * kinetic);
    }
    context.applyVelocityConstraints(1e-6);
    const State state = context.getState(State::Positions | State::Velocities);
    for (int i = 0; i < system.getNumConstraints(); i++) {
      int p1, p2;
      double distance;
      system.getConstraintParameters(i, p1, p2, distance);
      const Vec3 r = state.getPositions()[p1] - state.getPositions()[p2];
      const Vec3 v = state.getVelocities()[p1] - state.getVelocities()[p2];
      const double allowed = (precision == "single" ? 1e-4 : 1e-6) * std::sqrt(r.dot(r) * std::max(v.dot(v), 1.0));
      CPPUNIT_ASSERT_MESSAGE(tag + ": velocity along constraint " + std::to_string(i) + " is " +
                                 std::to_string(r.dot(v) / std::sqrt(r.dot(r))),
                             std::fabs(r.dot(v)) < allowed);
    }
  }
}

/// A step that throws the atoms of a rigid water (SETTLE) or of a methyl (SHAKE) far apart is reported by
/// the next getState with positions, naming the solver, and the Context can be used again afterwards.
inline void unsatisfiableConstraintsReported(Platform& platform, const std::string&) {
  for (int kind = 0; kind < 2; kind++) {
    System system;
    std::vector<Vec3> positions;
    rigidMolecules(kind == 0 ? 2 : 0, kind == 0 ? 0 : 2, system, positions);
    VerletIntegrator integrator(0.002);
    Context context(system, integrator, platform);
    context.setPositions(positions);
    std::vector<Vec3> velocities(positions.size());
    for (std::size_t i = 0; i < velocities.size(); i++)
      velocities[i] = Vec3(i % 2 ? 400.0 : -300.0, i % 3 ? 250.0 : -350.0, 300.0 * (i % 2 ? 1 : -1));
    context.setVelocities(velocities);
    integrator.step(1);
    OpenMMTests::assertThrowsWith([&] { context.getState(State::Positions); },
                                  kind == 0 ? "SETTLE could not place" : "SHAKE did not converge",
                                  kind == 0 ? "water thrown apart" : "methyl thrown apart");
    // The failure is reported once; new positions start afresh.
    context.setPositions(positions);
    context.setVelocities(std::vector<Vec3>(positions.size()));
    context.getState(State::Positions);
  }
}

/// Brownian dynamics: particles bound to fixed (massless) anchors by harmonic bonds of rest length zero have
/// <E_pot> = 3/2 kT each; free particles diffuse with <|x(t) - x(0)|^2> = 6 kT t / (m gamma).
inline void brownianWellOfBonds(Platform& platform, const std::string&) {
  const int bound = 200, free = 1000;
  const double temperature = 300.0, k = 1000.0, mass = 10.0, friction = 10.0, dt = 0.002;
  System system;
  auto* bonds = new HarmonicBondForce();
  std::vector<Vec3> positions;
  for (int i = 0; i < bound; i++) {
    const Vec3 anchor(0.5 * (i % 10), 0.5 * ((i / 10) % 10), 0.5 * (i / 100));
    const int a = system.addParticle(0.0), p = system.addParticle(mass);
    positions.push_back(anchor);
    positions.push_back(anchor + Vec3(0.01, -0.02, 0.015));
    bonds->addBond(a, p, 0.0, k);
  }
  for (int i = 0; i < free; i++) {
    system.addParticle(mass);
    positions.emplace_back(0.3 * (i % 10), 0.3 * ((i / 10) % 10), -1.0 - 0.3 * (i / 100));
  }
  system.addForce(bonds);
  BrownianIntegrator integrator(temperature, friction, dt);
  integrator.setRandomNumberSeed(29);
  Context context(system, integrator, platform);
  context.setPositions(positions);
  integrator.step(100); // the wells relax in m gamma / k = 0.1 ps = 50 steps
  const std::vector<Vec3> start = context.getState(State::Positions).getPositions();
  const int samples = 200, between = 20;
  double meanEnergy = 0.0;
  for (int i = 0; i < samples; i++) {
    integrator.step(between);
    meanEnergy += context.getState(State::Energy).getPotentialEnergy() / samples;
  }
  // About 2000 independent samples of 3 degrees of freedom each: 1 % statistical error; Euler's bias 1 %.
  OpenMMTests::assertClose(1.5 * bound * OpenMMTests::kBoltz * temperature, meanEnergy, 0.05,
                           "Brownian mean potential energy in the wells");
  const std::vector<Vec3> end = context.getState(State::Positions).getPositions();
  double msd = 0.0;
  for (int i = 2 * bound; i < 2 * bound + free; i++) {
    const Vec3 d = end[i] - start[i];
    msd += d.dot(d) / free;
  }
  const double time = samples * between * dt;
  const double expected = 6.0 * OpenMMTests::kBoltz * temperature * time / (mass * friction);
  // The relative standard deviation of the mean of 1000 squared 3D displacements is sqrt(2/3)/sqrt(1000) = 2.6 %.
  CPPUNIT_ASSERT_MESSAGE("mean-square displacement " + std::to_string(msd) + " nm^2, expected " +
                             std::to_string(expected),
                         std::fabs(msd - expected) < 0.12 * expected);
  // Anchors (no mass) never move.
  for (int i = 0; i < bound; i++)
    OpenMMTests::assertVecClose(start[2 * i], end[2 * i], 0.0, "anchor");
}

/// Adds virtual sites to rigidMolecules(waters, methyls): an M site on each water (three-particle average,
/// carrying the oxygen's charge), and on each methyl a two-particle average, an out-of-plane and a
/// local-coordinates site, then two sites placed from sites (an average of the out-of-plane and local-coordinates
/// sites, and an average of that site and a hydrogen: levels 1 and 2), charged and excluded from their molecule.
inline void addSites(int waters, int methyls, System& system, std::vector<Vec3>& positions) {
  auto& nonbonded = dynamic_cast<NonbondedForce&>(system.getForce(0));
  auto addSite = [&](VirtualSite* site, double charge, const std::vector<int>& molecule) {
    const int index = system.addParticle(0.0);
    system.setVirtualSite(index, site);
    nonbonded.addParticle(charge, 0.1, 0.0);
    for (int a : molecule)
      nonbonded.addException(index, a, 0.0, 1.0, 0.0);
    positions.push_back(Vec3());
    return index;
  };
  for (int m = 0; m < waters; m++) {
    const int o = 3 * m;
    double q, sigma, epsilon;
    nonbonded.getParticleParameters(o, q, sigma, epsilon);
    nonbonded.setParticleParameters(o, 0.0, sigma, epsilon);
    addSite(new ThreeParticleAverageSite(o, o + 1, o + 2, 0.8, 0.1, 0.1), q, {o, o + 1, o + 2});
  }
  for (int m = 0; m < methyls; m++) {
    const int c = 3 * waters + 4 * m;
    std::vector<int> molecule{c, c + 1, c + 2, c + 3};
    molecule.push_back(addSite(new TwoParticleAverageSite(c + 2, c + 3, 0.5, 0.5), 0.15, molecule));
    molecule.push_back(addSite(new OutOfPlaneSite(c, c + 1, c + 2, 0.3, 0.4, -6.0), -0.2, molecule));
    const int local = addSite(new LocalCoordinatesSite(c, c + 1, c + 2, Vec3(0.6, 0.2, 0.2), Vec3(-1, 1, 0),
                                                       Vec3(-1, 0, 1), Vec3(0.03, -0.04, 0.05)),
                              0.05, molecule);
    molecule.push_back(local);
    const int outOfPlane = molecule[molecule.size() - 2];
    const int nested = addSite(new ThreeParticleAverageSite(outOfPlane, local, c, 0.4, 0.4, 0.2), 0.1, molecule);
    molecule.push_back(nested);
    addSite(new TwoParticleAverageSite(nested, c + 1, 0.7, 0.3), -0.1, molecule);
  }
}

/// Virtual sites of every kind on rigid molecules: site positions, energy and forces (sites' forces handed to
/// their parents) as on the Reference platform, and 30 Verlet steps with constraints and sites as there.
inline void virtualSitesMatchReference(Platform& platform, const std::string& precision) {
  System system;
  std::vector<Vec3> positions;
  rigidMolecules(12, 6, system, positions);
  addSites(12, 6, system, positions);
  VerletIntegrator integrator(0.001), reference(0.001);
  integrator.setConstraintTolerance(1e-10);
  reference.setConstraintTolerance(1e-10);
  Context context(system, integrator, platform);
  Context expected(system, reference, Platform::getPlatformByName("Reference"));
  for (Context* c : {&context, &expected}) {
    c->setPositions(positions);
    c->applyConstraints(1e-10);
    c->computeVirtualSites();
  }
  const double tol = precision == "double" ? 1e-8 : 1e-4;
  for (int pass = 0; pass < 2; pass++) {
    const int what = State::Positions | State::Forces | State::Energy;
    const State a = context.getState(what), b = expected.getState(what);
    const std::string tag = pass == 0 ? "before the steps" : "after 30 steps";
    OpenMMTests::assertClose(b.getPotentialEnergy(), a.getPotentialEnergy(), tol, "potential energy " + tag);
    double largest = 0.0;
    for (std::size_t i = 0; i < positions.size(); i++) {
      OpenMMTests::assertVecClose(b.getPositions()[i], a.getPositions()[i], pass == 0 ? tol * 1e-2 : tol,
                                  "position of particle " + std::to_string(i) + " " + tag);
      // After the steps float positions differ by ~1e-5 nm, which moves the steep forces by ~1e-4 of themselves.
      const double forceTol = pass == 1 && precision == "single" ? 1e-3 : tol;
      OpenMMTests::assertVecClose(b.getForces()[i], a.getForces()[i], forceTol,
                                  "force on particle " + std::to_string(i) + " " + tag);
      largest = std::max(largest, std::sqrt(a.getForces()[i].dot(a.getForces()[i])));
      if (system.isVirtualSite(static_cast<int>(i))) {
        OpenMMTests::assertVecClose(Vec3(), a.getForces()[i], 0.0, "no force left on site " + std::to_string(i));
        const Vec3 placed = system.getVirtualSite(static_cast<int>(i)).computePosition(a.getPositions());
        OpenMMTests::assertVecClose(placed, a.getPositions()[i], precision == "double" ? 1e-12 : 2e-6,
                                    "site " + std::to_string(i) + " at its definition " + tag);
      }
    }
    CPPUNIT_ASSERT_MESSAGE("the forces are not all zero", largest > 10.0);
    if (pass == 0) {
      context.setVelocitiesToTemperature(300.0, 3);
      expected.setVelocities(context.getState(State::Velocities).getVelocities());
      integrator.step(30);
      reference.step(30);
    }
  }
}

} // namespace ComputeTests
