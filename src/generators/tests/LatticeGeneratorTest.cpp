// LatticeGeneratorTest: lattice counts and spacing, molecules inside the box, zero total momentum,
// exact target temperature (translational and rotational), random unit orientations, seeding.
#include "generators/LatticeGenerator.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>

using namespace mardyn;

namespace {
Component pointComponent() {
  Component c(0, "LJ");
  c.addLJCenter({{0, 0, 0}, 1.5, 1.0, 1.0, false});
  return c;
}
Component linearComponent() {
  Component c(0, "N2");
  c.addLJCenter({{0, 0, 0.5}, 1.0, 1.0, 1.0, false});
  c.addLJCenter({{0, 0, -0.5}, 1.0, 1.0, 1.0, false});
  c.setMomentsOfInertia({0.5, 0.5, 0.0});
  return c;
}
double minDistance(const std::vector<MoleculeRecord>& m, const Vec3& box) {
  double best = 1e300;
  for (std::size_t i = 0; i < m.size(); ++i)
    for (std::size_t j = i + 1; j < m.size(); ++j) {
      Vec3 d = m[i].r - m[j].r;
      for (int k = 0; k < 3; ++k) d[k] -= box[k] * std::round(d[k] / box[k]);
      best = std::min(best, norm(d));
    }
  return best;
}
}  // namespace

class LatticeGeneratorTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(LatticeGeneratorTest);
  CPPUNIT_TEST(fccCountAndSpacing);
  CPPUNIT_TEST(cubicCountAndSpacing);
  CPPUNIT_TEST(bccCountAndSpacing);
  CPPUNIT_TEST(temperatureAndMomentum);
  CPPUNIT_TEST(rotationalTemperatureAndOrientations);
  CPPUNIT_TEST(seedReproducible);
  CPPUNIT_TEST_SUITE_END();

 public:
  void fccCountAndSpacing() {
    LatticeGenerator::Settings s;
    s.lattice = LatticeGenerator::Lattice::FCC;
    s.cells = {4, 5, 6};
    const double a = std::cbrt(4 / 0.8442);
    const Vec3 box{4 * a, 5 * a, 6 * a};
    const auto m = LatticeGenerator::generate(s, pointComponent(), box);
    CPPUNIT_ASSERT_EQUAL(std::size_t(4 * 4 * 5 * 6), m.size());
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.8442, m.size() / (box.x * box.y * box.z), 1e-12);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(a / std::sqrt(2.0), minDistance(m, box), 1e-12);  // FCC nearest neighbours
    for (const auto& r : m)
      for (int d = 0; d < 3; ++d) CPPUNIT_ASSERT(r.r[d] >= 0 && r.r[d] < box[d]);
    CPPUNIT_ASSERT_EQUAL(1ul, m.front().id);
    CPPUNIT_ASSERT_EQUAL(480ul, m.back().id);
  }

  void cubicCountAndSpacing() {
    LatticeGenerator::Settings s;
    s.lattice = LatticeGenerator::Lattice::Cubic;
    s.cells = {3, 3, 7};
    const Vec3 box{3, 3, 7};
    const auto m = LatticeGenerator::generate(s, pointComponent(), box);
    CPPUNIT_ASSERT_EQUAL(std::size_t(63), m.size());
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1.0, minDistance(m, box), 1e-12);
  }

  void bccCountAndSpacing() {
    LatticeGenerator::Settings s;
    s.lattice = LatticeGenerator::Lattice::BCC;
    s.cells = {3, 4, 5};
    const Vec3 box{6, 8, 10};
    const auto m = LatticeGenerator::generate(s, pointComponent(), box);
    CPPUNIT_ASSERT_EQUAL(std::size_t(2 * 3 * 4 * 5), m.size());
    CPPUNIT_ASSERT_DOUBLES_EQUAL(std::sqrt(3.0), minDistance(m, box), 1e-12);  // a = 2: a sqrt(3) / 2
  }

  void temperatureAndMomentum() {
    LatticeGenerator::Settings s;
    s.cells = {5, 5, 5};
    s.temperature = 1.44;
    const Component c = pointComponent();
    const auto m = LatticeGenerator::generate(s, c, {8, 8, 8});
    Vec3 p;
    double twoE = 0;
    for (const auto& r : m) {
      p += r.v * c.mass();
      twoE += c.mass() * norm2(r.v);
    }
    CPPUNIT_ASSERT(norm(p) < 1e-12);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1.44, twoE / (3.0 * m.size()), 1e-12);
  }

  void rotationalTemperatureAndOrientations() {
    LatticeGenerator::Settings s;
    s.cells = {4, 4, 4};
    s.temperature = 0.8;
    const Component c = linearComponent();
    const auto m = LatticeGenerator::generate(s, c, {10, 10, 10});
    double twoErot = 0, meanQz = 0;
    for (const auto& r : m) {
      CPPUNIT_ASSERT_DOUBLES_EQUAL(1.0, r.q.magnitude2(), 1e-12);
      const Vec3 Lb = r.q.rotate(r.L);
      CPPUNIT_ASSERT_DOUBLES_EQUAL(0.0, Lb.z, 1e-12);  // no angular momentum about the molecular axis
      twoErot += Lb.x * Lb.x / 0.5 + Lb.y * Lb.y / 0.5;
      meanQz += r.q.rotateInv({0, 0, 1}).z;
    }
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.8, twoErot / (2.0 * m.size()), 1e-12);
    // random orientations: the mean axis component is ~0 (uniform on the sphere: sd 1/sqrt(3N))
    CPPUNIT_ASSERT(std::abs(meanQz / m.size()) < 5.0 / std::sqrt(3.0 * m.size()));
  }

  void seedReproducible() {
    LatticeGenerator::Settings s;
    s.cells = {2, 2, 2};
    s.seed = 99;
    const auto a = LatticeGenerator::generate(s, pointComponent(), {4, 4, 4});
    const auto b = LatticeGenerator::generate(s, pointComponent(), {4, 4, 4});
    s.seed = 100;
    const auto c = LatticeGenerator::generate(s, pointComponent(), {4, 4, 4});
    CPPUNIT_ASSERT(a[3].v == b[3].v);
    CPPUNIT_ASSERT(a[3].v != c[3].v);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(LatticeGeneratorTest);
