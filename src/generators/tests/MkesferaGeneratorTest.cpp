// MkesferaGeneratorTest: ls1's mkesfera: the droplet and the fluid around it hold their densities, the
// molecules lie in the box with ids from 1, and the output repeats for the same input.
#include "generators/MkesferaGenerator.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>

using namespace mardyn;

class MkesferaGeneratorTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(MkesferaGeneratorTest);
  CPPUNIT_TEST(dropletAndVapourDensities);
  CPPUNIT_TEST_SUITE_END();

 public:
  void dropletAndVapourDensities() {
    MkesferaGenerator::Settings s;
    s.radius = 6;
    s.density = 0.7;
    s.outerDensity = 0.02;
    s.centre = {10, 10, 10};
    const Vec3 box{20, 20, 20};
    const auto m = MkesferaGenerator::generate(s, box, 0.9, 2.5);
    std::size_t inner = 0, outer = 0;
    for (std::size_t i = 0; i < m.size(); ++i) {
      CPPUNIT_ASSERT_EQUAL(static_cast<unsigned long>(i + 1), m[i].id);
      for (int d = 0; d < 3; ++d) CPPUNIT_ASSERT(m[i].r[d] >= 0 && m[i].r[d] < box[d]);
      const double r = norm(m[i].r - s.centre);
      if (r < 5.5) ++inner;
      else if (r > 6.5) ++outer;
    }
    const double vIn = 4.0 / 3.0 * M_PI * 5.5 * 5.5 * 5.5, vOut = 8000 - 4.0 / 3.0 * M_PI * 6.5 * 6.5 * 6.5;
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.7, inner / vIn, 0.05);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.02, outer / vOut, 0.005);
    CPPUNIT_ASSERT(MkesferaGenerator::generate(s, box, 0.9, 2.5).back().r == m.back().r);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MkesferaGeneratorTest);
