// Tests of the GPU decorator on single-centre Lennard-Jones systems: every cell processor x
// precision x backend against a brute-force reference (nearly empty cells up to one cell of more
// than 200 molecules), and the decorator's COMPARE_TO_CPU path against the CPU reference processor.
#include "gpu/LinkedCellsGPUDecorator.h"
#include "gpu/tests/GpuTestRunner.h"

#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <set>
#include <sstream>

using namespace mardyn;
using namespace mardyn::gpu;
using namespace mardyn::gpu::test;

class LinkedCellsGPUDecoratorTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(LinkedCellsGPUDecoratorTest);
  CPPUNIT_TEST(testLennardJones);
  CPPUNIT_TEST(testUnevenCells);
  CPPUNIT_TEST(testDomainTraverserLaunchesShareNoCell);
  CPPUNIT_TEST(testDecoratorComparesWithCpu);
  CPPUNIT_TEST(testCompareOnPerfectLattice);
  CPPUNIT_TEST(testConditionsNameTheMolecule);
  CPPUNIT_TEST(testWarpBlockRequirementsRefusedByName);
  CPPUNIT_TEST_SUITE_END();

 public:
  void testLennardJones() { runEverywhere(makeSystem("lj", 3, 300, 11)); }

  void testUnevenCells() {
    // 90% of the molecules in one cell (> 200 there), the rest spread thinly; small LJ centres so
    // that the crowded cell is not a heap of overlapping molecules.
    TestSystem s = makeSystem("ljsmall", 3, 260, 12, true, 0.33);
    runEverywhere(s, {128});  // several warp blocks per block: the inter-warp schedule
  }

  void testDomainTraverserLaunchesShareNoCell() {
    LinkedCells lc({0, 0, 0}, {10, 7.5, 12.5}, 2.5, 1);
    std::vector<char> halo;
    for (const auto& c : lc.cells()) halo.push_back(c.isHalo() ? 1 : 0);
    std::vector<compute::mm_int2> pairs;
    std::vector<DomainTraverser::Launch> launches;
    DomainTraverser::build(lc.cellsPerDim(), halo, lc.forwardNeighbourOffsets(), pairs, launches);
    std::set<std::pair<int, int>> seen;
    for (const auto& l : launches) {
      std::set<int> used;
      for (int k = l.first; k < l.first + l.count; ++k) {
        const auto p = pairs[k];
        CPPUNIT_ASSERT_MESSAGE("launch " + l.label + " reuses a cell", used.insert(p.x).second);
        if (p.y != p.x) CPPUNIT_ASSERT_MESSAGE("launch " + l.label + " reuses a cell", used.insert(p.y).second);
        CPPUNIT_ASSERT(!(halo[p.x] && halo[p.y]));
        CPPUNIT_ASSERT(seen.insert({std::min(p.x, p.y), std::max(p.x, p.y)}).second);
      }
    }
    // Every neighbour pair with an owned cell appears exactly once: count them directly.
    const auto& d = lc.cellsPerDim();
    std::size_t expected = 0;
    for (int z = 0; z < d[2]; ++z)
      for (int y = 0; y < d[1]; ++y)
        for (int x = 0; x < d[0]; ++x)
          for (int dz = -1; dz <= 1; ++dz)
            for (int dy = -1; dy <= 1; ++dy)
              for (int dx = -1; dx <= 1; ++dx) {
                const int nx = x + dx, ny = y + dy, nz = z + dz;
                if (nx < 0 || ny < 0 || nz < 0 || nx >= d[0] || ny >= d[1] || nz >= d[2]) continue;
                const std::size_t a = lc.cellIndex(x, y, z), b = lc.cellIndex(nx, ny, nz);
                if (a > b || (halo[a] && halo[b])) continue;
                if (a == b && halo[a]) continue;
                ++expected;
              }
    CPPUNIT_ASSERT_EQUAL(expected, seen.size());
    CPPUNIT_ASSERT_EQUAL(std::size_t(27), launches.size());
  }

  void testDecoratorComparesWithCpu() {
    const auto registry = compute::availableBackends();
    int runs = 0;
    for (const auto& backend : registry.names()) {
      const auto list = registry.devices(backend);
      if (list.devices.empty()) continue;
      // Single-centre LJ (also against the brute force), and the multi-site mixture with reaction
      // field and the smooth cutoff switch against the CPU reference processor only.
      for (const std::string model : {"lj", "mixture"}) {
        TestSystem s = makeSystem(model, 3, 200, 13);
        moveToOrigin(s);
        if (model == "mixture") {
          s.params->setReactionField(20.0);
          s.params->setSwitchingWidth(0.6);
        }
        compute::ContextOptions co;
        co.backend = backend;
        co.deviceIndex = 0;
        co.precision = list.devices.front().supportsDouble ? compute::Precision::Double : compute::Precision::Single;
        GpuOptions options;
        options.compareToCpu = true;
        options.testQuaternionConversion = true;
        for (const auto& variant : CellProcessorRegistry::all()) {
          options.cellProcessor = variant.name;
          std::ostringstream log;
          auto deco = makeDecorator(s, registry.create(co), options, log);
          LegacyCellProcessor unused(*s.params);
          deco->traverseCells(unused);
          ++runs;
          const auto& c = deco->lastComparison();
          std::cout << "\n  [gpu test] " << model << " " << backend << " " << variant.name << ": " << log.str();
          const double tol = co.precision == compute::Precision::Double ? 1e-10 : 1e-5;
          CPPUNIT_ASSERT_EQUAL(s.molecules.size(), c.molecules);
          CPPUNIT_ASSERT(c.maxForceDeviation <= tol);
          CPPUNIT_ASSERT(c.maxTorqueDeviation <= tol);
          CPPUNIT_ASSERT(c.relativeUpotDifference() <= tol);
          CPPUNIT_ASSERT(c.relativeVirialDifference() <= tol);
          // The line prints the deviations in scientific notation.
          CPPUNIT_ASSERT(log.str().find("e-") != std::string::npos);
          double u = 0, v = 0;
          CPPUNIT_ASSERT(deco->traversalResult(u, v));
          CPPUNIT_ASSERT_DOUBLES_EQUAL(c.upotCpu, u, tol * std::abs(c.upotCpu));
          if (model != "lj") continue;
          // The molecules carry the device forces after the check.
          const ReferenceResult ref = bruteForce(s);
          double df2 = 0, f2 = 0;
          deco->forEach([&](const Molecule& m) {
            df2 += norm2(m.F() - ref.forces[m.id() - 1]);
            f2 += norm2(ref.forces[m.id() - 1]);
          }, IterateOver::Owned);
          CPPUNIT_ASSERT(std::sqrt(df2 / f2) <= tol);
        }
        // A processor that does not exist is refused by name.
        options.cellProcessor = "noSuchProcessor";
        std::ostringstream log;
        CPPUNIT_ASSERT_THROW(makeDecorator(s, registry.create(co), options, log), MardynException);
      }
    }
    if (runs == 0) mardyn::testing::skipTest("no compute device");
  }

  /// On a perfect lattice every force is round-off: COMPARE_TO_CPU measures against the energy's
  /// force scale there and passes (a deviation relative to the RMS force would be meaningless).
  void testCompareOnPerfectLattice() {
    const auto registry = compute::availableBackends();
    int runs = 0;
    for (const auto& backend : registry.names()) {
      const auto list = registry.devices(backend);
      if (list.devices.empty() || !list.devices.front().supportsDouble) continue;
      TestSystem s = makeSystem("lj", 3, 0, 16);
      moveToOrigin(s);
      const double a = s.boxMax.x / 4.0;
      const double basis[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
      unsigned long id = 1;
      for (int x = 0; x < 4; ++x)
        for (int y = 0; y < 4; ++y)
          for (int z = 0; z < 4; ++z)
            for (const auto& b : basis)
              s.molecules.emplace_back(id++, &s.components[0], Vec3{(x + b[0]) * a, (y + b[1]) * a, (z + b[2]) * a},
                                       Vec3{});
      compute::ContextOptions co;
      co.backend = backend;
      co.deviceIndex = 0;
      co.precision = compute::Precision::Double;
      GpuOptions options;
      options.compareToCpu = true;
      options.cellProcessor = "warpBlock";
      std::ostringstream log;
      auto deco = makeDecorator(s, registry.create(co), options, log);
      LegacyCellProcessor unused(*s.params);
      deco->traverseCells(unused);
      ++runs;
      const auto& c = deco->lastComparison();
      std::cout << "\n  [gpu test] lattice " << backend << ": " << log.str();
      CPPUNIT_ASSERT(c.forceScale > 0.1);  // the energy's scale, not the round-off forces
      CPPUNIT_ASSERT(c.maxForceDeviation <= 1e-10);
    }
    if (runs == 0) mardyn::testing::skipTest("no compute device with double precision");
  }

  /// A molecule really placed in the wrong cell (moved on the device by more than a cell between
  /// rebuilds) is reported by its id, in every precision.
  void testConditionsNameTheMolecule() {
    const TestSystem s = makeSystem("lj", 3, 100, 14);
    forEachContext({}, [&](compute::ComputeContext& context, const std::string& backend, compute::Precision p) {
      DeviceSystem device(context, s);
      auto& storage = device.step().storage();
      const auto ids = storage.downloadIds();
      std::vector<double> r;
      storage.positions().downloadPrefix(r, storage.numSlots());
      const std::vector<int> source = storage.haloSource().download();
      std::size_t slot = 0;
      while (ids[slot] != 7 || source[slot] != -1) ++slot;  // the owned copy of molecule 7, not an image
      r[4 * slot] += 1.3;
      storage.positions().uploadPrefix(r);
      MoleculeInteraction mi(context, device.step().descriptor(), device.step().grid(),
                             CellProcessorRegistry::find("threadBlock"));
      try {
        device.compute(mi);
        CPPUNIT_FAIL("a molecule outside its cell was not reported");
      } catch (const MardynException& e) {
        const std::string what = e.what();
        std::cout << "\n  [gpu test] " << backend << " " << compute::precisionName(p) << ": " << what;
        CPPUNIT_ASSERT(what.find("molecule 7 ") != std::string::npos);
        CPPUNIT_ASSERT(what.find("outside the cell") != std::string::npos);
      }
    });
  }

  void testWarpBlockRequirementsRefusedByName() {
    // An OpenCL work-group is one warp of the warp-block processors (OpenCL does not promise that the
    // sub-groups of a work-group progress independently): a larger block is refused with the reason,
    // the default adapts. A block size no block of which fits is refused on every backend.
    const auto registry = compute::availableBackends();
    TestSystem s = makeSystem("lj", 3, 60, 15);
    for (const auto& backend : registry.names()) {
      if (registry.devices(backend).devices.empty()) continue;
      compute::ContextOptions co;
      co.backend = backend;
      co.deviceIndex = 0;
      co.precision = compute::Precision::Single;
      auto context = registry.create(co);
      DeviceSystem device(*context, s);
      for (const char* name : {"warpBlock", "warpBlockCached"}) {
        const auto& variant = CellProcessorRegistry::find(name);
        MoleculeInteraction byDefault(*context, device.step().descriptor(), device.step().grid(), variant);
        if (backend == "opencl") {
          CPPUNIT_ASSERT_EQUAL(32, byDefault.blockSize());
          try {
            MoleculeInteraction larger(*context, device.step().descriptor(), device.step().grid(), variant, 64);
            CPPUNIT_FAIL(std::string(name) + " with 64-thread work-groups was accepted on OpenCL");
          } catch (const MardynException& e) {
            const std::string what = e.what();
            std::cout << "\n  [gpu test] " << what;
            CPPUNIT_ASSERT(what.find(name) != std::string::npos);
            CPPUNIT_ASSERT(what.find("sub-groups") != std::string::npos);
          }
        } else {
          CPPUNIT_ASSERT_EQUAL(variant.defaultBlockSize, byDefault.blockSize());
        }
        CPPUNIT_ASSERT_THROW(
            MoleculeInteraction(*context, device.step().descriptor(), device.step().grid(), variant, 48),
            MardynException);
      }
    }
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(LinkedCellsGPUDecoratorTest);

