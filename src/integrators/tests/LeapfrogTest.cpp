// LeapfrogTest: translational and rotational leapfrog on single molecules against exact motion:
// free flight, constant force, a spherical top's rotation, a linear rotor and energy/|L| conservation.
#include "integrators/Leapfrog.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>

using namespace mardyn;

class LeapfrogTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(LeapfrogTest);
  CPPUNIT_TEST(constantForce);
  CPPUNIT_TEST(sphericalTopRotation);
  CPPUNIT_TEST(linearRotor);
  CPPUNIT_TEST(asymmetricTopConservesEnergyAndL);
  CPPUNIT_TEST_SUITE_END();

 public:
  void constantForce() {
    Component c(0, "A");
    c.addLJCenter(LJCenter{{0, 0, 0}, 2.0, 1.0, 1.0, false});
    Molecule m(1, &c, {1, 2, 3}, {0.5, -0.25, 1.0});
    const Vec3 F{0.2, 0.4, -0.6};
    const double dt = 0.01;
    for (int s = 0; s < 100; ++s) {
      m.setF(F);
      Leapfrog::preForces(m, dt);
      m.setF(F);  // the force at the new position (constant)
      Leapfrog::postForces(m, dt);
    }
    const double t = 1.0;
    const Vec3 rExact = Vec3{1, 2, 3} + Vec3{0.5, -0.25, 1.0} * t + F * (0.5 * t * t / 2.0);
    const Vec3 vExact = Vec3{0.5, -0.25, 1.0} + F * (t / 2.0);
    CPPUNIT_ASSERT(norm(m.r() - rExact) < 1e-12);
    CPPUNIT_ASSERT(norm(m.v() - vExact) < 1e-12);
  }

  static Vec3 axisInSpace(const Molecule& m, const Vec3& body) { return m.q().rotateInv(body); }

  void sphericalTopRotation() {
    Component c(0, "S");
    c.addLJCenter(LJCenter{{0, 0, 0}, 1.0, 1.0, 1.0, false});
    c.setMomentsOfInertia({2.0, 2.0, 2.0});
    const double w = 1.3;
    Molecule m(1, &c, {}, {}, Quaternion(), {0, 0, 2.0 * w});  // omega = L / I along space z
    const double dt = 1e-3;
    const int steps = 2000;
    for (int s = 0; s < steps; ++s) {
      Leapfrog::preForces(m, dt);
      Leapfrog::postForces(m, dt);
    }
    const double phi = w * dt * steps;
    const Vec3 ex = axisInSpace(m, {1, 0, 0});
    // Right-handed rotation about +z: x turns towards y.
    CPPUNIT_ASSERT(norm(ex - Vec3{std::cos(phi), std::sin(phi), 0.0}) < 1e-6);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1.0, m.q().magnitude2(), 1e-14);
  }

  void linearRotor() {
    Component c(0, "L");
    c.addLJCenter(LJCenter{{0, 0, -0.5}, 1.0, 1.0, 1.0, false});
    c.addLJCenter(LJCenter{{0, 0, 0.5}, 1.0, 1.0, 1.0, false});
    c.setMomentsOfInertia({0.5, 0.5, 0.0});
    CPPUNIT_ASSERT_EQUAL(2u, c.rotationalDegreesOfFreedom());
    const double w = 0.8;
    Molecule m(1, &c, {}, {}, Quaternion(), {0, 0.5 * w, 0});  // tumbling about space y
    const double e0 = m.twiceRotKinEnergy();
    const double dt = 1e-3;
    const int steps = 3000;
    for (int s = 0; s < steps; ++s) {
      Leapfrog::preForces(m, dt);
      Leapfrog::postForces(m, dt);
    }
    const double phi = w * dt * steps;
    // The body z axis turns about +y: z -> (sin phi, 0, cos phi).
    const Vec3 ez = axisInSpace(m, {0, 0, 1});
    CPPUNIT_ASSERT(norm(ez - Vec3{std::sin(phi), 0.0, std::cos(phi)}) < 1e-6);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(e0, m.twiceRotKinEnergy(), 1e-10 * e0);
    CPPUNIT_ASSERT(std::isfinite(m.q().w()));
  }

  void asymmetricTopConservesEnergyAndL() {
    Component c(0, "T");
    c.addLJCenter(LJCenter{{0, 0, 0}, 1.0, 1.0, 1.0, false});
    c.setMomentsOfInertia({1.0, 2.0, 3.0});
    Quaternion q(0.9, 0.2, -0.3, 0.1);
    q.normalize();
    Molecule m(1, &c, {}, {}, q, {0.3, 1.1, -0.7});
    const double e0 = m.twiceRotKinEnergy();
    const Vec3 L0 = m.L();
    const double dt = 1e-3;
    double maxDev = 0.0;
    for (int s = 0; s < 20000; ++s) {
      Leapfrog::preForces(m, dt);
      Leapfrog::postForces(m, dt);
      maxDev = std::max(maxDev, std::abs(m.twiceRotKinEnergy() - e0) / e0);
    }
    CPPUNIT_ASSERT(norm(m.L() - L0) == 0.0);  // no torque: L is constant in the space frame
    CPPUNIT_ASSERT(maxDev < 1e-5);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(LeapfrogTest);
