// Tests of the physics plugins with the time step on the device, against the same runs on the CPU: each
// plugin that runs on the device (TemperatureControl, the planar correction, MaxCheck, WallPotential,
// Mirror, DriftCtrl, COMaligner, PosNegComp with DistControl) gives every printed digit of the CPU's step
// lines in double precision over 20 steps and stays within 1e-5 in mixed; those through the host
// (MettDeamon inserting molecules, a Meland mirror, MaxCheck removing molecules) give the CPU's lines and
// carry only their region's molecules; COMPARE_TO_CPU checks the plugins' hooks and names them.
#include "Simulation.h"
#include "PlanarLongRange.h"
#include "gpu/GpuDecoratorFactory.h"
#include "io/StepLineWriter.h"
#include "particleContainer/tests/FccConfig.h"
#include "plugins/COMaligner.h"
#include "plugins/DistControl.h"
#include "plugins/DriftCtrl.h"
#include "plugins/MaxCheck.h"
#include "plugins/MettDeamon.h"
#include "plugins/Mirror.h"
#include "plugins/PosNegComp.h"
#include "plugins/WallPotential.h"
#include "tests/TestSkip.h"

#include "compute/ComputeBackends.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <iostream>
#include <sstream>
#include <stdexcept>

using namespace mardyn;

