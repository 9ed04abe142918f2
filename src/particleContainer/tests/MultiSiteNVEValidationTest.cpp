// MultiSiteNVEValidationTest: the long NVE runs of validation/multisite (10^4 steps per model class,
// with half the time step over the same time, with and without the smooth cutoff switch). Runs only
// with MARDYN_VALIDATION=1 (validation/multisite/run.sh sets it); under ctest it reports a skip.
#include "particleContainer/tests/MultiSiteModels.h"

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace mardyn;
using namespace mardyn::testing;

class MultiSiteNVEValidationTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(MultiSiteNVEValidationTest);
  CPPUNIT_TEST(twoCentreQuadrupole);
  CPPUNIT_TEST(dipolar);
  CPPUNIT_TEST(waterLike);
  CPPUNIT_TEST_SUITE_END();

  static bool enabled() {
    const char* v = std::getenv("MARDYN_VALIDATION");
    if (v && std::string(v) == "1") return true;
    std::printf("\n  skipped: long run, set MARDYN_VALIDATION=1 (validation/multisite/run.sh) ");
    return false;
  }

  static unsigned long steps() {
    const char* v = std::getenv("MARDYN_VALIDATION_STEPS");
    return v ? std::strtoul(v, nullptr, 10) : 10000;
  }

  static void run(const std::string& model) {
    if (!enabled()) return;
    const unsigned cells = 4;
    const unsigned long n = steps(), nvt = 1000;
    SimulationConfig cfg = multiSiteModel(model, cells);
    // ls1's rotational leapfrog drifts like dt^3 per unit time for the light, stiff water-like top:
    // 2.4e-3 abs(E) per 10^4 steps at dt = 0.0006 (1 fs); 0.00025 (0.42 fs) keeps it below 1e-4.
    if (model == "water") cfg.timestep = 0.00025;
    const double dt = cfg.timestep, w = 0.5;
    const auto t0 = std::chrono::steady_clock::now();
    const auto e1 = nveEnergies(cfg, nvt, n, dt, w);
    const auto e2 = nveEnergies(cfg, nvt, 2 * n, 0.5 * dt, w);
    const auto e0 = nveEnergies(cfg, nvt, n, dt, 0.0);  // plain truncation (ls1)
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    double d1, f1, d2, f2, d0, f0;
    driftAndFluctuation(e1, d1, f1);
    driftAndFluctuation(e2, d2, f2);
    driftAndFluctuation(e0, d0, f0);
    const double s = std::fabs(e1.front());
    std::printf("\n| %-6s | %u | %lu | %.4g | %.2e | %.2e | %.2e | %.2e | %.2f | %.2e | %.2e | %.0f s |", model.c_str(),
                4 * cells * cells * cells, n, dt, s, std::fabs(d1) / s, f1 / s, std::fabs(d2) / s, f1 / f2,
                std::fabs(d0) / s, f0 / s, secs);
    // Acceptance (switched runs): drift per 10^4 steps below 1e-4 |E|; halving dt cuts the RMS ~4x.
    CPPUNIT_ASSERT(std::fabs(d1) * (10000.0 / n) < 1e-4 * s);
    CPPUNIT_ASSERT(f1 / f2 > 3.0 && f1 / f2 < 5.5);
  }

 public:
  void twoCentreQuadrupole() { run("2CLJQ"); }
  void dipolar() { run("dipolar"); }
  void waterLike() { run("water"); }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MultiSiteNVEValidationTest);
