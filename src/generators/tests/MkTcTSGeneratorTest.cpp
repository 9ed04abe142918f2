// MkTcTSGeneratorTest: ls1's mkTcTS: each layer holds close to its density (the swaps aim at the ideal
// count), molecules lie in the box, layer 1 occupies its slice of y, speeds are sqrt(3 T), ids run from 1,
// and the same input gives the same molecules (ls1's seeded stream).
#include "generators/Ls1Random.h"
#include "generators/MkTcTSGenerator.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>

using namespace mardyn;

class MkTcTSGeneratorTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(MkTcTSGeneratorTest);
  CPPUNIT_TEST(layersHaveTheirDensities);
  CPPUNIT_TEST(randomStreamIsUniform);
  CPPUNIT_TEST_SUITE_END();

 public:
  void layersHaveTheirDensities() {
    MkTcTSGenerator::Settings s;
    s.l1Ratio = 0.4;
    s.l1Offset = 0.3;
    s.rho1 = 0.7;
    s.rho2 = 0.05;
    const Vec3 box{12, 30, 12};
    const auto m = MkTcTSGenerator::generate(s, box, 0.8, 2.5, 2);
    std::size_t n1 = 0, n2 = 0;
    for (std::size_t i = 0; i < m.size(); ++i) {
      CPPUNIT_ASSERT_EQUAL(static_cast<unsigned long>(i + 1), m[i].id);
      for (int d = 0; d < 3; ++d) CPPUNIT_ASSERT(m[i].r[d] >= 0 && m[i].r[d] < box[d]);
      CPPUNIT_ASSERT_DOUBLES_EQUAL(std::sqrt(3 * 0.8), norm(m[i].v), 1e-12);
      if (m[i].component == 0) {
        ++n1;
        const double y = m[i].r.y;  // layer 1: from 0.3 L to 0.7 L, give or take a cell's jitter
        CPPUNIT_ASSERT(y > 0.3 * box.y - 0.5 && y < 0.7 * box.y + 0.5);
      } else {
        ++n2;
      }
    }
    const double ideal1 = 0.7 * 12 * 12 * 12, ideal2 = 0.05 * 12 * 18 * 12;
    CPPUNIT_ASSERT_DOUBLES_EQUAL(ideal1, static_cast<double>(n1), 0.03 * ideal1);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(ideal2, static_cast<double>(n2), 0.1 * ideal2);
    const auto again = MkTcTSGenerator::generate(s, box, 0.8, 2.5, 2);
    CPPUNIT_ASSERT(again.size() == m.size() && again.back().r == m.back().r);
  }

  void randomStreamIsUniform() {
    Ls1Random r(12345);
    double sum = 0, sum2 = 0;
    const int n = 100000;
    for (int i = 0; i < n; ++i) {
      const double x = r.rnd();
      CPPUNIT_ASSERT(x > 0 && x < 1);
      sum += x;
      sum2 += x * x;
    }
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.5, sum / n, 0.005);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1.0 / 12, sum2 / n - (sum / n) * (sum / n), 0.002);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MkTcTSGeneratorTest);
