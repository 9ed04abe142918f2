// PosNegCompTest: ls1's PosNegComp: between the planes, molecules moving in +y take component `pos`, the
// others `neg`; outside the planes (and on them) and of the ignored component nothing changes; positions,
// velocities and the number of molecules are kept; a run whose time step lives on a device refuses it.
#include "io/tests/IoTestFiles.h"
#include "particleContainer/LinkedCells.h"
#include "particleContainer/tests/FccConfig.h"
#include "plugins/DistControl.h"
#include "plugins/PosNegComp.h"
#include "ResidentTimeStep.h"
#include "Simulation.h"

#include <cppunit/extensions/HelperMacros.h>

#include <map>

using namespace mardyn;
using namespace mardyn::iotest;

class PosNegCompTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(PosNegCompTest);
  CPPUNIT_TEST(switchesBetweenThePlanes);
  CPPUNIT_TEST(relabellingKeepsTheDynamics);
  CPPUNIT_TEST(readFromXml);
  CPPUNIT_TEST(gpuTimeStepRefusesIt);
  CPPUNIT_TEST_SUITE_END();

 public:
  void switchesBetweenThePlanes() {
    std::vector<Component> comps;
    for (unsigned k = 0; k < 4; ++k) {
      comps.emplace_back(k, "C" + std::to_string(k + 1));
      comps.back().addLJCenter({{0, 0, 0}, 1.0, 1.0, 1.0, false});
    }
    PosNegCompConfig c;
    c.pos = 2;
    c.neg = 3;
    c.ignore = 4;
    c.left = 5;
    c.right = 15;
    LinkedCells lc({0, 0, 0}, {10, 20, 10}, 2.5, 1);
    // id -> (y, v_y, component before, component expected after; 0-based)
    const std::map<unsigned long, std::array<double, 4>> cases = {
        {1, {3.0, 1.0, 0, 0}},    // below the left plane
        {2, {5.0, 1.0, 0, 0}},    // on it: left < y is strict
        {3, {6.0, 0.5, 0, 1}},    // moving up: pos
        {4, {6.0, -0.5, 0, 2}},   // moving down: neg
        {5, {14.0, 0.0, 1, 2}},   // at rest counts as down, whatever it was
        {6, {10.0, 0.7, 2, 1}},   // neg moving up becomes pos
        {7, {10.0, 0.7, 3, 3}},   // the ignored component
        {8, {15.0, -1.0, 0, 0}},  // on the right plane
    };
    for (const auto& [id, c8] : cases)
      lc.addParticle(Molecule(id, &comps[static_cast<unsigned>(c8[2])], {5, c8[0], 5}, {0.1, c8[1], 0.2}));
    lc.update();
    PosNegComp(c, comps).apply(lc);
    std::size_t n = 0;
    lc.forEach([&](const Molecule& m) {
      const auto& c8 = cases.at(m.id());
      CPPUNIT_ASSERT_EQUAL(static_cast<unsigned>(c8[3]), m.componentId());
      CPPUNIT_ASSERT_EQUAL(c8[0], m.r().y);
      CPPUNIT_ASSERT_EQUAL(c8[1], m.v().y);
      ++n;
    });
    CPPUNIT_ASSERT_EQUAL(cases.size(), n);
  }

  /// Two identical components: a run whose molecules PosNegComp relabels by the sign of v_y every step follows
  /// exactly the run without it (same U_pot, T and positions), and both labels are in use; DistControl in the
  /// same run writes its start values (init values) at step 0 and a line at its update step 2.
  void relabellingKeepsTheDynamics() {
    TempDir dir;
    auto config = [&](bool plugins) {
      SimulationConfig cfg = testing::fccConfig(4, 0.8, 2.5, 1.0, false);
      cfg.components.push_back(cfg.components[0]);
      cfg.components.back() = Component(1, "LJ2");
      cfg.components.back().addLJCenter(LJCenter{{0, 0, 0}, 1.0, 1.0, 1.0, false});
      cfg.finalCheckpoint = false;
      cfg.quiet = true;
      if (plugins) {
        PosNegCompConfig p;
        p.pos = 2;
        p.neg = 1;
        p.left = -1;
        p.right = 1e9;
        cfg.addPhysicsPlugin("PosNegComp", std::make_shared<PosNegCompConfig>(p));
        DistControlConfig dc;
        dc.bins = 8;
        dc.update = 2;
        dc.init = DistControlConfig::Init::Values;
        dc.left = 1.5;
        dc.right = 2.5;
        dc.logFile = dir.file("dc.dat");
        cfg.addPhysicsPlugin("DistControl", std::make_shared<DistControlConfig>(dc));
      }
      return cfg;
    };
    Simulation with(config(true)), without(config(false));
    with.prepare();
    without.prepare();
    for (int s = 0; s < 3; ++s) {
      with.step();
      without.step();
      CPPUNIT_ASSERT_DOUBLES_EQUAL(without.globals().uPot, with.globals().uPot, 1e-12 * std::abs(without.globals().uPot));
      CPPUNIT_ASSERT_DOUBLES_EQUAL(without.globals().temperature, with.globals().temperature, 1e-12);
    }
    auto a = with.gatherMolecules(), b = without.gatherMolecules();
    CPPUNIT_ASSERT_EQUAL(b.size(), a.size());
    std::map<unsigned long, Vec3> rb;
    for (const auto& m : b) rb[m.id()] = m.r();
    std::size_t second = 0;
    for (const auto& m : a) {
      CPPUNIT_ASSERT(norm2(m.r() - rb.at(m.id())) < 1e-20);
      second += m.componentId() == 1;
    }
    CPPUNIT_ASSERT(second > 0 && second < a.size());
    const std::string log = readFile(dir.file("dc.dat"));
    CPPUNIT_ASSERT_MESSAGE(log, log.find("                   0   1.500000000000000e+00   2.500000000000000e+00") != std::string::npos);
    CPPUNIT_ASSERT_MESSAGE(log, log.find("\n                   2 ") != std::string::npos);
    CPPUNIT_ASSERT_MESSAGE(log, log.find("\n                   3 ") == std::string::npos);
  }

  void readFromXml() {
    TempDir dir;
    writeFile(dir.file("phase.inp"), validPhaseSpace());
    const std::string p = "<plugin name=\"PosNegComp\"><cid_ub><pos>2</pos><neg>1</neg></cid_ub>"
                          "<limit_y><left>2</left><right>9</right></limit_y></plugin>";
    const SimulationConfig cfg =
        ConfigurationReader::read(writeFile(dir.file("config.xml"), replaced(validConfig(), "</output>", "</output>" + p)));
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), cfg.physicsPluginsNamed("PosNegComp").size());
    const auto& pn = cfg.physicsPluginsNamed("PosNegComp")[0]->as<PosNegCompConfig>();
    CPPUNIT_ASSERT_EQUAL(2u, pn.pos);
    CPPUNIT_ASSERT_EQUAL(1u, pn.neg);
    CPPUNIT_ASSERT_EQUAL(0u, pn.ignore);
    CPPUNIT_ASSERT_EQUAL(9.0, pn.right);
    const std::string e =
        readError(dir, replaced(validConfig(), "</output>", "</output>" + replaced(p, "<pos>2</pos>", "<pos>3</pos>")), "").what();
    CPPUNIT_ASSERT_MESSAGE(e, e.find("unknown component 3 in cid_ub/pos") != std::string::npos);
  }

  class DeviceStep : public LinkedCells, public ResidentTimeStep {
   public:
    using LinkedCells::LinkedCells;
    void preForces(double) override {}
    void exchange(DomainDecompBase&, const Domain&) override {}
    void computeForces() override {}
    void postForces(double, bool, KineticSums&) override {}
    void scaleVelocities(const std::vector<double>&, const std::vector<double>&) override {}
    void setForceLimits(const std::vector<double>&, const std::vector<double>&) override {}
    std::uint64_t transferredBytes() const override { return 0; }
    std::string summary(unsigned long) const override { return {}; }
  };

  void gpuTimeStepRefusesIt() {
    for (int which = 0; which < 2; ++which) {
      SimulationConfig cfg = testing::fccConfig(4, 0.8, 2.5, 1.0, false);
      if (which == 0) {
        cfg.addPhysicsPlugin("PosNegComp", std::make_shared<PosNegCompConfig>());
      } else {
        DistControlConfig dc;
        dc.bins = 20;
        cfg.addPhysicsPlugin("DistControl", std::make_shared<DistControlConfig>(dc));
      }
      Simulation sim(cfg);
      sim.setContainerDecorator([](std::unique_ptr<LinkedCells> lc) -> std::unique_ptr<ParticleContainer> {
        return std::make_unique<DeviceStep>(lc->boundingBoxMin(), lc->boundingBoxMax(), lc->cutoff(), 1);
      });
      try {
        sim.prepare();
        CPPUNIT_FAIL("expected the GPU time step to refuse the plugin");
      } catch (const MardynException& e) {
        CPPUNIT_ASSERT(std::string(e.what()).find(which == 0 ? "PosNegComp" : "DistControl") != std::string::npos);
      }
    }
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PosNegCompTest);
