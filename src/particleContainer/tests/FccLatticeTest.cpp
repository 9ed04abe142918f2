// FccLatticeTest: the LJ FCC lattice at rho* = 0.8442, rc = 2.5 sigma, truncated and unshifted,
// without long-range correction: U/N = -6.7733681 and, at T* = 1.44 exactly, p* = -5.0197073.
#include "Simulation.h"
#include "particleContainer/tests/FccConfig.h"

#include <cppunit/extensions/HelperMacros.h>

#include <iomanip>
#include <iostream>

using namespace mardyn;

/// The reference p* = -5.0197073 is LAMMPS' in.lj system (N = 32000) whose temperature counts
/// 3N - 3 degrees of freedom: sum m v^2 = (3N - 3) 1.44. The pressure check uses that system; the
/// energy check runs on smaller lattices too (a perfect lattice gives the same U/N for any n).
class FccLatticeTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(FccLatticeTest);
  CPPUNIT_TEST(energySmallLattices);
  CPPUNIT_TEST(pressureInLjSystem);
  CPPUNIT_TEST(pressureInLjSystemLegacy);
  CPPUNIT_TEST_SUITE_END();

 public:
  static GlobalValues stepZero(int n, bool legacy, int cellsInCutoff, bool momentumDof) {
    SimulationConfig cfg = testing::fccConfig(n, 0.8442, 2.5, 1.44, false, 42, momentumDof);
    cfg.legacyCellProcessor = legacy;
    cfg.cellsInCutoffRadius = cellsInCutoff;
    Simulation sim(cfg);
    sim.prepare();
    const GlobalValues g = sim.globals();
    std::cout << std::setprecision(10) << "\n  " << (legacy ? "legacy" : "vectorized") << " cells/rc="
              << cellsInCutoff << " N=" << g.numMolecules << ": U/N = " << g.uPot / g.numMolecules
              << "  T = " << g.temperature << "  p = " << g.pressure;
    CPPUNIT_ASSERT_EQUAL(static_cast<unsigned long>(4 * n * n * n), g.numMolecules);
    return g;
  }

  void energySmallLattices() {
    for (int cells = 1; cells <= 2; ++cells) {
      for (int legacy = 0; legacy < 2; ++legacy) {
        const GlobalValues g = stepZero(5 + cells, legacy, cells, false);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(-6.7733681, g.uPot / g.numMolecules, 1e-7);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(1.44, g.temperature, 1e-12);
      }
    }
  }

  static void pressure(bool legacy) {
    const GlobalValues g = stepZero(20, legacy, 1, true);
    const double n = static_cast<double>(g.numMolecules);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(-6.7733681, g.uPot / n, 1e-7);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1.44 * (n - 1) / n, g.temperature, 1e-12);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(-5.0197073, g.pressure, 1e-7);
  }

  void pressureInLjSystem() { pressure(false); }
  void pressureInLjSystemLegacy() { pressure(true); }
};

CPPUNIT_TEST_SUITE_REGISTRATION(FccLatticeTest);
