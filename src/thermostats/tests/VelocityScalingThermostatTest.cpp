// VelocityScalingThermostatTest: ls1's factors (3 N T / sum m v^2)^0.4 per group, and its explosion
// heuristic: a group much hotter than its target gets beta_trans 1 and beta_rot^0.0091 and every molecule's
// translational kinetic energy capped at 10 T (velocity and force scaled alike).
#include "particleContainer/LinkedCells.h"
#include "thermostats/VelocityScalingThermostat.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>

using namespace mardyn;

class VelocityScalingThermostatTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(VelocityScalingThermostatTest);
  CPPUNIT_TEST(factorsUseLs1Exponent);
  CPPUNIT_TEST(explosionHeuristic);
  CPPUNIT_TEST_SUITE_END();

  static KineticSums sums(double mv2, unsigned long n) {
    KineticSums s;
    s.reset(1);
    s.summv2[0] = mv2;
    s.count[0] = n;
    return s;
  }

 public:
  void factorsUseLs1Exponent() {
    auto t = VelocityScalingThermostat::global(2.0, 1);
    t.computeFactors(sums(3.0 * 10 * 1.8, 10));  // T = 1.8, target 2
    CPPUNIT_ASSERT_DOUBLES_EQUAL(std::pow(2.0 / 1.8, 0.4), t.betaTrans(0), 1e-15);
    CPPUNIT_ASSERT_EQUAL(1.0, t.betaRot(0));  // no rotation
    CPPUNIT_ASSERT(!t.limitExplosions(nullptr));  // beta > 0.9: nothing to do
  }

  void explosionHeuristic() {
    Component c(0, "A");
    c.addLJCenter({{0, 0, 0}, 2.0, 1.0, 1.0, false});
    LinkedCells lc({0, 0, 0}, {10, 10, 10}, 2.5, 1);
    Molecule hot(1, &c, {1, 1, 1}, {10, 0, 0}, Quaternion(1, 0, 0, 0), {});  // U_trans = 100 = 100 T
    hot.setF({4, 0, 0});
    lc.addParticle(hot);
    lc.addParticle(Molecule(2, &c, {5, 5, 5}, {1, 0, 0}, Quaternion(1, 0, 0, 0), {}));  // U_trans 1: kept
    auto t = VelocityScalingThermostat::global(1.0, 1);
    t.computeFactors(sums(2.0 * 100 + 2.0 * 1, 2));  // T = 202/6, beta ~ 0.24
    CPPUNIT_ASSERT(t.betaTrans(0) < 0.9);
    CPPUNIT_ASSERT(t.limitExplosions(&lc));
    CPPUNIT_ASSERT_EQUAL(1.0, t.betaTrans(0));
    std::vector<Molecule> m(3);
    lc.forEach([&](const Molecule& x) { m[x.id()] = x; });
    const double s = std::sqrt(10.0 / 100.0);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(10 * s, m[1].v().x, 1e-12);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(4 * s, m[1].F().x, 1e-12);
    CPPUNIT_ASSERT_EQUAL(1.0, m[2].v().x);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(VelocityScalingThermostatTest);