namespace {

std::string deviceBackend() {
  const auto registry = compute::availableBackends();
  for (const auto& backend : registry.names()) {
    const auto list = registry.devices(backend);
    if (!list.devices.empty() && list.devices.front().supportsDouble) return backend;
  }
  return "";
}

struct Run {
  std::vector<std::string> lines;
  std::vector<GlobalValues> values;
  std::string startup, summary, log;
};

Run run(SimulationConfig cfg, unsigned long steps, const std::string& backend = "", const std::string& precision = "",
        bool compare = false) {
  cfg.quiet = true;
  std::ostringstream log;  // the decorator writes to it as long as the simulation lives
  Simulation sim(cfg);
  if (!backend.empty()) {
    cfg.gpu.enabled = true;
    cfg.gpu.backend = backend;
    cfg.gpu.precision = precision;
    cfg.gpu.cellProcessor = "verletList";
    if (compare) cfg.gpu.options["compareToCpu"] = "1";
    sim.setContainerDecorator(gpu::makeGpuDecorator(cfg, log));
  }
  Run r;
  r.startup = sim.startupLine();
  sim.prepare();
  for (unsigned long s = 0;; ++s) {
    r.lines.push_back(StepLineWriter::formatLine(s, sim.globals(), cfg.refUnits));
    r.values.push_back(sim.globals());
    if (s == steps) break;
    sim.step();
  }
  r.log = log.str();
  return r;
}

/// 500 molecules (5^3 FCC cells) of a dense LJ liquid, box 8.94; a second component of the same LJ centre,
/// 1.5 times as heavy (what PosNegComp relabels to changes the dynamics).
SimulationConfig liquid() {
  SimulationConfig cfg = testing::fccConfig(5, 0.7, 2.5, 1.0, false, 7);
  cfg.components.push_back(Component(1, "LJ2"));
  cfg.components.back().addLJCenter(LJCenter{{0, 0, 0}, 1.5, 1.0, 1.0, false});
  return cfg;
}

/// One configuration per device plugin (name, configuration).
std::vector<std::pair<std::string, SimulationConfig>> devicePlugins() {
  std::vector<std::pair<std::string, SimulationConfig>> list;
  const SimulationConfig base = liquid();
  const Vec3 L = base.box;
  {
    SimulationConfig c = base;
    TemperatureControlRegion r;
    r.lower = {0, 1.0, 0};
    r.upper = L;
    r.upper.y = L.y - 1.0;
    r.temperature = 1.6;
    r.numSlabs = 4;
    r.exponent = 0.4;
    r.directions = {true, true, false};
    c.temperatureControl.enabled = true;
    c.temperatureControl.regions = {r};
    list.emplace_back("TemperatureControl", c);
  }
  {
    SimulationConfig c = base;
    c.longRange = SimulationConfig::LongRange::Planar;
    c.planar.slabs = 20;
    c.planar.frequency = 3;
    list.emplace_back("planar", c);
  }
  {
    SimulationConfig c = base;
    MaxCheckConfig m;
    m.frequency = 2;
    m.upper = L;
    m.targets[1] = {1, 20.0, 1.3, -1, -1};
    c.addPhysicsPlugin("MaxCheck", std::make_shared<MaxCheckConfig>(m));
    list.emplace_back("MaxCheck", c);
  }
  {
    SimulationConfig c = base;
    MaxCheckConfig m;
    m.upper = L;
    m.targets[1] = {3, -1, 2.2, -1, -1};  // method 3: the fastest molecules leave
    c.addPhysicsPlugin("MaxCheck", std::make_shared<MaxCheckConfig>(m));
    list.emplace_back("MaxCheck removing", c);
  }
  {
    SimulationConfig c = base;
    WallPotentialConfig w;
    w.density = 1.0;
    w.yoff = -1.5;  // below the box: the molecules near y = 0 feel it
    w.ycut = 2.5;
    w.components[1] = {1.0, 1.0};
    c.addPhysicsPlugin("WallPotential", std::make_shared<WallPotentialConfig>(w));
    MirrorConfig reflect;
    reflect.type = 1;
    reflect.right = true;
    reflect.coord = 0.7 * L.y;
    MirrorConfig spring;
    spring.type = 2;
    spring.coord = 0.25 * L.y;
    spring.forceConstant = 5.0;
    c.addPhysicsPlugin("Mirror", std::make_shared<MirrorConfig>(reflect));
    c.addPhysicsPlugin("Mirror", std::make_shared<MirrorConfig>(spring));
    list.emplace_back("WallPotential and Mirror", c);
  }
  {
    SimulationConfig c = base;
    DriftCtrlConfig d;
    d.yl = 0;
    d.yr = L.y;
    d.binWidth = 3.0;
    d.sample = 1;
    d.control = 2;
    d.component = 0;
    d.drift = {0.2, 0.0, -0.1};
    c.addPhysicsPlugin("DriftCtrl", std::make_shared<DriftCtrlConfig>(d));
    for (auto& m : c.molecules) m.r.y = std::fmod(m.r.y + 1.3, L.y);  // the centre of mass off the box centre
    COMalignerConfig a;
    a.interval = 3;
    a.factor = 0.5;
    c.addPhysicsPlugin("COMaligner", std::make_shared<COMalignerConfig>(a));
    list.emplace_back("DriftCtrl and COMaligner", c);
  }
  {
    SimulationConfig c = base;
    PosNegCompConfig p;
    p.pos = 2;
    p.neg = 1;
    p.left = 1.0;
    p.right = L.y - 0.5;
    c.addPhysicsPlugin("PosNegComp", std::make_shared<PosNegCompConfig>(p));
    DistControlConfig dc;
    dc.bins = 16;
    dc.update = 4;
    dc.method = DistControlConfig::Method::Density;
    dc.logFile = "/dev/null";
    c.addPhysicsPlugin("DistControl", std::make_shared<DistControlConfig>(dc));
    list.emplace_back("PosNegComp and DistControl", c);
  }
  return list;
}

double relative(double a, double b) { return std::abs(a - b) / std::max(std::abs(b), 1e-300); }

}  // namespace

class GpuPluginTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(GpuPluginTest);
  CPPUNIT_TEST(testDevicePluginsGiveTheCpuLines);
  CPPUNIT_TEST(testHostPluginsGiveTheCpuLinesAndCarryTheirRegion);
  CPPUNIT_TEST(testCompareToCpuCoversThePlugins);
  CPPUNIT_TEST_SUITE_END();

 public:
  void testDevicePluginsGiveTheCpuLines() {
    const std::string backend = deviceBackend();
    if (backend.empty()) return mardyn::testing::skipTest("no compute device with double precision");
    for (const auto& [name, cfg] : devicePlugins()) {
      const Run cpu = run(cfg, 20);
      const Run gpu = run(cfg, 20, backend, "double");
      CPPUNIT_ASSERT_MESSAGE(name + ": " + gpu.startup, gpu.startup.find("through the host") == std::string::npos);
      int differing = 0;
      for (std::size_t s = 0; s < cpu.lines.size(); ++s)
        if (cpu.lines[s] != gpu.lines[s] && differing++ == 0)
          std::cout << "\n  " << name << " CPU: " << cpu.lines[s] << "\n  " << name << " GPU: " << gpu.lines[s];
      std::cout << "\n  [gpu test] " << name << " " << backend << " double: " << differing << " of " << cpu.lines.size()
                << " step lines differ; last: " << gpu.lines.back();
      CPPUNIT_ASSERT_EQUAL_MESSAGE(name, 0, differing);
      CPPUNIT_ASSERT_EQUAL_MESSAGE(name + ": molecules at the end", cpu.values.back().numMolecules,
                                   gpu.values.back().numMolecules);
      if (name == "MaxCheck removing")
        CPPUNIT_ASSERT_MESSAGE("none removed", gpu.values.back().numMolecules < gpu.values.front().numMolecules);
      CPPUNIT_ASSERT_MESSAGE(name + " changed nothing", cpu.lines.back() != run([&] {
        SimulationConfig plain = liquid();
        plain.molecules = cfg.molecules;
        return plain;
      }(), 20).lines.back());
      const Run mixed = run(cfg, 20, backend, "mixed");
      double worst = 0;
      for (std::size_t s = 0; s < cpu.values.size(); ++s) {
        const GlobalValues &a = mixed.values[s], &b = cpu.values[s];
        worst = std::max({worst, relative(a.temperature, b.temperature), relative(a.uPot, b.uPot),
                          std::abs(a.pressure - b.pressure) / std::max(std::abs(b.pressure), b.temperature)});
      }
      std::cout << "\n  [gpu test] " << name << " " << backend << " mixed: largest relative deviation " << worst;
      CPPUNIT_ASSERT_MESSAGE(name + " mixed", worst <= 1e-5);
    }
  }

  /// MettDeamon feeding a reservoir in (two bins inserted in 20 steps) and a Meland mirror reflecting every
  /// molecule that reaches it, through the host, beside MaxCheck removing the fastest molecules on the device:
  /// the CPU's lines.
  void testHostPluginsGiveTheCpuLinesAndCarryTheirRegion() {
    const std::string backend = deviceBackend();
    if (backend.empty()) return mardyn::testing::skipTest("no compute device with double precision");
    SimulationConfig cfg = liquid();
    const Vec3 L = cfg.box;
    std::vector<MoleculeRecord> kept;
    for (const auto& m : cfg.molecules)
      if (m.r.y > 2.2 && m.r.y < L.y - 1.3) kept.push_back(m);  // room for the reservoir's bins, also periodically
    cfg.molecules = kept;
    MettDeamonConfig md;
    md.feed = 0.1;
    md.releaseVy = 0.5;
    md.freeze = {1, 1};
    md.unfreeze = {0, 0};
    md.binWidth = 1.0;
    md.reservoirBox = {L.x, 2.0, L.z};
    unsigned long id = 100000;
    for (double y : {0.25, 0.75, 1.25, 1.75})
      for (double x = 1.0; x < L.x - 0.5; x += 2.0)
        for (double z = 1.0; z < L.z - 0.5; z += 2.0) md.reservoir.push_back({0, id++, {x, y, z}, {0.0, 0.4, 0.0}, {}, {}});
    cfg.addPhysicsPlugin("MettDeamon", std::make_shared<MettDeamonConfig>(md));
    MirrorConfig meland;
    meland.type = 5;
    meland.right = true;
    meland.coord = 0.8 * L.y;
    meland.veloTarget = -0.2;
    meland.fixedProbability = 2.0;  // every molecule beyond moving out is reflected (no random outcome)
    cfg.addPhysicsPlugin("Mirror", std::make_shared<MirrorConfig>(meland));
    MaxCheckConfig remove;
    remove.upper = L;
    remove.targets[1] = {3, -1, 2.2, -1, -1};
    cfg.addPhysicsPlugin("MaxCheck", std::make_shared<MaxCheckConfig>(remove));
    const Run cpu = run(cfg, 20);
    const Run gpu = run(cfg, 20, backend, "double");
    std::cout << "\n  [gpu test] " << gpu.startup;
    CPPUNIT_ASSERT(gpu.startup.find("MettDeamon through the host") != std::string::npos);
    CPPUNIT_ASSERT(gpu.startup.find("Mirror through the host") != std::string::npos);
    CPPUNIT_ASSERT(gpu.startup.find("MaxCheck on the device") != std::string::npos);
    int differing = 0;
    for (std::size_t s = 0; s < cpu.lines.size(); ++s)
      if (cpu.lines[s] != gpu.lines[s] && differing++ == 0)
        std::cout << "\n  CPU: " << cpu.lines[s] << "\n  GPU: " << gpu.lines[s];
    CPPUNIT_ASSERT_EQUAL(0, differing);
    // molecules came and went
    CPPUNIT_ASSERT(cpu.values.back().numMolecules != cpu.values.front().numMolecules);
    CPPUNIT_ASSERT_EQUAL(cpu.values.back().numMolecules, gpu.values.back().numMolecules);
  }

  void testCompareToCpuCoversThePlugins() {
    const std::string backend = deviceBackend();
    if (backend.empty()) return mardyn::testing::skipTest("no compute device with double precision");
    const auto list = devicePlugins();
    auto named = [&](const std::string& name) {
      for (const auto& [n, cfg] : list)
        if (n == name) return cfg;
      throw std::runtime_error("no plugin case " + name);
    };
    for (const char* name : {"TemperatureControl", "WallPotential and Mirror"}) {
      const Run gpu = run(named(name), 6, backend, "double", true);
      const std::size_t last = gpu.log.rfind("COMPARE_TO_CPU plugins");
      CPPUNIT_ASSERT_MESSAGE(gpu.log, last != std::string::npos);
      std::cout << "\n  [gpu test] " << name << ": " << gpu.log.substr(last);
      CPPUNIT_ASSERT_MESSAGE(gpu.log, gpu.log.find("COMPARE_TO_CPU plugins, step 6: ") != std::string::npos);
    }
    const Run tc = run(named("TemperatureControl"), 2, backend, "double", true);
    CPPUNIT_ASSERT_MESSAGE(tc.log, tc.log.find("TemperatureControl.endStep") != std::string::npos);
    // a removal on the device is compared molecule by molecule with the host's
    const Run removing = run(named("MaxCheck removing"), 20, backend, "double", true);
    const std::size_t removal = removing.log.find(" removed");
    CPPUNIT_ASSERT_MESSAGE(removing.log, removal != std::string::npos);
    const std::size_t line = removing.log.rfind("COMPARE_TO_CPU plugins", removal);
    std::cout << "\n  [gpu test] MaxCheck removing: " << removing.log.substr(line, removal + 8 - line);
    const Run wall = run(named("WallPotential and Mirror"), 2, backend, "double", true);
    CPPUNIT_ASSERT_MESSAGE(wall.log, wall.log.find("WallPotential.siteWiseForces") != std::string::npos);
    CPPUNIT_ASSERT_MESSAGE(wall.log, wall.log.find("Mirror.afterForces") != std::string::npos);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(GpuPluginTest);
