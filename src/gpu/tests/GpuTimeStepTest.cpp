// Tests of the whole time step on the device (Simulation with the GPU decorator) against the same run on
// the CPU: the step values of the example inputs (LJ, 2CLJQ, Stockmayer with reaction field, charges) to
// every printed digit in double precision and within 1e-5 in single and mixed; the same under a rebuild
// every step (no skin) and with every cell processor, and with a thermostat per component; bitwise equal
// repeated runs; the host-device traffic of a 32,000-molecule run.
#include "Simulation.h"
#include "gpu/GpuDecoratorFactory.h"
#include "gpu/LinkedCellsGPUDecorator.h"
#include "io/StepLineWriter.h"
#include "ConfigurationReader.h"
#include "particleContainer/ConditionsCheck.h"
#include "particleContainer/tests/FccConfig.h"
#include "tests/TestSkip.h"

#include "compute/ComputeBackends.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <sstream>

using namespace mardyn;

namespace {

std::string sourceDir() {
  const char* root = std::getenv("MARDYN_SOURCE_DIR");  // ctest sets it
  return root ? root : ".";
}

/// The first backend with a device that has doubles, or "" (the test is then skipped).
std::string deviceBackend() {
  const auto registry = compute::availableBackends();
  for (const auto& backend : registry.names()) {
    const auto list = registry.devices(backend);
    if (!list.devices.empty() && list.devices.front().supportsDouble) return backend;
  }
  return "";
}

/// The step values of `steps` steps (step 0 first), as the step line prints them, and the raw values.
struct Trace {
  std::vector<std::string> lines;
  std::vector<GlobalValues> values;
};

Trace run(SimulationConfig cfg, unsigned long steps, const std::string& backend = "", const std::string& precision = "",
          const std::string& processor = "") {
  cfg.quiet = true;
  std::ostringstream log;  // the decorator writes to it as long as the simulation lives
  Simulation sim(cfg);
  if (!backend.empty()) {
    cfg.gpu.enabled = true;
    cfg.gpu.backend = backend;
    cfg.gpu.precision = precision;
    cfg.gpu.cellProcessor = processor;
    sim.setContainerDecorator(gpu::makeGpuDecorator(cfg, log));
  }
  sim.prepare();
  Trace t;
  for (unsigned long s = 0;; ++s) {
    t.lines.push_back(StepLineWriter::formatLine(s, sim.globals(), cfg.refUnits));
    t.values.push_back(sim.globals());
    if (s == steps) break;
    sim.step();
  }
  return t;
}

double relative(double a, double b) { return std::abs(a - b) / std::max(std::abs(b), 1e-300); }

}  // namespace

class GpuTimeStepTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(GpuTimeStepTest);
  CPPUNIT_TEST(testDoubleGivesTheCpuLines);
  CPPUNIT_TEST(testSingleAndMixedWithin1e5);
  CPPUNIT_TEST(testEveryProcessorWithoutSkin);
  CPPUNIT_TEST(testPerComponentThermostats);
  CPPUNIT_TEST(testRepeatedRunsBitwiseEqual);
  CPPUNIT_TEST(testTrafficBelowOneBytePerMolecule);
  CPPUNIT_TEST(testOverlappingPairNamed);
  CPPUNIT_TEST_SUITE_END();

 public:
  /// 100 steps of each example: every printed digit of every step line equal.
  void testDoubleGivesTheCpuLines() {
    const std::string backend = deviceBackend();
    if (backend.empty()) return mardyn::testing::skipTest("no compute device with double precision");
    for (const char* name : {"lj-fcc", "2cljq", "dipolar", "water-like"}) {
      const SimulationConfig cfg = ConfigurationReader::read(sourceDir() + "/input/" + name + "/config.xml");
      const Trace cpu = run(cfg, 100);
      const Trace gpu = run(cfg, 100, backend, "double", "verletList");
      int differing = 0;
      for (std::size_t s = 0; s < cpu.lines.size(); ++s)
        if (cpu.lines[s] != gpu.lines[s] && differing++ == 0)
          std::cout << "\n  " << name << " CPU: " << cpu.lines[s] << "\n  " << name << " GPU: " << gpu.lines[s];
      std::cout << "\n  [gpu test] " << name << " " << backend << " double: " << differing << " of " << cpu.lines.size()
                << " step lines differ; last: " << gpu.lines.back();
      CPPUNIT_ASSERT_EQUAL_MESSAGE(name, 0, differing);
    }
  }

  /// 20 steps in single and mixed precision: T, U_pot and p within 1e-5 of the CPU's.
  void testSingleAndMixedWithin1e5() {
    const std::string backend = deviceBackend();
    if (backend.empty()) return mardyn::testing::skipTest("no compute device with double precision");
    for (const char* name : {"lj-fcc", "2cljq", "dipolar"}) {
      const SimulationConfig cfg = ConfigurationReader::read(sourceDir() + "/input/" + name + "/config.xml");
      const Trace cpu = run(cfg, 20);
      for (const char* precision : {"single", "mixed"}) {
        const Trace gpu = run(cfg, 20, backend, precision, "warpBlock");
        double worst = 0;
        for (std::size_t s = 0; s < cpu.values.size(); ++s) {
          const GlobalValues &a = gpu.values[s], &b = cpu.values[s];
          worst = std::max({worst, relative(a.temperature, b.temperature), relative(a.uPot, b.uPot),
                            std::abs(a.pressure - b.pressure) / std::max(std::abs(b.pressure), b.temperature)});
        }
        std::cout << "\n  [gpu test] " << name << " " << backend << " " << precision << ": largest relative deviation "
                  << worst;
        CPPUNIT_ASSERT_MESSAGE(std::string(name) + " " + precision, worst <= 1e-5);
      }
    }
  }

  /// With no skin the cells are rebuilt every step; every processor gives the CPU's lines on a hot,
  /// fast-moving LJ liquid (molecules cross the periodic faces often).
  void testEveryProcessorWithoutSkin() {
    const std::string backend = deviceBackend();
    if (backend.empty()) return mardyn::testing::skipTest("no compute device with double precision");
    SimulationConfig cfg = testing::fccConfig(5, 0.75, 2.5, 2.5, false, 7);
    cfg.ensemble = SimulationConfig::Ensemble::NVT;
    const Trace cpu = run(cfg, 60);
    for (const char* processor : {"reference", "threadBlock", "warpBlock", "warpBlockCached", "verletList"})
      for (double skin : {0.0, 0.4}) {
        cfg.verletSkin = skin;
        const Trace gpu = run(cfg, 60, backend, "double", processor);
        int differing = 0;
        for (std::size_t s = 0; s < cpu.lines.size(); ++s) differing += cpu.lines[s] != gpu.lines[s];
        std::cout << "\n  [gpu test] hot NVT, " << processor << ", skin " << skin << ": " << differing
                  << " step lines differ";
        CPPUNIT_ASSERT_EQUAL(0, differing);
      }
  }

  /// Two components (LJ centres of different mass and size) with a thermostat each at different
  /// temperatures: the device scales each component with its own factors, as the CPU does.
  void testPerComponentThermostats() {
    const std::string backend = deviceBackend();
    if (backend.empty()) return mardyn::testing::skipTest("no compute device with double precision");
    SimulationConfig cfg = testing::fccConfig(5, 0.7, 2.5, 1.2, false, 3);
    cfg.components.emplace_back(1, "heavy");
    cfg.components[1].addLJCenter(LJCenter{{0, 0, 0}, 2.0, 1.1, 0.9, false});
    for (std::size_t i = 0; i < cfg.molecules.size(); i += 3) cfg.molecules[i].component = 1;
    cfg.ensemble = SimulationConfig::Ensemble::NVT;
    ThermostatConfig light, heavy;
    light.component = 0;
    light.temperature = 1.0;
    heavy.component = 1;
    heavy.temperature = 1.6;
    cfg.thermostats = {light, heavy};
    const Trace cpu = run(cfg, 60);
    const Trace gpu = run(cfg, 60, backend, "double", "verletList");
    int differing = 0;
    for (std::size_t s = 0; s < cpu.lines.size(); ++s) differing += cpu.lines[s] != gpu.lines[s];
    std::cout << "\n  [gpu test] two components, two thermostats: " << differing << " step lines differ; last: "
              << gpu.lines.back();
    CPPUNIT_ASSERT_EQUAL(0, differing);
    // The temperature lies between the two targets, as the two groups are scaled apart.
    CPPUNIT_ASSERT(gpu.values.back().temperature > 1.0 && gpu.values.back().temperature < 1.6);
  }

  /// The device's sums are formed in a fixed order: two runs give the same bits in every step's values.
  void testRepeatedRunsBitwiseEqual() {
    const std::string backend = deviceBackend();
    if (backend.empty()) return mardyn::testing::skipTest("no compute device with double precision");
    const SimulationConfig cfg = ConfigurationReader::read(sourceDir() + "/input/2cljq/config.xml");
    for (const char* processor : {"verletList", "threadBlock"}) {
      const Trace a = run(cfg, 30, backend, "mixed", processor), b = run(cfg, 30, backend, "mixed", processor);
      for (std::size_t s = 0; s < a.values.size(); ++s) {
        const GlobalValues &x = a.values[s], &y = b.values[s];
        CPPUNIT_ASSERT_MESSAGE(processor, x.uPot == y.uPot && x.virial == y.virial && x.temperature == y.temperature &&
                                              x.pressure == y.pressure);
      }
    }
  }

  /// 32,000 molecules, 30 steps without outputs: less than one byte per molecule and step crosses
  /// between host and device (a few scalars per step; the cells stay on the device).
  void testTrafficBelowOneBytePerMolecule() {
    const std::string backend = deviceBackend();
    if (backend.empty()) return mardyn::testing::skipTest("no compute device with double precision");
    SimulationConfig cfg = testing::fccConfig(20, 0.8442, 2.5, 1.44, false, 11);
    cfg.quiet = true;
    cfg.gpu.enabled = true;
    cfg.gpu.backend = backend;
    cfg.gpu.precision = "mixed";
    cfg.gpu.cellProcessor = "verletList";
    std::ostringstream log;
    Simulation sim(cfg);
    sim.setContainerDecorator(gpu::makeGpuDecorator(cfg, log));
    sim.prepare();
    auto* resident = dynamic_cast<ResidentTimeStep*>(&sim.container());
    CPPUNIT_ASSERT(resident);
    const std::uint64_t before = resident->transferredBytes();
    const unsigned long steps = 30;
    for (unsigned long s = 0; s < steps; ++s) sim.step();
    const double perMoleculeStep = static_cast<double>(resident->transferredBytes() - before) /
                                   (static_cast<double>(steps) * static_cast<double>(sim.globals().numMolecules));
    std::cout << "\n  [gpu test] 32,000 molecules on " << backend << ": " << perMoleculeStep
              << " bytes per molecule and step";
    CPPUNIT_ASSERT_EQUAL(32000ul, sim.globals().numMolecules);
    CPPUNIT_ASSERT(perMoleculeStep < 1.0);
  }

  /// Two molecules 0.1 sigma apart: the device's check finds the force beyond the limit on step 0 and the
  /// host's names the pair, as the CPU path does.
  void testOverlappingPairNamed() {
    const std::string backend = deviceBackend();
    if (backend.empty()) return mardyn::testing::skipTest("no compute device with double precision");
    SimulationConfig cfg = testing::fccConfig(3, 0.8, 2.5, 1.0, false);
    cfg.molecules[7].r = cfg.molecules[3].r + Vec3(0.1, 0, 0);
    std::string message;
    try {
      run(cfg, 3, backend, "double", "verletList");
    } catch (const ConditionsCheck::Error& e) {
      message = e.what();
    }
    CPPUNIT_ASSERT_MESSAGE(message, message.find("step 0: molecule ") != std::string::npos);
    CPPUNIT_ASSERT_MESSAGE(message, message.find("molecules 4 and 8 are 0.1 apart") != std::string::npos);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(GpuTimeStepTest);
