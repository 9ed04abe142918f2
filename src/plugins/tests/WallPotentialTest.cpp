// WallPotentialTest: ls1's wall forces against the closed forms: the 9-3 force is minus the derivative of the
// 9-3 potential 4/3 pi rho eps s^3 (s^9 / (15 y^9) - s^3 / (2 y^3)) (checked by finite differences), repels
// at short distance and attracts further out, points away from the wall on either side, vanishes beyond
// ycut and for unlisted components; Mirror type 1 reverses outgoing v_y, type 2 pulls back with k (y_m - y),
// type 5 (Meland) reflects outgoing molecules to 2 v_target - v_y with its probability and removes the others.
#include "particleContainer/LinkedCells.h"
#include "plugins/Mirror.h"
#include "plugins/WallPotential.h"

#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace mardyn;

class WallPotentialTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(WallPotentialTest);
  CPPUNIT_TEST(nineThreeForceIsMinusTheGradient);
  CPPUNIT_TEST(mirrorTypes);
  CPPUNIT_TEST(mirrorMeland);
  CPPUNIT_TEST_SUITE_END();

 public:
  void nineThreeForceIsMinusTheGradient() {
    Component a(0, "A"), b(1, "B");
    a.addLJCenter({{0, 0, 0}, 1.0, 1.0, 1.0, false});
    b.addLJCenter({{0, 0, 0}, 1.0, 1.0, 1.0, false});
    WallPotentialConfig cfg;
    cfg.density = 1.0;
    cfg.sigma = 1.0;
    cfg.epsilon = 100.0;
    cfg.yoff = 5.0;
    cfg.ycut = 2.5;
    cfg.components[1] = {0.2, 1.0};  // component B not listed: no wall
    const WallPotential wall(cfg, {a, b});
    const double eps = 0.2 * std::sqrt(100.0), s3 = 1.0;
    auto u = [&](double y) { return 4.0 / 3.0 * M_PI * eps * s3 * (s3 * s3 * s3 / (15 * std::pow(y, 9)) - s3 / (2 * y * y * y)); };
    for (double y : {0.8, 1.0, 1.5, 2.2}) {
      const double h = 1e-6, expected = -(u(y + h) - u(y - h)) / (2 * h);
      CPPUNIT_ASSERT_DOUBLES_EQUAL(expected, wall.force(0, y), 1e-6 * std::abs(expected) + 1e-9);
      CPPUNIT_ASSERT_DOUBLES_EQUAL(-wall.force(0, y), wall.force(0, -y), 1e-12);
    }
    CPPUNIT_ASSERT(wall.force(0, 0.8) > 0 && wall.force(0, 2.0) < 0);  // repulsive close, attractive beyond
    CPPUNIT_ASSERT_EQUAL(0.0, wall.force(0, 2.6));
    LinkedCells lc({0, 0, 0}, {10, 10, 10}, 2.5, 1);
    lc.addParticle(Molecule(1, &a, {5, 6, 5}, {}, Quaternion(1, 0, 0, 0), {}));
    lc.addParticle(Molecule(2, &b, {5, 6, 5}, {}, Quaternion(1, 0, 0, 0), {}));
    wall.apply(lc, 1);
    std::vector<Vec3> F(3);
    lc.forEach([&](const Molecule& m) { F[m.id()] = m.F(); });
    CPPUNIT_ASSERT_DOUBLES_EQUAL(wall.force(0, 1.0), F[1].y, 1e-12);
    CPPUNIT_ASSERT_EQUAL(0.0, F[2].y);
  }

  void mirrorTypes() {
    Component a(0, "A");
    a.addLJCenter({{0, 0, 0}, 1.0, 1.0, 1.0, false});
    LinkedCells lc({0, 0, 0}, {10, 10, 10}, 2.5, 1);
    lc.addParticle(Molecule(1, &a, {5, 8, 5}, {0, 1, 0}, Quaternion(1, 0, 0, 0), {}));   // beyond, moving out
    lc.addParticle(Molecule(2, &a, {5, 8, 5}, {0, -1, 0}, Quaternion(1, 0, 0, 0), {}));  // beyond, coming back
    lc.addParticle(Molecule(3, &a, {5, 2, 5}, {0, 1, 0}, Quaternion(1, 0, 0, 0), {}));   // before the mirror
    MirrorConfig reflect;
    reflect.type = 1;
    reflect.right = true;
    reflect.coord = 7;
    Mirror(reflect).apply(lc);
    MirrorConfig spring = reflect;
    spring.type = 2;
    spring.forceConstant = 20;
    Mirror(spring).apply(lc);
    std::vector<Molecule> m(4);
    lc.forEach([&](const Molecule& x) { m[x.id()] = x; });
    CPPUNIT_ASSERT_EQUAL(-1.0, m[1].v().y);
    CPPUNIT_ASSERT_EQUAL(-1.0, m[2].v().y);
    CPPUNIT_ASSERT_EQUAL(1.0, m[3].v().y);
    CPPUNIT_ASSERT_EQUAL(20.0 * (7 - 8), m[1].F().y);
    CPPUNIT_ASSERT_EQUAL(0.0, m[3].F().y);
  }

  void mirrorMeland() {
    Component a(0, "A");
    a.addLJCenter({{0, 0, 0}, 1.0, 1.0, 1.0, false});
    auto fill = [&](LinkedCells& lc) {
      lc.addParticle(Molecule(1, &a, {5, 8, 5}, {0, 1, 0}, Quaternion(1, 0, 0, 0), {}));   // beyond, moving out
      lc.addParticle(Molecule(2, &a, {5, 8, 5}, {0, -1, 0}, Quaternion(1, 0, 0, 0), {}));  // beyond, coming back
      lc.addParticle(Molecule(3, &a, {5, 2, 5}, {0, 1, 0}, Quaternion(1, 0, 0, 0), {}));   // before the mirror
    };
    MirrorConfig c;
    c.type = 5;
    c.right = true;
    c.coord = 7;
    c.veloTarget = 100;  // 2 v_target - v_y points outwards: removed
    {
      LinkedCells lc({0, 0, 0}, {10, 10, 10}, 2.5, 1);
      fill(lc);
      Mirror mirror(c);
      mirror.applyMeland(lc);
      std::vector<unsigned long> ids;
      lc.forEach([&](const Molecule& m) { ids.push_back(m.id()); });
      std::sort(ids.begin(), ids.end());
      CPPUNIT_ASSERT(ids == std::vector<unsigned long>({2, 3}));
      CPPUNIT_ASSERT_EQUAL(1ul, mirror.removed());
    }
    c.veloTarget = -0.5;  // v_y' = -2, probability |v_y' / v_y| = 2: always reflected
    {
      LinkedCells lc({0, 0, 0}, {10, 10, 10}, 2.5, 1);
      fill(lc);
      Mirror(c).applyMeland(lc);
      std::vector<Molecule> m(4);
      lc.forEach([&](const Molecule& x) { m[x.id()] = x; });
      CPPUNIT_ASSERT_EQUAL(-2.0, m[1].v().y);
      CPPUNIT_ASSERT_EQUAL(-1.0, m[2].v().y);
      CPPUNIT_ASSERT_EQUAL(1.0, m[3].v().y);
    }
    // a fixed probability: the fraction reflected of 4000 outgoing molecules (standard deviation 0.0072)
    c.veloTarget = 0.0;
    c.fixedProbability = 0.3;
    LinkedCells lc({0, 0, 0}, {10, 10, 10}, 2.5, 1);
    for (unsigned long i = 0; i < 4000; ++i)
      lc.addParticle(Molecule(i + 1, &a, {0.0025 * i, 8, 5}, {0, 0.5, 0}, Quaternion(1, 0, 0, 0), {}));
    Mirror mirror(c);
    mirror.applyMeland(lc);
    CPPUNIT_ASSERT_EQUAL(4000ul, mirror.reflected() + mirror.removed());
    CPPUNIT_ASSERT_EQUAL(static_cast<std::size_t>(mirror.reflected()), lc.numOwnedParticles());
    CPPUNIT_ASSERT(std::abs(mirror.reflected() / 4000.0 - 0.3) < 0.03);
    lc.forEach([&](const Molecule& m) { CPPUNIT_ASSERT_EQUAL(-0.5, m.v().y); });
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(WallPotentialTest);
