// VerletListSimulationTest: whole runs with the Verlet list (the default for single-centre LJ) against
// the same runs with the single-centre cell processor: the example inputs and a hot NVT system.
#include "Simulation.h"
#include "io/XmlConfigReader.h"
#include "particleContainer/CellProcessorFactory.h"
#include "particleContainer/tests/FccConfig.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>
#include <iostream>

using namespace mardyn;

class VerletListSimulationTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(VerletListSimulationTest);
  CPPUNIT_TEST(exampleInputs);
  CPPUNIT_TEST(hotNvtRun);
  CPPUNIT_TEST(containerCutoff);
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
      const SimulationConfig cfg = XmlConfigReader::read(dir + "/input/" + name + "/config.xml");
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
