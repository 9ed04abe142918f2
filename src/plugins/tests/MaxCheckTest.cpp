// MaxCheckTest: ls1's MaxCheck: method 1 limits F, v, M and L each to its maximum (direction kept);
// method 2 limits v only where F was limited; the range (inclusive or not), the component filter and
// the control window; unsupported physics plugins are input errors naming the element.
#include "io/tests/IoTestFiles.h"
#include "particleContainer/LinkedCells.h"
#include "plugins/MaxCheck.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>

using namespace mardyn;

class MaxCheckTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(MaxCheckTest);
  CPPUNIT_TEST(limitsEachQuantity);
  CPPUNIT_TEST(methodTwoAndRange);
  CPPUNIT_TEST(methodThreeRemoves);
  CPPUNIT_TEST(unsupportedPluginIsAnError);
  CPPUNIT_TEST_SUITE_END();

  Component _a{0, "A"}, _b{1, "B"};
  std::size_t _remaining = 0;  ///< owned molecules after the last run()

  /// Molecules 1 (component A, at x 1) and 2 (component B, at x 5), each with F (30, 40, 0), v (3, 4, 0),
  /// torque (0, 0, 10) and angular momentum (0, 6, 8) after `check` at `step`.
  std::vector<Molecule> run(const MaxCheckConfig& c, unsigned long step) {
    LinkedCells lc({0, 0, 0}, {10, 10, 10}, 2.5, 1);
    for (int i = 0; i < 2; ++i) {
      Molecule m(i + 1, i == 0 ? &_a : &_b, {1.0 + 4 * i, 5, 5}, {3, 4, 0}, Quaternion(1, 0, 0, 0), {0, 6, 8});
      m.setF({30, 40, 0});
      m.setM({0, 0, 10});
      lc.addParticle(m);
    }
    MaxCheck(c).apply(lc, step);
    std::vector<Molecule> out(2);
    lc.forEach([&](const Molecule& m) { out[m.id() - 1] = m; });
    _remaining = lc.numOwnedParticles();
    return out;
  }

 public:
  void setUp() override {
    _a.addLJCenter({{0, 0, 0}, 1.0, 1.0, 1.0, false});
    _b.addLJCenter({{0, 0, 0}, 1.0, 1.0, 1.0, false});
  }

  void limitsEachQuantity() {
    MaxCheckConfig c;
    c.upper = {10, 10, 10};
    c.targets[1] = {1, 5.0, 1.0, 2.0, 5.0};
    const auto m = run(c, 0);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(3.0, m[0].F().x, 1e-12);  // |F| 50 -> 5, direction (0.6, 0.8) kept
    CPPUNIT_ASSERT_DOUBLES_EQUAL(4.0, m[0].F().y, 1e-12);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.6, m[0].v().x, 1e-12);  // |v| 5 -> 1
    CPPUNIT_ASSERT_DOUBLES_EQUAL(2.0, m[0].M().z, 1e-12);  // |M| 10 -> 2
    CPPUNIT_ASSERT_DOUBLES_EQUAL(4.0, m[0].L().z, 1e-12);  // |L| 10 -> 5
    CPPUNIT_ASSERT_EQUAL(40.0, m[1].F().y);                // component B has no target
    c.start = 5;
    CPPUNIT_ASSERT_EQUAL(40.0, run(c, 4)[0].F().y);  // before the control window
    CPPUNIT_ASSERT_DOUBLES_EQUAL(4.0, run(c, 5)[0].F().y, 1e-12);
  }

  void methodTwoAndRange() {
    MaxCheckConfig c;
    c.upper = {10, 10, 10};
    c.targets[1] = {2, 100.0, 1.0, -1, -1};  // F below its maximum: v is not limited
    CPPUNIT_ASSERT_EQUAL(3.0, run(c, 0)[0].v().x);
    c.targets[1].F = 5.0;  // F limited, and with it v
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.6, run(c, 0)[0].v().x, 1e-12);
    c.upper = {3, 10, 10};  // molecule 1 inside [0, 3): limited
    c.inclusive = false;     // now only molecules outside the range
    CPPUNIT_ASSERT_EQUAL(3.0, run(c, 0)[0].v().x);
  }

  /// Method 3 removes the target's molecules over any limit (|v| = 5 here), in the range only; the others stay.
  void methodThreeRemoves() {
    MaxCheckConfig c;
    c.upper = {10, 10, 10};
    c.targets[1] = {3, -1, 6.0, -1, -1};  // v below its maximum: kept
    auto m = run(c, 0);
    CPPUNIT_ASSERT_EQUAL(std::size_t(2), _remaining);
    CPPUNIT_ASSERT_EQUAL(3.0, m[0].v().x);  // nothing scaled
    c.targets[1].v = 4.9;
    m = run(c, 0);
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), _remaining);
    CPPUNIT_ASSERT_EQUAL(2ul, m[1].id());  // molecule 1 (component A) removed, B has no target
    c.targets[1] = {3, -1, -1, -1, 9.9};   // |L| = 10 over 9.9
    run(c, 0);
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), _remaining);
    c.upper = {0.5, 10, 10};  // molecule 1 at x = 1 is outside the range
    run(c, 0);
    CPPUNIT_ASSERT_EQUAL(std::size_t(2), _remaining);
  }

  void unsupportedPluginIsAnError() {
    using namespace iotest;
    TempDir dir;
    const std::string cfg = replaced(validConfig(), "</output>", "</output>\n    <plugin name=\"FixRegion\"><xmin>5</xmin></plugin>");
    const auto e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<plugin name=\"FixRegion\">"), "/mardyn/simulation/plugin",
                  "plugin FixRegion (fixes molecules in a region) is not supported");
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MaxCheckTest);
