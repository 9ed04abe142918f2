// Test bodies for CustomExternalForce's periodicdistance(x1, y1, z1, x2, y2, z2): the force becomes periodic, and
// energies and forces match the minimum-image distance found by a brute-force search over periodic images
// (rectangular box) or OpenMM's reduction of the difference (triclinic box, Reference and CPU platforms).
#pragma once

#include "TestUtilities.h"

namespace OpenMMTests {

/** to - from of the nearest image of `to` (brute force over images -12..12 of each box vector). */
inline Vec3 nearestImageDelta(const Vec3& from, const Vec3& to, const Vec3* box) {
  Vec3 best = to - from;
  for (int i = -12; i <= 12; i++)
    for (int j = -12; j <= 12; j++)
      for (int k = -12; k <= 12; k++) {
        Vec3 d = to - from + box[0] * i + box[1] * j + box[2] * k;
        if (d.dot(d) < best.dot(best)) best = d;
      }
  return best;
}

/** to - from reduced as OpenMM reduces it in a triclinic box: whole box vectors c, then b, then a removed (not always
 * the nearest image in a strongly skewed box). */
inline Vec3 reducedDelta(const Vec3& from, const Vec3& to, const Vec3* box) {
  Vec3 d = to - from;
  d -= box[2] * std::floor(d[2] / box[2][2] + 0.5);
  d -= box[1] * std::floor(d[1] / box[1][1] + 0.5);
  d -= box[0] * std::floor(d[0] / box[0][0] + 0.5);
  return d;
}

/** nearest: compare with the brute-force nearest image (rectangular boxes), else with OpenMM's reduction. */
inline void checkPeriodicDistance(Platform& platform, const Vec3* box, bool nearest, const std::string& what) {
  auto image = [&](const Vec3& from, const Vec3& to) {
    return nearest ? nearestImageDelta(from, to, box) : reducedDelta(from, to, box);
  };
  // k |minimum image of (x - x0)|^2 plus a term in the plain coordinate x (not wrapped into the box).
  const Vec3 anchor(10.3, -7.1, 5.9);
  const double k = 3.0, c = 0.4;
  System system;
  system.setDefaultPeriodicBoxVectors(box[0], box[1], box[2]);
  system.addParticle(1.0);
  auto* force = new CustomExternalForce("k*periodicdistance(x, y, z, x0, y0, z0)^2 + c*x");
  force->addGlobalParameter("k", k);
  force->addGlobalParameter("c", c);
  force->addPerParticleParameter("x0");
  force->addPerParticleParameter("y0");
  force->addPerParticleParameter("z0");
  force->addParticle(0, {anchor[0], anchor[1], anchor[2]});
  system.addForce(force);
  CPPUNIT_ASSERT_MESSAGE(what + ": the force is periodic", force->usesPeriodicBoundaryConditions());
  CPPUNIT_ASSERT_MESSAGE(what + ": the System is periodic", system.usesPeriodicBoundaryConditions());
  VerletIntegrator integrator(0.001);
  Context context(system, integrator, platform);
  const Vec3 points[] = {Vec3(0, 2, 0),       Vec3(1.2, -0.4, 3.3), Vec3(-13.7, 8.2, 21.5), Vec3(4.9, 5.9, 6.9),
                         Vec3(10.3, -7.1, 5.9), Vec3(10.2, -7.0, 5.8), Vec3(31.0, -2.2, -9.6), Vec3(2.5, 3.0, 3.5)};
  for (const Vec3& p : points) {
    context.setPositions({p});
    State state = context.getState(State::Energy | State::Forces);
    const Vec3 d = image(anchor, p); // p - anchor by the minimum image
    const std::string at = what + " at (" + std::to_string(p[0]) + ", " + std::to_string(p[1]) + ", " +
                           std::to_string(p[2]) + ")";
    assertClose(k * d.dot(d) + c * p[0], state.getPotentialEnergy(), 1e-10, at + ": energy");
    assertVecClose(d * (-2 * k) - Vec3(c, 0, 0), state.getForces()[0], 1e-10, at + ": force");
  }
  // Dynamics: the force follows the particle out of the box.
  context.setPositions({Vec3(0, 2, 0)});
  context.setVelocities({Vec3(40, -25, 30)});
  for (int step = 0; step < 5; step++) {
    integrator.step(20);
    State state = context.getState(State::Positions | State::Energy | State::Forces);
    const Vec3 p = state.getPositions()[0];
    const Vec3 d = image(anchor, p);
    assertClose(k * d.dot(d) + c * p[0], state.getPotentialEnergy(), 1e-8, what + ": energy after steps");
    assertVecClose(d * (-2 * k) - Vec3(c, 0, 0), state.getForces()[0], 1e-8, what + ": force after steps");
  }
}

inline void testCustomExternalPeriodicDistance(Platform& platform) {
  CPPUNIT_ASSERT(!CustomExternalForce("x^2 + periodicdistances").usesPeriodicBoundaryConditions());
  CPPUNIT_ASSERT(!CustomExternalForce("myperiodicdistance(x)").usesPeriodicBoundaryConditions());
  CPPUNIT_ASSERT(CustomExternalForce("periodicdistance (x, y, z, 0, 0, 0)").usesPeriodicBoundaryConditions());
  const Vec3 rectangular[3] = {Vec3(3, 0, 0), Vec3(0, 3.5, 0), Vec3(0, 0, 4)};
  checkPeriodicDistance(platform, rectangular, true, "rectangular box");
  // The GPU platforms refuse triclinic boxes.
  if (platform.getName() == "Reference" || platform.getName() == "CPU") {
    const Vec3 triclinic[3] = {Vec3(5, 0, 0), Vec3(0, 6, 0), Vec3(1, 2, 7)};
    checkPeriodicDistance(platform, triclinic, false, "triclinic box");
  }
  // At zero distance the force is zero, not NaN (the gradient of the distance is taken as zero there).
  System system;
  system.addParticle(1.0);
  auto* force = new CustomExternalForce("periodicdistance(x, y, z, 1, 2, 3)^2");
  force->addParticle(0);
  system.addForce(force);
  VerletIntegrator integrator(0.001);
  Context context(system, integrator, platform);
  context.setPositions({Vec3(1, 2, 3)});
  State state = context.getState(State::Energy | State::Forces);
  assertClose(0.0, state.getPotentialEnergy(), 0.0, "periodicdistance at zero distance: energy");
  assertVecClose(Vec3(), state.getForces()[0], 0.0, "periodicdistance at zero distance: force");
}

} // namespace OpenMMTests
