// DriftCtrlTest: ls1's DriftCtrl sets the mean velocity of each bin to the target drift at control steps
// (from the velocities sampled since the last control), only in the directions named, only in the range.
#include "parallel/DomainDecompSequential.h"
#include "particleContainer/LinkedCells.h"
#include "plugins/DriftCtrl.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace mardyn;

class DriftCtrlTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(DriftCtrlTest);
  CPPUNIT_TEST(binMeansGoToTheTarget);
  CPPUNIT_TEST_SUITE_END();

 public:
  void binMeansGoToTheTarget() {
    Component c(0, "A");
    c.addLJCenter({{0, 0, 0}, 1.0, 1.0, 1.0, false});
    LinkedCells lc({0, 0, 0}, {10, 20, 10}, 2.5, 1);
    // bin 0 (y in (0, 10]): velocities (1, 2, 0) and (3, 4, 0); bin 1: (-1, 0, 0); outside (y = 0): (5, 5, 5)
    lc.addParticle(Molecule(1, &c, {1, 2, 1}, {1, 2, 0}, Quaternion(1, 0, 0, 0), {}));
    lc.addParticle(Molecule(2, &c, {2, 8, 1}, {3, 4, 0}, Quaternion(1, 0, 0, 0), {}));
    lc.addParticle(Molecule(3, &c, {3, 15, 1}, {-1, 0, 0}, Quaternion(1, 0, 0, 0), {}));
    lc.addParticle(Molecule(4, &c, {4, 0, 1}, {5, 5, 5}, Quaternion(1, 0, 0, 0), {}));
    DriftCtrlConfig cfg;
    cfg.yr = 20;
    cfg.binWidth = 10;
    cfg.sample = 1;
    cfg.control = 2;
    cfg.drift = {0.5, 0, 0};
    cfg.directions = {true, true, false};
    DriftCtrl drift(cfg, 1);
    CPPUNIT_ASSERT_EQUAL(2u, drift.numBins());
    DomainDecompSequential decomp;
    drift.apply(lc, decomp, 1);  // sample only
    std::vector<Vec3> v(5);
    lc.forEach([&](const Molecule& m) { v[m.id()] = m.v(); });
    CPPUNIT_ASSERT(v[1] == Vec3(1, 2, 0));
    drift.apply(lc, decomp, 2);  // sample and control: means over both samples (the same velocities)
    lc.forEach([&](const Molecule& m) { v[m.id()] = m.v(); });
    CPPUNIT_ASSERT(v[1] == Vec3(1 + 0.5 - 2, 2 - 3, 0));  // bin 0 mean (2, 3, 0) -> (0.5, 0, .)
    CPPUNIT_ASSERT(v[2] == Vec3(3 + 0.5 - 2, 4 - 3, 0));
    CPPUNIT_ASSERT(v[3] == Vec3(0.5, 0, 0));
    CPPUNIT_ASSERT(v[4] == Vec3(5, 5, 5));  // y = yl is outside (yl < y <= yr)
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(DriftCtrlTest);
