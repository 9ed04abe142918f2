// Tests of the observing plugins' sums on the device (DeviceMoleculeBinning) against the host's: the same molecules
// binned on both (slabs with directions and components, a y range, a Cartesian grid, cylinder shells) give the
// same bits where no virial enters and agree to 1e-12 where ls1's per-molecule virial does, and so do MaxWriter's
// extremes, the VDF's, the RDF's and CavityWriter's counts; and whole runs of RegionSampling, SpatialProfile,
// GammaWriter, MaxWriter, RDF and CavityWriter under the GPU decorator in double give the CPU run's files.
#include "Simulation.h"
#include "gpu/DeviceMoleculeBinning.h"
#include "gpu/GpuDecoratorFactory.h"
#include "io/HostMoleculeBinning.h"
#include "io/OutputPluginRegistry.h"
#include "io/tests/IoTestFiles.h"
#include "io/tests/ObserverMixture.h"
#include "tests/TestSkip.h"

#include "compute/ComputeBackends.h"

#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <sstream>

using namespace mardyn;
using namespace mardyn::iotest;

namespace {

/// The first backend with a device that has doubles, or "" (the test is then skipped).
std::string deviceBackend() {
  const auto registry = compute::availableBackends();
  for (const auto& backend : registry.names()) {
    const auto list = registry.devices(backend);
    if (!list.devices.empty() && list.devices.front().supportsDouble) return backend;
  }
  return "";
}

/// The mixture with the plugins writing every step for `steps` steps (MaxWriter and a VDF sampling every second
/// step), SpatialProfile on cylinder shells if asked.
std::string mixtureConfig(unsigned steps, bool cylinder) {
  std::string xml = replaced(mixture::config(), "<steps>1</steps>", "<steps>" + std::to_string(steps) + "</steps>");
  xml = replaced(xml, "<output>",
                 "<output><outputplugin name=\"MaxWriter\"><writefrequency>2</writefrequency>"
                 "<outputprefix>maxvals</outputprefix></outputplugin>");
  xml = replaced(xml, "</sampling>\n  </region>",
                 "</sampling>\n    <sampling type=\"VDF\"><control><start>0</start><frequency>2</frequency><stop>100</stop>"
                 "</control><subdivision type=\"number\"><number>3</number></subdivision><discretizations>"
                 "<discretization cid=\"0\"><numclasses>6</numclasses><maxvalue>3.0</maxvalue></discretization>"
                 "<discretization cid=\"2\"><numclasses>4</numclasses><maxvalue>2.0</maxvalue></discretization>"
                 "</discretizations></sampling>\n  </region>");
  if (cylinder)
    xml = replaced(xml, "<mode>cartesian</mode><x>2</x><y>3</y><z>1</z>", "<mode>cylinder</mode><r>3</r><h>2</h><phi>4</phi>");
  return xml;
}

/// A simulation of the mixture; with a backend: the GPU decorator in double precision and the device's binning.
std::unique_ptr<Simulation> makeSimulation(const SimulationConfig& config, const std::string& backend, bool plugins) {
  SimulationConfig cfg = config;
  cfg.quiet = true;
  cfg.finalCheckpoint = false;
  auto sim = std::make_unique<Simulation>(cfg);
  if (!backend.empty()) {
    cfg.gpu.enabled = true;
    cfg.gpu.backend = backend;
    cfg.gpu.precision = "double";
    static std::ostringstream log;
    sim->setContainerDecorator(gpu::makeGpuDecorator(cfg, log));
    Simulation* s = sim.get();
    sim->setDeviceBinning([s, components = cfg.components](ParticleContainer& container, const SamplingView& view,
                                                            const PlanarLongRange* planar) {
      return gpu::makeDeviceBinning(container, components, [&view] { return view.virialShare(); },
                                    [s] { return s->currentStep(); }, planar);
    });
  }
  if (plugins) {
    std::ostringstream warnings;
    for (auto& p : OutputPluginRegistry::createAll(sim->config(), warnings)) sim->addOutputPlugin(std::move(p));
  }
  return sim;
}

/// Runs f in `dir` (the plugins write into the working directory).
template <class F>
void inDirectory(const std::filesystem::path& dir, F f) {
  const auto cwd = std::filesystem::current_path();
  std::filesystem::current_path(dir);
  try {
    f();
  } catch (...) {
    std::filesystem::current_path(cwd);
    throw;
  }
  std::filesystem::current_path(cwd);
}

std::vector<std::string> tokens(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string t; in >> t;) out.push_back(t);
  return out;
}

}  // namespace

class GpuObserversTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(GpuObserversTest);
  CPPUNIT_TEST(testDeviceBinsAsTheHost);
  CPPUNIT_TEST(testRdfOfEverySiteKind);
  CPPUNIT_TEST(testRunFilesAsTheCpu);
  CPPUNIT_TEST_SUITE_END();

 public:
  /// Five requests binned on the device and, from the same molecules downloaded, on the host, over three steps; and
  /// MaxWriter's extremes and two VDF samplings on both.
  void testDeviceBinsAsTheHost() {
    const std::string backend = deviceBackend();
    if (backend.empty()) return mardyn::testing::skipTest("no compute device with double precision");
    TempDir dir;
    writeFile(dir.file("phase.inp"), mixture::phaseSpace());
    const SimulationConfig cfg = ConfigurationReader::read(writeFile(dir.file("config.xml"), mixtureConfig(3, false)));
    auto sim = makeSimulation(cfg, backend, false);
    using B = MoleculeBinning;
    std::vector<B::Request> requests(5);
    const unsigned all = (1u << B::NumFields) - 1;
    requests[0].lower = 1.5, requests[0].width = 2.0, requests[0].bins = 3;  // slabs: every field, both directions
    requests[0].perComponent = requests[0].directions = true;
    requests[0].fieldMask = all;
    requests[1] = requests[0];
    requests[1].singleComponent = true;
    requests[1].fieldMask = (1u << B::Count) | (1u << B::Kinetic) | (1u << B::Gamma);
    requests[2].geometry = B::Geometry::RangeY;  // GammaWriter's range
    requests[2].lower = 2.0, requests[2].upper = 6.5;
    requests[2].perComponent = true;
    requests[2].fieldMask = 1u << B::Gamma;
    requests[3].geometry = B::Geometry::Cartesian;  // SpatialProfile, component 2 only
    requests[3].units = {2, 3, 2};
    requests[3].inv = {2 / mixture::kBox.x, 3 / mixture::kBox.y, 2 / mixture::kBox.z};
    requests[3].onlyComponent = 1;
    requests[3].fieldMask = all;
    requests[4].geometry = B::Geometry::Cylinder;  // SpatialProfile's shells about the vertical axis
    requests[4].units = {3, 2, 4};
    requests[4].inv = {3 / (0.24 * 49), 2 / mixture::kBox.y, 4 / (2 * M_PI)};
    requests[4].centre = Vec3{3.5, 0, 3.75};
    requests[4].fieldMask = all;
    std::vector<int> hostHandles, deviceHandles;
    sim->prepare();
    B& device = sim->sampling()->binning();
    CPPUNIT_ASSERT_MESSAGE("the device bins", dynamic_cast<gpu::DeviceMoleculeBinning*>(&device) != nullptr);
    HostMoleculeBinning host(*sim->sampling(), cfg.components.size(), cfg.box);
    for (const B::Request& r : requests) {
      hostHandles.push_back(host.add(r));
      deviceHandles.push_back(device.add(r));
    }
    const int hostExtremes = host.addExtremes(), deviceExtremes = device.addExtremes();
    // RegionSampling's VDF: every slot sampled (slot 0 too), and FDF of every molecule in slot 1.
    std::vector<B::VdfRequest> vdf(2);
    vdf[0].lowerY = 1.5, vdf[0].binWidth = 2.0, vdf[0].bins = 3;
    vdf[0].classes = {{6, 3.0}, {5, 2.5}, {4, 2.0}};
    vdf[1] = vdf[0];
    vdf[1].force = vdf[1].singleComponent = true;
    vdf[1].classes = {{0, 0.0}, {8, 40.0}, {0, 0.0}};
    std::vector<int> hostVdf, deviceVdf;
    for (const B::VdfRequest& r : vdf) {
      hostVdf.push_back(host.addVdf(r));
      deviceVdf.push_back(device.addVdf(r));
    }
    // The RDF: bins of 0.1 up to the cutoff (3), molecule and site histograms (the mixture's second component has
    // two sites).
    B::RdfRequest rdf;
    rdf.bins = 30, rdf.interval = 0.1, rdf.cutoff = cfg.cutoffRadius;
    for (const Component& c : cfg.components) rdf.sites.push_back(static_cast<unsigned>(c.numSites()));
    const int hostRdf = host.addRdf(rdf), deviceRdf = device.addRdf(rdf);
    // CavityWriter's counts: a grid of 8 x 10 x 6 points from (0.2, -0.3, 0.1), 0.9 apart, within 1.4.
    B::CavityRequest cavity;
    cavity.lower = Vec3{0.2, -0.3, 0.1};
    cavity.spacing = Vec3{0.9, 0.9, 0.9};
    cavity.last = {7, 9, 5};
    cavity.grid = {8, 10, 6};
    cavity.radius = 1.4;
    const int hostCavity = host.addCavity(cavity), deviceCavity = device.addCavity(cavity);
    for (int step = 0; step < 3; ++step) {
      if (step > 0) sim->step();
      host.accumulateCavity(hostCavity);
      device.accumulateCavity(deviceCavity);
      host.accumulateRdf(hostRdf);
      device.accumulateRdf(deviceRdf);
      for (std::size_t k = 0; k < requests.size(); ++k) {
        host.accumulate(hostHandles[k]);
        device.accumulate(deviceHandles[k]);
      }
      host.foldExtremes(hostExtremes);
      device.foldExtremes(deviceExtremes);
      for (std::size_t k = 0; k < vdf.size(); ++k) {
        host.accumulateVdf(hostVdf[k]);
        device.accumulateVdf(deviceVdf[k]);
      }
    }
    // VDF counts: the same integers (the shared vdfCounts on the same molecules), and molecules were counted.
    for (std::size_t k = 0; k < vdf.size(); ++k) {
      const std::vector<double> h = host.takeVdf(hostVdf[k]), d = device.takeVdf(deviceVdf[k]);
      CPPUNIT_ASSERT_EQUAL(12 * B::vdfValues(vdf[k]), h.size());
      CPPUNIT_ASSERT(h == d);
      double counted = 0;
      for (double x : h) counted += x;
      std::cout << "\n  [gpu test, " << backend << "] VDF request " << k << ": " << h.size() << " counts, "
                << counted << " in all, the same on the device";
      CPPUNIT_ASSERT(counted > 0);
    }
    // RDF counts: the same integers (the same pairs in the same bins); pairs were counted in the molecule and the
    // site histograms, and every molecule once per step.
    {
      const std::vector<double> h = host.takeRdf(hostRdf), d = device.takeRdf(deviceRdf);
      const B::RdfLayout layout = B::rdfLayout(rdf);
      CPPUNIT_ASSERT_EQUAL(layout.histograms + cfg.components.size(), h.size());
      int differing = 0;
      for (std::size_t i = 0; i < h.size(); ++i) differing += h[i] != d[i];
      const std::size_t nc = cfg.components.size(), moleculeValues = nc * (nc + 1) / 2 * rdf.bins;
      double pairs = 0, sitePairs = 0, molecules = 0, owned = 0;
      for (std::size_t i = 0; i < h.size(); ++i)
        (i >= layout.histograms ? molecules : (i < moleculeValues ? pairs : sitePairs)) += h[i];
      sim->sampling()->forEachOwned([&owned](const Molecule&) { owned += 1; });
      std::cout << "\n  [gpu test, " << backend << "] RDF: " << h.size() << " counts (" << pairs << " pairs, " << sitePairs
                << " site pairs), " << differing << " differ";
      CPPUNIT_ASSERT_EQUAL_MESSAGE("RDF counts", 0, differing);
      CPPUNIT_ASSERT(pairs > 0 && sitePairs > 0);
      CPPUNIT_ASSERT_EQUAL(3.0 * owned, molecules);
      const std::vector<double> again = device.takeRdf(deviceRdf);
      CPPUNIT_ASSERT_MESSAGE("RDF counts start from 0 after a take",
                             std::all_of(again.begin(), again.end(), [](double x) { return x == 0.0; }));
    }
    // CavityWriter's counts: the same integers; some points have no molecule near, some several.
    {
      const std::vector<double> h = host.takeCavity(hostCavity), d = device.takeCavity(deviceCavity);
      CPPUNIT_ASSERT_EQUAL(std::size_t(480), h.size());
      int differing = 0, empty = 0, crowded = 0;
      for (std::size_t i = 0; i < h.size(); ++i) {
        differing += h[i] != d[i];
        empty += h[i] == 0;
        crowded += h[i] >= 6;  // over the three steps: two molecules or more
      }
      std::cout << "\n  [gpu test, " << backend << "] cavity counts: " << h.size() << " points (" << empty << " empty, "
                << crowded << " with 6 or more), " << differing << " differ";
      CPPUNIT_ASSERT_EQUAL_MESSAGE("cavity counts", 0, differing);
      CPPUNIT_ASSERT(empty > 0 && crowded > 0);
    }
    // MaxWriter's extremes: maxima and minima of the same molecules, so the same bits; each quantity of the
    // whole system (slot 0) has a largest square above 0 (the molecules move, turn and feel forces and torques).
    const std::vector<double> he = host.takeExtremes(hostExtremes), de = device.takeExtremes(deviceExtremes);
    CPPUNIT_ASSERT_EQUAL(B::extremesSize(cfg.components.size()), he.size());
    CPPUNIT_ASSERT_EQUAL(he.size(), de.size());
    int differingExtremes = 0;
    for (std::size_t i = 0; i < he.size(); ++i) differingExtremes += he[i] != de[i];
    std::cout << "\n  [gpu test, " << backend << "] extremes: " << he.size() << " values, " << differingExtremes << " differ";
    CPPUNIT_ASSERT_EQUAL_MESSAGE("extremes", 0, differingExtremes);
    for (int q = 0; q < B::kExtremeQuantities; ++q) CPPUNIT_ASSERT(he[q * B::kExtremesPerQuantity] > 0);
    const std::vector<double> again = device.takeExtremes(deviceExtremes);
    CPPUNIT_ASSERT_MESSAGE("extremes start from 0 after a take",
                           std::all_of(again.begin(), again.end(), [](double x) { return x == 0.0; }));
    const unsigned virialFields = (1u << B::ViX) | (1u << B::ViY) | (1u << B::ViZ) | (1u << B::Gamma);
    for (std::size_t k = 0; k < requests.size(); ++k) {
      const std::vector<double> h = host.take(hostHandles[k]), d = device.take(deviceHandles[k]);
      CPPUNIT_ASSERT_EQUAL(B::size(requests[k], cfg.components.size()), h.size());
      CPPUNIT_ASSERT_EQUAL(h.size(), d.size());
      std::vector<unsigned> field;  // the field of each value of a bin
      for (unsigned f = 0; f < B::NumFields; ++f)
        if (requests[k].fieldMask & (1u << f)) field.push_back(f);
      int differing = 0;
      double worst = 0, count = 0;
      for (std::size_t i = 0; i < h.size(); ++i) {
        const unsigned f = field[i % field.size()];
        if (f == B::Count) count += h[i];
        if (virialFields & (1u << f)) {
          worst = std::max(worst, std::abs(h[i] - d[i]) / std::max(1.0, std::abs(h[i])));
        } else if (h[i] != d[i]) {
          if (differing++ == 0)
            std::cout << "\n  request " << k << " value " << i << " (field " << f << "): host " << h[i] << " device " << d[i];
        }
      }
      std::cout << "\n  [gpu test, " << backend << "] request " << k << ": " << h.size() << " values, " << differing
                << " without virial differ, virial values within " << worst;
      CPPUNIT_ASSERT_EQUAL_MESSAGE("request " + std::to_string(k), 0, differing);
      CPPUNIT_ASSERT_MESSAGE("request " + std::to_string(k) + " virial", worst <= 1e-12);
      if (requests[k].fieldMask & 1u) CPPUNIT_ASSERT_MESSAGE("molecules were binned", count > 0);
    }
  }

  /// The RDF's site histograms with every kind of site: the mixture's molecule B gets two charges, a dipole and a
  /// quadrupole, each off the centre and listed out of ls1's order, so that the device's slot of each site (LJ
  /// centres, charges, dipoles, quadrupoles) must match the host's order for the 36 histograms of B-B and 6 of A-B
  /// to agree.
  void testRdfOfEverySiteKind() {
    const std::string backend = deviceBackend();
    if (backend.empty()) return mardyn::testing::skipTest("no compute device with double precision");
    TempDir dir;
    writeFile(dir.file("phase.inp"), mixture::phaseSpace());
    const std::string sites =
        "<site type=\"Quadrupole\"><coords><x>0</x><y>0.15</y><z>0</z></coords><quadrupolemoment><abs>0.4</abs>"
        "<x>1</x><y>0</y><z>0</z></quadrupolemoment></site>"
        "<site type=\"Charge\"><coords><x>0</x><y>0</y><z>0.2</z></coords><mass>0</mass><charge>0.3</charge></site>"
        "<site type=\"Dipole\"><coords><x>0.1</x><y>0</y><z>0</z></coords><dipolemoment><abs>0.5</abs><x>0</x>"
        "<y>0</y><z>1</z></dipolemoment></site>"
        "<site type=\"Charge\"><coords><x>0</x><y>0</y><z>-0.2</z></coords><mass>0</mass><charge>-0.3</charge></site>"
        "<momentsofinertia>";
    const std::string xml = replaced(mixture::config(), "<momentsofinertia>", sites);
    CPPUNIT_ASSERT(xml != mixture::config());
    const SimulationConfig cfg = ConfigurationReader::read(writeFile(dir.file("config.xml"), xml));
    CPPUNIT_ASSERT_EQUAL(std::size_t(6), cfg.components[1].numSites());
    auto sim = makeSimulation(cfg, backend, false);
    sim->prepare();
    using B = MoleculeBinning;
    B& device = sim->sampling()->binning();
    HostMoleculeBinning host(*sim->sampling(), cfg.components.size(), cfg.box);
    B::RdfRequest rdf;
    rdf.bins = 60, rdf.interval = 0.05, rdf.cutoff = cfg.cutoffRadius;
    for (const Component& c : cfg.components) rdf.sites.push_back(static_cast<unsigned>(c.numSites()));
    const int h = host.addRdf(rdf), d = device.addRdf(rdf);
    for (int step = 0; step < 2; ++step) {
      if (step > 0) sim->step();
      host.accumulateRdf(h);
      device.accumulateRdf(d);
    }
    const std::vector<double> hc = host.takeRdf(h), dc = device.takeRdf(d);
    const B::RdfLayout layout = B::rdfLayout(rdf);
    CPPUNIT_ASSERT_EQUAL(layout.histograms + 2, hc.size());
    CPPUNIT_ASSERT_EQUAL(std::size_t((3 + 6 + 36) * 60), layout.histograms);
    int differing = 0, emptySitePairs = 0;
    for (std::size_t i = 0; i < hc.size(); ++i) differing += hc[i] != dc[i];
    const std::size_t first = static_cast<std::size_t>(layout.siteBase[1]);  // A-B, then B-B
    for (std::size_t k = first; k < layout.histograms; k += rdf.bins) {
      double n = 0;
      for (unsigned b = 0; b < rdf.bins; ++b) n += hc[k + b];
      emptySitePairs += n == 0;
    }
    std::cout << "\n  [gpu test, " << backend << "] RDF with every site kind: " << hc.size() << " counts, " << differing
              << " differ, " << emptySitePairs << " of 42 site histograms empty";
    CPPUNIT_ASSERT_EQUAL_MESSAGE("RDF counts with every site kind", 0, differing);
    CPPUNIT_ASSERT_EQUAL(0, emptySitePairs);
  }

  /// Five steps of the mixture with RegionSampling, SpatialProfile (cylinder shells) and GammaWriter writing every
  /// step, on the CPU and under the GPU decorator in double: the same files, every number within 1e-10.
  void testRunFilesAsTheCpu() {
    const std::string backend = deviceBackend();
    if (backend.empty()) return mardyn::testing::skipTest("no compute device with double precision");
    TempDir cpuDir, gpuDir;
    for (const TempDir* d : {&cpuDir, &gpuDir}) writeFile(d->file("phase.inp"), mixture::phaseSpace());
    const SimulationConfig cfg = ConfigurationReader::read(writeFile(cpuDir.file("config.xml"), mixtureConfig(5, true)));
    for (const TempDir* d : {&cpuDir, &gpuDir})
      inDirectory(d->path(), [&] {
        auto sim = makeSimulation(cfg, d == &gpuDir ? backend : "", true);
        std::ostringstream log;
        sim->run(log);
      });
    int files = 0, numbers = 0, differingText = 0;
    double worst = 0;
    for (const auto& entry : std::filesystem::directory_iterator(cpuDir.path())) {
      const std::string name = entry.path().filename().string();
      if (name == "config.xml" || name == "phase.inp") continue;
      const std::string a = readFile(entry.path().string()), b = readFile(gpuDir.file(name));
      CPPUNIT_ASSERT_MESSAGE(name + " written under the GPU decorator", std::filesystem::exists(gpuDir.file(name)));
      const std::vector<std::string> ta = tokens(a), tb = tokens(b);
      CPPUNIT_ASSERT_EQUAL_MESSAGE(name, ta.size(), tb.size());
      ++files;
      for (std::size_t i = 0; i < ta.size(); ++i) {
        if (ta[i] == tb[i]) continue;
        ++differingText;
        std::size_t used = 0;
        double x = 0, y = 0;
        try {
          x = std::stod(ta[i], &used);
          y = std::stod(tb[i]);
        } catch (const std::exception&) {
          CPPUNIT_FAIL(name + ": '" + ta[i] + "' vs '" + tb[i] + "'");
        }
        ++numbers;
        if (std::isnan(x) && std::isnan(y)) continue;
        worst = std::max(worst, std::abs(x - y) / std::max(1.0, std::abs(x)));
      }
    }
    std::cout << "\n  [gpu test, " << backend << "] " << files << " files: " << differingText << " numbers differ in print, largest "
              << "relative difference " << worst;
    CPPUNIT_ASSERT(files >= 10);
    CPPUNIT_ASSERT(worst <= 1e-10);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(GpuObserversTest);
