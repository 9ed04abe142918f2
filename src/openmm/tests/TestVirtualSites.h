// Test bodies for virtual sites beyond the basic kinds (testVirtualSites): sites placed from other sites (levels of
// dependency, a cycle refused), sites placed by applyConstraints before any force evaluation and kept through
// reorderings of the atoms, and LocalCoordinatesSite frames that degenerate (parallel axes) or the two-particle
// form. Positions are checked against the sites' definitions written out here, forces on the real particles
// against central differences of the energy.
#pragma once

#include "TestUtilities.h"

namespace OpenMMTests {

/** Forces on the listed particles against central differences of the energy, one coordinate at a time. */
inline void checkParticleForcesByDifferences(Context& context, const std::vector<Vec3>& positions,
                                             const std::vector<int>& particles, double tol, const std::string& what) {
  context.setPositions(positions);
  const std::vector<Vec3> forces = context.getState(State::Forces).getForces();
  const double h = std::max(1e-5, finiteDifferenceStepFloor());
  for (int p : particles)
    for (int d = 0; d < 3; d++) {
      std::vector<Vec3> plus = positions, minus = positions;
      plus[p][d] += h;
      minus[p][d] -= h;
      context.setPositions(plus);
      const double ePlus = context.getState(State::Energy).getPotentialEnergy();
      context.setPositions(minus);
      const double eMinus = context.getState(State::Energy).getPotentialEnergy();
      assertClose(-(ePlus - eMinus) / (2 * h), forces[p][d], std::max(tol, finiteDifferenceFloor()),
                  what + ": force on particle " + std::to_string(p) + " against finite differences");
    }
  context.setPositions(positions);
}

/** origin + lx ex + ly ey + lz ez of a LocalCoordinatesSite written out (OpenMM's definition: a zero axis stays
 * zero rather than being divided by its zero length). */
inline Vec3 localCoordinatesPosition(const std::vector<Vec3>& p, const std::vector<double>& wo,
                                     const std::vector<double>& wx, const std::vector<double>& wy, const Vec3& l) {
  Vec3 origin, a, b;
  for (size_t k = 0; k < p.size(); k++) {
    origin += p[k] * wo[k];
    a += p[k] * wx[k];
    b += p[k] * wy[k];
  }
  Vec3 c = a.cross(b);
  const double aLength = std::sqrt(a.dot(a)), cLength = std::sqrt(c.dot(c));
  const Vec3 ex = aLength > 0 ? a / aLength : Vec3(), ez = cLength > 0 ? c / cLength : Vec3(), ey = ez.cross(ex);
  return origin + ex * l[0] + ey * l[1] + ez * l[2];
}

inline void testNestedVirtualSites(Platform& platform) {
  // Real particles 0, 1, 2 (one molecule) and 7; sites placed from sites, listed out of their order of placement:
  // 6 from real particles, 5 from 6, 4 from 5, 3 from 4 and 6.
  System system;
  for (int i = 0; i < 3; i++)
    system.addParticle(10.0);
  for (int i = 3; i < 7; i++)
    system.addParticle(0.0);
  system.addParticle(12.0);
  const std::vector<double> wo = {0.5, 0.3, 0.2}, wx = {-1, 1, 0}, wy = {-1, 0, 1};
  const Vec3 local(0.05, 0.04, -0.03);
  system.setVirtualSite(3, new ThreeParticleAverageSite(4, 6, 2, 0.3, 0.3, 0.4));
  system.setVirtualSite(4, new LocalCoordinatesSite({5, 2, 0}, wo, wx, wy, local));
  system.setVirtualSite(5, new OutOfPlaneSite(6, 1, 2, 0.3, 0.2, 1.5));
  system.setVirtualSite(6, new TwoParticleAverageSite(0, 1, 0.4, 0.6));
  auto* nonbonded = new NonbondedForce();
  const double charges[8] = {0.0, 0.0, 0.0, 0.5, -0.4, 0.3, -0.6, 0.45};
  for (double q : charges)
    nonbonded->addParticle(q, 0.25, q == 0.0 ? 0.0 : 0.3);
  for (int i = 0; i < 7; i++)
    for (int j = i + 1; j < 7; j++)
      nonbonded->addException(i, j, 0.0, 1.0, 0.0); // one molecule: no interactions inside it
  system.addForce(nonbonded);
  auto* external = new CustomExternalForce("a*x^2 + b*y*z");
  external->addGlobalParameter("a", 3.0);
  external->addGlobalParameter("b", -2.0);
  for (int site : {3, 4, 5, 6})
    external->addParticle(site);
  system.addForce(external);
  auto* bonds = new HarmonicBondForce();
  bonds->addBond(0, 1, 0.15, 1000.0);
  bonds->addBond(1, 2, 0.15, 1000.0);
  bonds->addBond(0, 2, 0.2, 1000.0);
  system.addForce(bonds);
  VerletIntegrator integrator(0.0005);
  Context context(system, integrator, platform);
  const std::vector<Vec3> positions = {Vec3(0, 0, 0), Vec3(0.15, 0.02, 0), Vec3(0.2, 0.16, 0.03), Vec3(), Vec3(),
                                       Vec3(), Vec3(), Vec3(0.9, 0.4, 0.5)};
  context.setPositions(positions);
  context.computeVirtualSites();
  const std::vector<Vec3> x = context.getState(State::Positions).getPositions();
  // The sites written out, each from the expected positions of its parents.
  const Vec3 p6 = x[0] * 0.4 + x[1] * 0.6;
  const Vec3 v12 = x[1] - p6, v13 = x[2] - p6;
  const Vec3 p5 = p6 + v12 * 0.3 + v13 * 0.2 + v12.cross(v13) * 1.5;
  const Vec3 p4 = localCoordinatesPosition({p5, x[2], x[0]}, wo, wx, wy, local);
  const Vec3 p3 = p4 * 0.3 + p6 * 0.3 + x[2] * 0.4;
  assertVecClose(p6, x[6], 1e-12, "site 6 (level 0)");
  assertVecClose(p5, x[5], 1e-12, "site 5 (level 1, out of plane of site 6)");
  assertVecClose(p4, x[4], 1e-12, "site 4 (level 2, local coordinates on site 5)");
  assertVecClose(p3, x[3], 1e-12, "site 3 (level 3, average of sites 4 and 6)");
  CPPUNIT_ASSERT_EQUAL(2, static_cast<int>(context.getMolecules().size()));
  State forces = context.getState(State::Forces | State::Energy);
  for (int i : {3, 4, 5, 6})
    assertVecClose(Vec3(), forces.getForces()[i], 0.0, "no force left on site " + std::to_string(i));
  checkParticleForcesByDifferences(context, positions, {0, 1, 2, 7}, 1e-5, "nested sites");
  // Dynamics: the sites follow, and the total energy is conserved.
  context.setVelocities(std::vector<Vec3>(8, Vec3()));
  const double start = context.getState(State::Energy).getPotentialEnergy();
  integrator.step(100);
  State end = context.getState(State::Energy | State::Positions);
  assertClose(start, end.getPotentialEnergy() + end.getKineticEnergy(), 1e-3, "energy conservation with nested sites");
  const auto& y = end.getPositions();
  assertVecClose(y[4] * 0.3 + y[6] * 0.3 + y[2] * 0.4, y[3], 1e-10, "site 3 follows sites 4 and 6");

  // A cycle of dependencies is refused, naming its sites.
  System cyclic;
  for (int i = 0; i < 2; i++)
    cyclic.addParticle(1.0);
  for (int i = 2; i < 5; i++)
    cyclic.addParticle(0.0);
  cyclic.setVirtualSite(2, new TwoParticleAverageSite(0, 1, 0.5, 0.5));
  cyclic.setVirtualSite(3, new TwoParticleAverageSite(2, 4, 0.5, 0.5));
  cyclic.setVirtualSite(4, new TwoParticleAverageSite(3, 1, 0.5, 0.5));
  VerletIntegrator other(0.001);
  assertThrowsWith([&] { Context c(cyclic, other, platform); }, "cycle: sites 3, 4", "a cycle of virtual sites");
}

inline void testVirtualSitesPlacedByApplyConstraints(Platform& platform) {
  // Rigid triangles (three constraints) in a periodic box, each with an average site and a site placed from it;
  // positions are set with the sites at the origin, as OpenMM programs do before applyConstraints.
  const int molecules = 30;
  const double boxSize = 3.0;
  System system;
  system.setDefaultPeriodicBoxVectors(Vec3(boxSize, 0, 0), Vec3(0, boxSize, 0), Vec3(0, 0, boxSize));
  auto* nonbonded = new NonbondedForce();
  nonbonded->setNonbondedMethod(NonbondedForce::CutoffPeriodic);
  nonbonded->setCutoffDistance(1.0);
  system.addForce(nonbonded);
  std::vector<Vec3> positions;
  for (int m = 0; m < molecules; m++) {
    const int first = system.getNumParticles();
    for (int k = 0; k < 3; k++)
      system.addParticle(1.0);
    system.addParticle(0.0);
    system.addParticle(0.0);
    system.setVirtualSite(first + 3, new ThreeParticleAverageSite(first, first + 1, first + 2, 0.3, 0.5, 0.2));
    system.setVirtualSite(first + 4, new TwoParticleAverageSite(first + 3, first, 0.7, 0.3));
    system.addConstraint(first, first + 1, 0.1);
    system.addConstraint(first, first + 2, 0.1);
    system.addConstraint(first + 1, first + 2, 0.1 * std::sqrt(2.0));
    for (int k = 0; k < 5; k++) {
      nonbonded->addParticle(k == 4 ? 0.2 : 0.0, 0.2, 0.5);
      for (int j = 0; j < k; j++)
        nonbonded->addException(first + k, first + j, 0.0, 1.0, 0.0);
    }
    // Spread over the box and beyond it (the platforms wrap and reorder them).
    const Vec3 at(std::fmod(0.37 * m * boxSize, 2 * boxSize) - 0.5, std::fmod(0.61 * m * boxSize, boxSize),
                  std::fmod(0.83 * m * boxSize, boxSize) + (m % 3) * boxSize);
    positions.insert(positions.end(), {at, at + Vec3(0.1, 0, 0), at + Vec3(0, 0.1, 0), Vec3(), Vec3()});
  }
  LangevinIntegrator integrator(300.0, 1.0, 0.002);
  integrator.setRandomNumberSeed(7);
  Context context(system, integrator, platform);
  context.setPositions(positions);
  context.applyConstraints(1e-6);
  auto check = [&](const std::string& when) {
    const std::vector<Vec3> x = context.getState(State::Positions).getPositions();
    for (int m = 0; m < molecules; m++) {
      const int i = 5 * m;
      const Vec3 site = x[i] * 0.3 + x[i + 1] * 0.5 + x[i + 2] * 0.2;
      assertVecClose(site, x[i + 3], 1e-5, when + ": average site of molecule " + std::to_string(m));
      assertVecClose(site * 0.7 + x[i] * 0.3, x[i + 4], 1e-5, when + ": nested site of molecule " + std::to_string(m));
    }
  };
  check("after applyConstraints");
  // Past the platforms' periodic reordering of the atoms.
  for (int block = 0; block < 6; block++) {
    integrator.step(50);
    check("after " + std::to_string(50 * (block + 1)) + " steps");
  }
  context.setPositions(positions);
  context.applyConstraints(1e-6);
  check("after setting the positions again");
}

inline void testLocalCoordinatesDegenerateFrames(Platform& platform) {
  // OpenMM's LocalCoordinatesSite with two particles (y weights = -x weights: the z axis is zero), one with three
  // particles on a line (x and y axes parallel), and one whose weights do not sum as OpenMM requires.
  System system;
  for (int i = 0; i < 4; i++)
    system.addParticle(1.0);
  system.addParticle(0.0);
  system.addParticle(0.0);
  // With two particles only the x coordinate is meaningful (OpenMM's test of this form sets y and z to 0): the y and
  // z axes are zero in exact arithmetic, a rounding-error direction where fused multiply-adds round x cross y.
  const std::vector<double> wo2 = {0.4, 0.6}, wx2 = {-1, 1}, wy2 = {1, -1};
  const Vec3 local2(0.4, 0.0, 0.0);
  system.setVirtualSite(4, new LocalCoordinatesSite({0, 1}, wo2, wx2, wy2, local2));
  const std::vector<double> wo3 = {0.2, 0.3, 0.5}, wx3 = {-1, 0.5, 0.5}, wy3 = {0, -1, 1};
  const Vec3 local3(0.4, 0.3, 0.2);
  system.setVirtualSite(5, new LocalCoordinatesSite({1, 2, 3}, wo3, wx3, wy3, local3));
  auto* external = new CustomExternalForce("2*x^2+3*y^2+4*z^2");
  external->addParticle(4);
  external->addParticle(5);
  system.addForce(external);
  VerletIntegrator integrator(0.001);
  Context context(system, integrator, platform);
  // Particles 1, 2, 3 on a line (coordinates exact in binary, so that x cross y is exactly zero in every precision):
  // the frame of site 5 degenerates as well.
  const std::vector<Vec3> positions = {Vec3(0.125, 0.25, 0.375), Vec3(0.5, -0.25, 0.25), Vec3(0.75, 0, 0.5),
                                       Vec3(1.0, 0.25, 0.75), Vec3(), Vec3()};
  context.setPositions(positions);
  context.computeVirtualSites();
  State state = context.getState(State::Positions | State::Forces | State::Energy);
  const auto& x = state.getPositions();
  assertVecClose(localCoordinatesPosition({x[0], x[1]}, wo2, wx2, wy2, local2), x[4], 1e-12,
                 "two-particle local-coordinates site");
  assertVecClose(localCoordinatesPosition({x[1], x[2], x[3]}, wo3, wx3, wy3, local3), x[5], 1e-12,
                 "local-coordinates site of particles on a line");
  CPPUNIT_ASSERT_MESSAGE("finite energy", std::isfinite(state.getPotentialEnergy()));
  for (int i = 0; i < 6; i++)
    for (int d = 0; d < 3; d++)
      CPPUNIT_ASSERT_MESSAGE("finite force on particle " + std::to_string(i), std::isfinite(state.getForces()[i][d]));
  // Away from the line the frame of site 5 is regular again; the two-particle site stays on its axis. The forces
  // of both follow the energy.
  std::vector<Vec3> bent = positions;
  bent[3] = Vec3(0.8, 0.5, 0.3);
  checkParticleForcesByDifferences(context, bent, {0, 1, 2, 3}, 1e-5, "local-coordinates sites");

  // OpenMM's conditions on the weights: the origin weights sum to 1, the x and y weights to 0, two particles at
  // least.
  assertThrowsWith([] { LocalCoordinatesSite({0, 1}, {0.5, 0.6}, {-1, 1}, {1, -1}, Vec3()); }, "origin",
                   "origin weights not summing to 1");
  assertThrowsWith([] { LocalCoordinatesSite({0, 1, 2}, {0.2, 0.3, 0.5}, {-1, 1, 0.1}, {0, -1, 1}, Vec3()); },
                   "x axis", "x weights not summing to 0");
  assertThrowsWith([] { LocalCoordinatesSite(0, 1, 2, Vec3(0.2, 0.3, 0.5), Vec3(-1, 1, 0), Vec3(0, 1, 1), Vec3()); },
                   "y axis", "y weights not summing to 0");
  assertThrowsWith([] { LocalCoordinatesSite({0}, {1}, {0}, {0}, Vec3()); }, "at least two",
                   "a single particle");
}

} // namespace OpenMMTests
