// Empty systems are ordinary (a vapour region, the empty side of a slab): a box without molecules runs
// under --gpu on every backend, precision and cell processor, on one process and through the halo
// exchange (a loop-back decomposition, its own neighbour along x), and prints the CPU's step lines; the
// GPU summary names no molecule count it cannot have.
#include "Simulation.h"
#include "gpu/GpuDecoratorFactory.h"
#include "gpu/LinkedCellsGPUDecorator.h"
#include "io/StepLineWriter.h"
#include "parallel/DomainDecompSequential.h"
#include "particleContainer/tests/FccConfig.h"
#include "tests/TestSkip.h"

#include "compute/ComputeBackends.h"

#include <cppunit/extensions/HelperMacros.h>

#include <iostream>
#include <sstream>

using namespace mardyn;

namespace {

/// Every backend with a device, with the precisions it can run.
std::vector<std::pair<std::string, std::vector<std::string>>> devices() {
  std::vector<std::pair<std::string, std::vector<std::string>>> out;
  const auto registry = compute::availableBackends();
  for (const auto& backend : registry.names()) {
    const auto list = registry.devices(backend);
    if (list.devices.empty()) continue;
    std::vector<std::string> precisions{"single"};
    if (list.devices.front().supportsDouble) precisions.insert(precisions.end(), {"mixed", "double"});
    out.emplace_back(backend, precisions);
  }
  return out;
}

class LoopbackAlongX : public DomainDecompSequential {
 public:
  std::string name() const override { return "loop-back decomposition"; }
  int processesAlong(int axis) const override { return axis == 0 ? 2 : 1; }
};

std::vector<std::string> lines(SimulationConfig cfg, unsigned long steps, const std::string& backend = "",
                               const std::string& precision = "", const std::string& processor = "",
                               bool exchanged = false) {
  cfg.quiet = true;
  std::ostringstream log;  // the decorator writes to it as long as the simulation lives
  Simulation sim(cfg, exchanged ? std::make_unique<LoopbackAlongX>() : nullptr);
  if (!backend.empty()) {
    cfg.gpu.enabled = true;
    cfg.gpu.backend = backend;
    cfg.gpu.precision = precision;
    cfg.gpu.cellProcessor = processor;
    sim.setContainerDecorator(gpu::makeGpuDecorator(cfg, log));
  }
  sim.prepare();
  std::vector<std::string> out;
  for (unsigned long s = 0;; ++s) {
    out.push_back(StepLineWriter::formatLine(s, sim.globals(), cfg.refUnits));
    if (s == steps) break;
    sim.step();
  }
  if (!backend.empty()) {
    // The summary of a run without molecules (no division by the molecule count that is not there).
    const std::string summary = dynamic_cast<ResidentTimeStep&>(sim.container()).summary(steps);
    CPPUNIT_ASSERT_MESSAGE(summary, summary.find("nan") == std::string::npos && summary.find("inf") == std::string::npos);
  }
  return out;
}

}  // namespace

class GpuEmptySystemTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(GpuEmptySystemTest);
  CPPUNIT_TEST(testEmptyBoxEverywhere);
  CPPUNIT_TEST_SUITE_END();

 public:
  /// 0 molecules in an NVT box: 5 steps on every backend x precision x processor, one process and
  /// exchanged, give the CPU's (all-zero) step lines.
  void testEmptyBoxEverywhere() {
    const auto list = devices();
    if (list.empty()) return mardyn::testing::skipTest("no compute device");
    SimulationConfig cfg = testing::fccConfig(4, 0.8, 2.5, 1.0, false, 3);
    cfg.molecules.clear();
    cfg.ensemble = SimulationConfig::Ensemble::NVT;
    const std::vector<std::string> cpu = lines(cfg, 5);
    int runs = 0;
    for (const auto& [backend, precisions] : list)
      for (const std::string& precision : precisions)
        for (const char* processor : {"verletList", "reference", "threadBlock", "warpBlock", "warpBlockCached"})
          for (bool exchanged : {false, true}) {
            const auto gpu = lines(cfg, 5, backend, precision, processor, exchanged);
            CPPUNIT_ASSERT_MESSAGE(backend + " " + precision + " " + processor, gpu == cpu);
            ++runs;
          }
    std::cout << "\n  [gpu test] empty box: " << runs << " runs give the CPU's lines (" << cpu.back() << ")";
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(GpuEmptySystemTest);
