// VerletListSimulationTest: whole runs with the Verlet list (the default for single-centre LJ) against
// the same runs with the single-centre cell processor: the example inputs and a hot NVT system.
#include "Simulation.h"
#include "ConfigurationReader.h"
#include "particleContainer/CellProcessorFactory.h"
#include "particleContainer/tests/FccConfig.h"
#include "plugins/MaxCheck.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <cstdlib>
#include <iostream>

using namespace mardyn;

class VerletListSimulationTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(VerletListSimulationTest);
  CPPUNIT_TEST(exampleInputs);
  CPPUNIT_TEST(hotNvtRun);
  CPPUNIT_TEST(containerCutoff);
  CPPUNIT_TEST(haloFollowsBetweenBuilds);
  CPPUNIT_TEST_SUITE_END();

  struct Trace {
    std::vector<double> u, p, t;
    std::vector<Molecule> final;
  };

  static Trace run(SimulationConfig cfg, double skin, unsigned long steps) {
    cfg.verletSkin = skin;
    cfg.quiet = true;
    Simulation sim(cfg);
    sim.prepare();
    Trace tr;
    for (unsigned long s = 0;; ++s) {
      tr.u.push_back(sim.globals().uPot);
      tr.p.push_back(sim.globals().pressure);
      tr.t.push_back(sim.globals().temperature);
      if (s == steps) break;
      sim.step();
    }
    tr.final = sim.gatherMolecules();
    return tr;
  }

  /// Largest relative deviation of U_pot, p and T over the steps up to `upTo`; largest |dr| at the end.
  static void compare(const SimulationConfig& cfg, unsigned long steps, double tolerance, const std::string& label) {
    const Trace list = run(cfg, -1.0, steps);
    const Trace cells = run(cfg, 0.0, steps);
    double dev0 = 0.0, dev = 0.0, dr = 0.0;
    for (std::size_t s = 0; s < list.u.size(); ++s) {
      const double d = std::max({std::abs(list.u[s] - cells.u[s]) / std::abs(cells.u[s]),
                                 std::abs(list.p[s] - cells.p[s]) / std::abs(cells.p[s]),
                                 std::abs(list.t[s] - cells.t[s]) / std::abs(cells.t[s])});
      if (s == 0) dev0 = d;
      dev = std::max(dev, d);
    }
    CPPUNIT_ASSERT_EQUAL(cells.final.size(), list.final.size());
    for (std::size_t i = 0; i < list.final.size(); ++i) {
      CPPUNIT_ASSERT_EQUAL(cells.final[i].id(), list.final[i].id());
      dr = std::max(dr, norm(list.final[i].r() - cells.final[i].r()));
    }
    std::cout << "\n  " << label << ": step 0 rel. dev. of U_pot, p, T = " << dev0 << ", over " << steps
              << " steps = " << dev << ", final max |dr| = " << dr;
    CPPUNIT_ASSERT(dev0 <= 1e-12);
    CPPUNIT_ASSERT(dev <= tolerance);
    CPPUNIT_ASSERT(dr <= tolerance);
  }

 public:
  void exampleInputs() {
    const char* root = std::getenv("MARDYN_SOURCE_DIR");
    const std::string dir = root ? root : ".";  // ctest sets MARDYN_SOURCE_DIR
    for (const char* name : {"lj-fcc", "lj-restart"}) {
      const SimulationConfig cfg = ConfigurationReader::read(dir + "/input/" + name + "/config.xml");
      compare(cfg, 40, 1e-10, name);
    }
  }

  /// NVT (velocity scaling changes velocities every step) at a high temperature: many list builds,
  /// molecules crossing the periodic faces.
  void hotNvtRun() {
    SimulationConfig cfg = testing::fccConfig(6, 0.75, 2.5, 2.5, false, 7);
    cfg.ensemble = SimulationConfig::Ensemble::NVT;
    cfg.longRange = SimulationConfig::LongRange::Homogeneous;
    compare(cfg, 150, 1e-9, "hot NVT");
  }

  /// Between list builds only the halo copies' positions follow their originals (no re-sort, wrap or new
  /// copies): the same trajectory as exchanging molecules at every step; positions handed to outputs lie
  /// in the box although molecules crossed its faces unwrapped; runs with a plugin that acts on the
  /// molecules between exchanges exchange at every step.
  void haloFollowsBetweenBuilds() {
    SimulationConfig cfg = testing::fccConfig(6, 0.75, 2.5, 2.5, false, 11);
    cfg.quiet = true;
    SimulationConfig full = cfg;
    full.fullExchange = true;
    const unsigned long steps = 80;
    auto runFor = [&](const SimulationConfig& c, Trace& tr, unsigned long& refreshes, unsigned long& exchanges) {
      Simulation sim(c);
      sim.prepare();
      for (unsigned long s = 0; s < steps; ++s) {
        sim.step();
        tr.u.push_back(sim.globals().uPot);
        tr.p.push_back(sim.globals().pressure);
        tr.t.push_back(sim.globals().temperature);
        // Mid-run, as outputs see them: every molecule inside the box.
        for (const Molecule& m : sim.gatherMolecules())
          for (int d = 0; d < 3; ++d) CPPUNIT_ASSERT(m.r()[d] >= 0.0 && m.r()[d] < c.box[d]);
      }
      tr.final = sim.gatherMolecules();
      refreshes = sim.haloRefreshes();
      exchanges = sim.fullExchanges();
    };
    Trace follow, every;
    unsigned long refreshes = 0, exchanges = 0, refreshesFull = 0, exchangesFull = 0;
    runFor(cfg, follow, refreshes, exchanges);
    runFor(full, every, refreshesFull, exchangesFull);
    double dev = 0.0, dr = 0.0;
    for (std::size_t s = 0; s < follow.u.size(); ++s)
      dev = std::max({dev, std::abs(follow.u[s] - every.u[s]) / std::abs(every.u[s]),
                      std::abs(follow.p[s] - every.p[s]) / std::abs(every.p[s]),
                      std::abs(follow.t[s] - every.t[s]) / std::abs(every.t[s])});
    CPPUNIT_ASSERT_EQUAL(every.final.size(), follow.final.size());
    for (std::size_t i = 0; i < follow.final.size(); ++i) {
      CPPUNIT_ASSERT_EQUAL(every.final[i].id(), follow.final[i].id());
      Vec3 d = follow.final[i].r() - every.final[i].r();
      for (int k = 0; k < 3; ++k) d[k] -= cfg.box[k] * std::round(d[k] / cfg.box[k]);  // wrapped on either side
      dr = std::max(dr, norm(d));
    }
    std::cout << "\n  positions-only halo: " << refreshes << " of " << refreshes + exchanges
              << " exchanges; against an exchange at every step: max rel. dev. " << dev << ", final max |dr| " << dr;
    CPPUNIT_ASSERT(dev <= 1e-10);
    CPPUNIT_ASSERT(dr <= 1e-10);
    CPPUNIT_ASSERT(refreshes >= steps / 2);
    CPPUNIT_ASSERT(exchanges >= 3);  // hot: the list is built again several times
    CPPUNIT_ASSERT_EQUAL(steps + 1, refreshes + exchanges);
    CPPUNIT_ASSERT_EQUAL(0ul, refreshesFull);
    // A plugin that changes molecules on the host (here MaxCheck) needs the full exchange at every step.
    SimulationConfig withPlugin = cfg;
    withPlugin.addPhysicsPlugin("MaxCheck", std::make_shared<MaxCheckConfig>());
    Simulation sim(withPlugin);
    sim.prepare();
    for (int s = 0; s < 5; ++s) sim.step();
    CPPUNIT_ASSERT_EQUAL(0ul, sim.haloRefreshes());
    CPPUNIT_ASSERT_EQUAL(6ul, sim.fullExchanges());
  }

  void containerCutoff() {
    SimulationConfig cfg = testing::fccConfig(5, 0.8442, 2.5, 1.0, false);
    {
      Simulation sim(cfg);
      CPPUNIT_ASSERT_DOUBLES_EQUAL(2.5 + CellProcessorFactory::defaultSkin(2.5), sim.container().cutoff(), 1e-15);
    }
    {
      // A decorator replaces the traversal (a device): no CPU list, but cells of cutoff + skin, which the
      // device keeps while no molecule moved half the skin.
      Simulation sim(cfg);
      sim.setContainerDecorator([](std::unique_ptr<LinkedCells> lc) -> std::unique_ptr<ParticleContainer> { return lc; });
      CPPUNIT_ASSERT_DOUBLES_EQUAL(2.5 + CellProcessorFactory::defaultSkin(2.5), sim.container().cutoff(), 1e-15);
    }
    cfg.verletSkin = 0.0;
    Simulation sim(cfg);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(2.5, sim.container().cutoff(), 1e-15);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(VerletListSimulationTest);
