// FccLatticeTest: the LJ FCC lattice at rho* = 0.8442, rc = 2.5 sigma, truncated and unshifted,
// without long-range correction: U/N = -6.7733681 and, at T* = 1.44 exactly, p* = -5.0197073.
#include "Simulation.h"
#include "particleContainer/tests/FccConfig.h"

#include <cppunit/extensions/HelperMacros.h>

#include <iomanip>
#include <iostream>

using namespace mardyn;

class FccLatticeTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(FccLatticeTest);
  CPPUNIT_TEST(energyAndPressureVectorized);
  CPPUNIT_TEST(energyAndPressureLegacy);
  CPPUNIT_TEST(twoCellsPerCutoff);
  CPPUNIT_TEST_SUITE_END();

 public:
  static void check(bool legacy, int cellsInCutoff, int n) {
    SimulationConfig cfg = testing::fccConfig(n, 0.8442, 2.5, 1.44, false);
    cfg.legacyCellProcessor = legacy;
    cfg.cellsInCutoffRadius = cellsInCutoff;
    Simulation sim(cfg);
    sim.prepare();
    const GlobalValues& g = sim.globals();
    const double uPerN = g.uPot / g.numMolecules;
    std::cout << std::setprecision(10) << "\n  " << (legacy ? "legacy" : "vectorized") << " cells/rc="
              << cellsInCutoff << " N=" << g.numMolecules << ": U/N = " << uPerN << "  T = " << g.temperature
              << "  p = " << g.pressure;
    CPPUNIT_ASSERT_EQUAL(static_cast<unsigned long>(4 * n * n * n), g.numMolecules);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1.44, g.temperature, 1e-12);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(-6.7733681, uPerN, 1e-7);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(-5.0197073, g.pressure, 1e-7);
  }

  void energyAndPressureVectorized() { check(false, 1, 6); }
  void energyAndPressureLegacy() { check(true, 1, 5); }
  void twoCellsPerCutoff() { check(false, 2, 7); }
};

CPPUNIT_TEST_SUITE_REGISTRATION(FccLatticeTest);
