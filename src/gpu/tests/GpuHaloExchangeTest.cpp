// Tests of the device's halo exchange in one process: a loop-back decomposition has two "processes" along
// chosen axes and is its own neighbour there, so the boundary layers and leavers go through the exchange
// (packing, transport, unpacking, migration on the device) instead of the periodic images, and the step
// lines must be those of the plain one-process GPU run; through pinned host staging, through the peer
// transport over a loop-back test double (its bookkeeping checked on every backend), and through the
// context's own peer access (CUDA: the IPC path's streams and flags, in one process). Also: a
// decomposition that is not a Cartesian grid is refused by name.
#include "Simulation.h"
#include "gpu/DeviceHaloExchange.h"
#include "gpu/GpuDecoratorFactory.h"
#include "gpu/LinkedCellsGPUDecorator.h"
#include "gpu/tests/LoopbackPeerAccess.h"
#include "io/StepLineWriter.h"
#include "ConfigurationReader.h"
#include "parallel/DomainDecompSequential.h"
#include "particleContainer/tests/FccConfig.h"
#include "tests/TestSkip.h"
#include "utils/MardynException.h"

#include "compute/ComputeBackends.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <sstream>

using namespace mardyn;

namespace {

std::string sourceDir() {
  const char* root = std::getenv("MARDYN_SOURCE_DIR");
  return root ? root : ".";
}

/// The backends with a device that has doubles.
std::vector<std::string> deviceBackends() {
  std::vector<std::string> out;
  const auto registry = compute::availableBackends();
  for (const auto& backend : registry.names()) {
    const auto list = registry.devices(backend);
    if (!list.devices.empty() && list.devices.front().supportsDouble) out.push_back(backend);
  }
  return out;
}

/// One process that counts as two along the chosen axes: its own lower and upper neighbour there.
class LoopbackDecomposition : public DomainDecompSequential {
 public:
  LoopbackDecomposition(std::array<bool, 3> axes, bool cartesian = true) : _axes(axes), _cartesian(cartesian) {}
  std::string name() const override { return "loop-back decomposition"; }
  int processesAlong(int axis) const override { return _axes[axis] ? 2 : 1; }
  bool cartesianNeighbours() const override { return _cartesian; }

 private:
  std::array<bool, 3> _axes;
  bool _cartesian;
};

struct Run {
  std::vector<std::string> lines;
  std::vector<GlobalValues> values;
  double hostBytesPerStep = 0;
  std::uint64_t deviceBytes = 0;
  std::string transportLine;
};

/// transfer: "" (one process, periodic images), or the haloTransfer option of a loop-back run along `axes`
/// ("loopback": the peer transport over `peer`).
Run run(SimulationConfig cfg, unsigned long steps, const std::string& backend, const std::string& precision,
        const std::string& transfer = "", std::array<bool, 3> axes = {true, false, false},
        gpu::testing::LoopbackPeerAccess* peer = nullptr, const std::string& processor = "verletList") {
  cfg.quiet = true;
  std::unique_ptr<DomainDecompBase> decomp;
  if (!transfer.empty()) decomp = std::make_unique<LoopbackDecomposition>(axes);
  std::ostringstream log;  // the decorator writes to it as long as the simulation lives
  Simulation sim(cfg, std::move(decomp));
  cfg.gpu.enabled = true;
  cfg.gpu.backend = backend;
  cfg.gpu.precision = precision;
  cfg.gpu.cellProcessor = processor;
  if (!transfer.empty()) cfg.gpu.options["haloTransfer"] = transfer == "loopback" ? "peer" : transfer;
  auto make = gpu::makeGpuDecorator(cfg, log);
  sim.setContainerDecorator([make, peer](std::unique_ptr<LinkedCells> cells) {
    auto container = make(std::move(cells));
    if (peer) dynamic_cast<gpu::LinkedCellsGPUDecorator&>(*container).usePeerAccess(*peer);
    return container;
  });
  sim.prepare();
  auto& decorator = dynamic_cast<gpu::LinkedCellsGPUDecorator&>(sim.container());
  Run r;
  const std::uint64_t before = decorator.transferredBytes();
  for (unsigned long s = 0;; ++s) {
    r.lines.push_back(StepLineWriter::formatLine(s, sim.globals(), cfg.refUnits));
    r.values.push_back(sim.globals());
    if (s == steps) break;
    sim.step();
  }
  r.hostBytesPerStep = static_cast<double>(decorator.transferredBytes() - before) / static_cast<double>(steps);
  if (const auto* halo = decorator.haloExchange()) {
    r.deviceBytes = halo->deviceToDeviceBytes();
    r.transportLine = halo->transportLine();
  }
  return r;
}

int differingLines(const Run& a, const Run& b) {
  int n = 0;
  for (std::size_t s = 0; s < a.lines.size(); ++s) n += a.lines[s] != b.lines.at(s);
  return n;
}

double worstDeviation(const Run& a, const Run& b) {
  double worst = 0;
  for (std::size_t s = 0; s < a.values.size(); ++s) {
    const GlobalValues &x = a.values[s], &y = b.values.at(s);
    const auto rel = [](double u, double v) { return std::abs(u - v) / std::max(std::abs(v), 1e-300); };
    worst = std::max({worst, rel(x.temperature, y.temperature), rel(x.uPot, y.uPot),
                      std::abs(x.pressure - y.pressure) / std::max(std::abs(y.pressure), y.temperature)});
  }
  return worst;
}

}  // namespace

class GpuHaloExchangeTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(GpuHaloExchangeTest);
  CPPUNIT_TEST(testLoopbackGivesTheOneProcessLines);
  CPPUNIT_TEST(testMultiSiteThroughTheExchange);
  CPPUNIT_TEST(testSingleAndMixedWithin1e5);
  CPPUNIT_TEST(testPeerPathLeavesTheHostOut);
  CPPUNIT_TEST(testNonCartesianRefused);
  CPPUNIT_TEST_SUITE_END();

 public:
  /// LJ liquid, 40 steps (several rebuilds, molecules crossing the faces): exchanged along x, along x and y,
  /// along all three axes, staged, over the loop-back peer and over the context's own peer access: every
  /// printed digit of every step line equals the one-process run's.
  void testLoopbackGivesTheOneProcessLines() {
    const auto backends = deviceBackends();
    if (backends.empty()) return mardyn::testing::skipTest("no compute device with double precision");
    SimulationConfig cfg = testing::fccConfig(6, 0.8442, 2.5, 1.44, false, 5);
    for (const std::string& backend : backends) {
      const Run one = run(cfg, 40, backend, "double");
      for (const auto axes : {std::array<bool, 3>{true, false, false}, std::array<bool, 3>{true, true, false},
                              std::array<bool, 3>{true, true, true}})
        for (const char* transfer : {"staged", "loopback", "auto"}) {
          gpu::testing::LoopbackPeerAccess peer;
          const bool loopback = std::string(transfer) == "loopback";
          const Run exchanged = run(cfg, 40, backend, "double", transfer, axes, loopback ? &peer : nullptr);
          const int differing = differingLines(exchanged, one);
          std::cout << "\n  [gpu test] " << backend << " LJ exchanged along " << axes[0] << axes[1] << axes[2] << ", "
                    << transfer << ": " << differing << " of " << one.lines.size() << " step lines differ ("
                    << exchanged.transportLine << ")";
          CPPUNIT_ASSERT_EQUAL_MESSAGE(transfer, 0, differing);
          if (loopback) {
            // Every wait found its flag raised (else the double throws), and as many waits as flags.
            CPPUNIT_ASSERT(peer.copied > 0);
            CPPUNIT_ASSERT_EQUAL(peer.signals, peer.waits);
            CPPUNIT_ASSERT_EQUAL(peer.copied, exchanged.deviceBytes);
          }
        }
    }
  }

  /// The 2CLJQ fluid (orientations travel with the positions) exchanged along x and y.
  void testMultiSiteThroughTheExchange() {
    const auto backends = deviceBackends();
    if (backends.empty()) return mardyn::testing::skipTest("no compute device with double precision");
    const SimulationConfig cfg = ConfigurationReader::read(sourceDir() + "/input/2cljq/config.xml");
    for (const std::string& backend : backends) {
      const Run one = run(cfg, 30, backend, "double");
      for (const char* transfer : {"staged", "loopback"}) {
        gpu::testing::LoopbackPeerAccess peer;
        const Run exchanged = run(cfg, 30, backend, "double", transfer, {true, true, false}, &peer);
        const int differing = differingLines(exchanged, one);
        std::cout << "\n  [gpu test] " << backend << " 2CLJQ exchanged along x and y, " << transfer << ": "
                  << differing << " step lines differ; last " << exchanged.lines.back();
        CPPUNIT_ASSERT_EQUAL_MESSAGE(transfer, 0, differing);
      }
    }
  }

  /// Single and mixed precision exchanged along x and y: within 1e-5 of the one-process run over 20 steps.
  void testSingleAndMixedWithin1e5() {
    const auto backends = deviceBackends();
    if (backends.empty()) return mardyn::testing::skipTest("no compute device with double precision");
    SimulationConfig cfg = testing::fccConfig(6, 0.8442, 2.5, 1.44, false, 9);
    for (const std::string& backend : backends)
      for (const char* precision : {"single", "mixed"}) {
        const Run one = run(cfg, 20, backend, precision);
        gpu::testing::LoopbackPeerAccess peer;
        const Run exchanged = run(cfg, 20, backend, precision, "loopback", {true, true, false}, &peer);
        const double worst = worstDeviation(exchanged, one);
        std::cout << "\n  [gpu test] " << backend << " " << precision << " exchanged along x and y: largest relative "
                  << "deviation " << worst;
        CPPUNIT_ASSERT_MESSAGE(precision, worst <= 1e-5);
      }
  }

  /// Between rebuilds the boundary layers cross no host: over the peer transport the host moves a few
  /// scalars per step, a small fraction of what the staged path moves.
  void testPeerPathLeavesTheHostOut() {
    const auto backends = deviceBackends();
    if (backends.empty()) return mardyn::testing::skipTest("no compute device with double precision");
    SimulationConfig cfg = testing::fccConfig(8, 0.8442, 2.5, 1.0, false, 3);
    for (const std::string& backend : backends) {
      gpu::testing::LoopbackPeerAccess peer;
      const Run staged = run(cfg, 30, backend, "mixed", "staged", {true, true, false});
      const Run direct = run(cfg, 30, backend, "mixed", "loopback", {true, true, false}, &peer);
      std::cout << "\n  [gpu test] " << backend << " host-device bytes per step: staged " << staged.hostBytesPerStep
                << ", device to device " << direct.hostBytesPerStep << " (" << direct.deviceBytes / 30
                << " bytes per step between the devices)";
      CPPUNIT_ASSERT(direct.deviceBytes > 0);
      CPPUNIT_ASSERT(direct.hostBytesPerStep < 0.05 * staged.hostBytesPerStep);
    }
  }

  /// A decomposition that is not a Cartesian grid of processes is refused by name.
  void testNonCartesianRefused() {
    const auto backends = deviceBackends();
    if (backends.empty()) return mardyn::testing::skipTest("no compute device with double precision");
    SimulationConfig cfg = testing::fccConfig(4, 0.8, 2.5, 1.0, false, 3);
    cfg.quiet = true;
    std::ostringstream log;
    Simulation sim(cfg, std::make_unique<LoopbackDecomposition>(std::array<bool, 3>{true, false, false}, false));
    cfg.gpu.enabled = true;
    cfg.gpu.backend = backends.front();
    sim.setContainerDecorator(gpu::makeGpuDecorator(cfg, log));
    std::string message;
    try {
      sim.prepare();
    } catch (const MardynException& e) {
      message = e.what();
    }
    CPPUNIT_ASSERT_MESSAGE(message, message.find("Cartesian grid of processes") != std::string::npos);
    CPPUNIT_ASSERT_MESSAGE(message, message.find("loop-back decomposition") != std::string::npos);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(GpuHaloExchangeTest);
