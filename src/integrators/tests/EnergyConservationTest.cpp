// EnergyConservationTest: short NVE runs of the whole Simulation loop (LJ liquid, and rigid
// two-centre LJ molecules with rotation) conserve total energy; the NVT thermostat holds T.
#include "Simulation.h"
#include "particleContainer/tests/FccConfig.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <iostream>
#include <random>
#include <vector>

using namespace mardyn;

class EnergyConservationTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(EnergyConservationTest);
  CPPUNIT_TEST(ljLiquidShifted);
  CPPUNIT_TEST(ljLiquidTruncatedLegacy);
  CPPUNIT_TEST(rigidTwoCentre);
  CPPUNIT_TEST(thermostatHoldsTemperature);
  CPPUNIT_TEST_SUITE_END();

 public:
  struct Drift {
    double drift;  ///< |<E> of the last tenth - <E> of the first tenth| / N
    double rms;    ///< RMS deviation of E from its mean / N
  };

  static Drift run(SimulationConfig cfg, unsigned long steps, const char* label) {
    Simulation sim(std::move(cfg));
    sim.prepare();
    std::vector<double> e;
    auto total = [&sim] {
      const GlobalValues& g = sim.globals();
      return g.uPot + g.uKinTrans + g.uKinRot;
    };
    e.push_back(total());
    for (unsigned long s = 0; s < steps; ++s) {
      sim.step();
      e.push_back(total());
    }
    const double n = static_cast<double>(sim.globals().numMolecules);
    const std::size_t w = e.size() / 10;
    double first = 0.0, last = 0.0, mean = 0.0, var = 0.0;
    for (std::size_t i = 0; i < w; ++i) {
      first += e[i] / w;
      last += e[e.size() - 1 - i] / w;
    }
    for (double x : e) mean += x / e.size();
    for (double x : e) var += (x - mean) * (x - mean) / e.size();
    const Drift d{std::abs(last - first) / n, std::sqrt(var) / n};
    std::cout << "\n  " << label << ": N=" << n << " steps=" << steps << " E/N=" << mean / n
              << " drift/N=" << d.drift << " rms/N=" << d.rms << " T_end=" << sim.globals().temperature;
    return d;
  }

  /// Verlet's energy error is bounded and of second order: halving dt cuts the fluctuation about 4x
  /// (somewhat more here, since the force jump at the cutoff adds a first-order part).
  void ljLiquidShifted() {
    SimulationConfig cfg = testing::fccConfig(4, 0.8442, 2.5, 1.44, true);
    const Drift coarse = run(cfg, 2000, "LJ liquid, shifted, dt=0.005");
    cfg.timestep = 0.0025;
    const Drift fine = run(cfg, 4000, "LJ liquid, shifted, dt=0.0025");
    std::cout << "  rms ratio " << coarse.rms / fine.rms;
    CPPUNIT_ASSERT(coarse.rms < 3e-4);
    CPPUNIT_ASSERT(coarse.drift < 3e-4);
    CPPUNIT_ASSERT(fine.drift < 5e-5);
    CPPUNIT_ASSERT(coarse.rms / fine.rms > 2.5 && coarse.rms / fine.rms < 15.0);
  }

  void ljLiquidTruncatedLegacy() {
    SimulationConfig cfg = testing::fccConfig(4, 0.8442, 2.5, 1.44, false);
    cfg.legacyCellProcessor = true;
    const Drift d = run(cfg, 1000, "LJ liquid, truncated, legacy, dt=0.005");
    CPPUNIT_ASSERT(d.drift < 1e-3);
    CPPUNIT_ASSERT(d.rms < 5e-3);
  }

  /// Linear two-centre LJ molecules (I = (I, I, 0)) on an FCC lattice with random orientations and
  /// thermal angular momenta perpendicular to the axis. With a centre-of-mass cutoff the site-site
  /// energy jumps when a molecule pair crosses it (as in ls1); a dilute gas with a long cutoff
  /// keeps those jumps far below the integrator's error, which is what the test looks at.
  static SimulationConfig twoCentreConfig() {
    SimulationConfig cfg = testing::fccConfig(4, 0.2, 4.5, 2.0, true);
    Component c(0, "2CLJ");
    const double half = 0.25;
    c.addLJCenter(LJCenter{{0, 0, -half}, 0.5, 1.0, 1.0, true});
    c.addLJCenter(LJCenter{{0, 0, half}, 0.5, 1.0, 1.0, true});
    const double I = 2 * 0.5 * half * half;
    c.setMomentsOfInertia({I, I, 0.0});
    cfg.components.clear();
    cfg.components.push_back(c);
    std::mt19937_64 rng(7);
    std::normal_distribution<double> g(0.0, 1.0);
    for (auto& rec : cfg.molecules) {
      Quaternion q(g(rng), g(rng), g(rng), g(rng));
      q.normalize();
      rec.q = q;
      const Vec3 Lbody{g(rng) * std::sqrt(I * 2.0), g(rng) * std::sqrt(I * 2.0), 0.0};
      rec.L = q.rotateInv(Lbody);
    }
    cfg.timestep = 0.002;
    return cfg;
  }

  void rigidTwoCentre() {
    SimulationConfig cfg = twoCentreConfig();
    const Drift coarse = run(cfg, 1000, "rigid 2CLJ, shifted, dt=0.002");
    cfg.timestep = 0.001;
    const Drift fine = run(cfg, 2000, "rigid 2CLJ, shifted, dt=0.001");
    std::cout << "  rms ratio " << coarse.rms / fine.rms;
    CPPUNIT_ASSERT(coarse.rms < 1e-3);
    // The rotational half-step scheme drifts slowly at second order (about 5e-4 and 1.5e-4 per
    // molecule here, |E|/N = 2.5, at rotation angles of 0.014 and 0.007 rad per step).
    CPPUNIT_ASSERT(fine.drift < 3e-4);
    CPPUNIT_ASSERT(coarse.drift / fine.drift > 2.0);
    CPPUNIT_ASSERT(coarse.rms / fine.rms > 2.5 && coarse.rms / fine.rms < 15.0);
  }

  void thermostatHoldsTemperature() {
    SimulationConfig cfg = twoCentreConfig();
    cfg.ensemble = SimulationConfig::Ensemble::NVT;
    cfg.temperature = 1.5;
    Simulation sim(cfg);
    sim.prepare();
    double mean = 0.0;
    const int steps = 300;
    for (int s = 0; s < steps; ++s) {
      sim.step();
      if (s >= 100) mean += sim.globals().temperature / (steps - 100);
    }
    std::cout << "\n  NVT velocity scaling, target 1.5: <T> = " << mean << ", last beta_trans = "
              << sim.globals().betaTrans << ", beta_rot = " << sim.globals().betaRot;
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1.5, mean, 0.01);
    CPPUNIT_ASSERT(sim.globals().betaRot != 1.0);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(EnergyConservationTest);
