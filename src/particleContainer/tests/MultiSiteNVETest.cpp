// MultiSiteNVETest: short microcanonical runs of the three multi-site model classes (2CLJQ,
// Stockmayer-like dipolar, four-site water-like with charges) with the smooth cutoff switch: the
// total energy stays constant and its fluctuation shrinks with the square of the time step. The
// 10^4-step runs (and plain truncation for comparison) are in validation/multisite.
#include "particleContainer/tests/MultiSiteModels.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdio>

using namespace mardyn;
using namespace mardyn::testing;

class MultiSiteNVETest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(MultiSiteNVETest);
  CPPUNIT_TEST(twoCentreQuadrupole);
  CPPUNIT_TEST(dipolar);
  CPPUNIT_TEST(waterLike);
  CPPUNIT_TEST_SUITE_END();

  static void check(const std::string& model, unsigned cells, unsigned long nvt, unsigned long nve) {
    const SimulationConfig cfg = multiSiteModel(model, cells);
    const double dt = cfg.timestep;
    const double w = 0.5;  // smooth cutoff switch: plain truncation makes E jump at every cutoff crossing
    const auto e1 = nveEnergies(cfg, nvt, nve, dt, w);
    const auto e2 = nveEnergies(cfg, nvt, 2 * nve, 0.5 * dt, w);
    double d1, f1, d2, f2;
    driftAndFluctuation(e1, d1, f1);
    driftAndFluctuation(e2, d2, f2);
    const double scale = std::fabs(e1.front());
    std::printf("\n  %-8s N=%u |E|=%.4g  dt: drift %.2e rms %.2e   dt/2: drift %.2e rms %.2e  ratio %.2f ",
                model.c_str(), 4 * cells * cells * cells, scale, d1 / scale, f1 / scale, d2 / scale, f2 / scale,
                f1 / f2);
    // 300 steps from a barely equilibrated start: a margin over the 1e-4 of the 10^4-step runs
    // (validation/multisite), still far below plain truncation (3e-4 .. 4e-3 here).
    CPPUNIT_ASSERT(std::fabs(d1) < 2e-4 * scale);
    CPPUNIT_ASSERT(std::fabs(d2) < 2e-4 * scale);
    CPPUNIT_ASSERT(f1 / f2 > 2.5 && f1 / f2 < 6.0);
  }

 public:
  void twoCentreQuadrupole() { check("2CLJQ", 3, 100, 300); }
  void dipolar() { check("dipolar", 3, 100, 300); }
  void waterLike() { check("water", 3, 100, 300); }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MultiSiteNVETest);
