// Tests of cellProcessor="auto" (CellProcessorAutoTuner in the decorator): the choice is a registered
// processor, named in the log, whose results equal a decorator built with it directly; block-size restriction,
// skipped candidates, deterministic and COMPARE_TO_CPU together with auto.
#include "gpu/CellProcessorAutoTuner.h"
#include "gpu/LinkedCellsGPUDecorator.h"
#include "gpu/tests/GpuTestRunner.h"

#include <cppunit/extensions/HelperMacros.h>

#include <map>
#include <sstream>

using namespace mardyn;
using namespace mardyn::gpu;
using namespace mardyn::gpu::test;

namespace {

/// Forces and U_pot/virial of one traversal, owned molecules by id.
struct Snapshot {
  std::map<unsigned long, Vec3> forces;
  double upot = 0.0, virial = 0.0;
};

Snapshot traverse(LinkedCellsGPUDecorator& deco, const TestSystem& s) {
  LegacyCellProcessor unused(*s.params);
  deco.traverseCells(unused);
  Snapshot snap;
  deco.forEach([&snap](const Molecule& m) { snap.forces[m.id()] = m.F(); }, IterateOver::Owned);
  CPPUNIT_ASSERT(deco.traversalResult(snap.upot, snap.virial));
  return snap;
}

/// Largest deviation of b from a: per molecule |dF| / rms |F|, and relative U_pot and virial.
double deviation(const Snapshot& a, const Snapshot& b) {
  CPPUNIT_ASSERT_EQUAL(a.forces.size(), b.forces.size());
  double f2 = 0, maxDf2 = 0;
  for (const auto& [id, f] : a.forces) {
    f2 += norm2(f);
    maxDf2 = std::max(maxDf2, norm2(f - b.forces.at(id)));
  }
  const double rms = std::sqrt(f2 / std::max<std::size_t>(a.forces.size(), 1));
  double d = std::sqrt(maxDf2) / std::max(rms, 1e-300);
  d = std::max(d, std::abs(a.upot - b.upot) / std::max(std::abs(a.upot), 1e-300));
  d = std::max(d, std::abs(a.virial - b.virial) / std::max(std::abs(a.virial), 1e-300));
  return d;
}

/// Every backend with a device: its name and context options (double where the device has it).
std::vector<compute::ContextOptions> devices() {
  std::vector<compute::ContextOptions> out;
  const auto registry = compute::availableBackends();
  for (const auto& backend : registry.names()) {
    const auto list = registry.devices(backend);
    if (list.devices.empty()) {
      std::cout << "\n  [gpu test] skipped backend " << backend << ": " << list.unavailableReason;
      continue;
    }
    compute::ContextOptions co;
    co.backend = backend;
    co.deviceIndex = 0;
    co.precision = list.devices.front().supportsDouble ? compute::Precision::Double : compute::Precision::Single;
    out.push_back(co);
  }
  if (out.empty()) mardyn::testing::skipTest("no compute device");
  return out;
}

std::unique_ptr<LinkedCellsGPUDecorator> decorator(const TestSystem& s, const compute::ContextOptions& co,
                                                   GpuOptions options, std::ostream& log) {
  return makeDecorator(s, compute::availableBackends().create(co), options, log);
}

TestSystem atOrigin(TestSystem s) {
  moveToOrigin(s);
  return s;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

}  // namespace

class GpuAutoTuneTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(GpuAutoTuneTest);
  CPPUNIT_TEST(testAutoChoosesAndMatchesDirect);
  CPPUNIT_TEST(testUserBlockSizeRestricts);
  CPPUNIT_TEST(testImpossibleCandidateIsSkipped);
  CPPUNIT_TEST(testDeterministicAndCompareWithAuto);
  CPPUNIT_TEST_SUITE_END();

 public:
  void testAutoChoosesAndMatchesDirect() {
    const TestSystem s = atOrigin(makeSystem("lj", 3, 250, 31));
    const ReferenceResult ref = bruteForce(s);
    for (const auto& co : devices()) {
      GpuOptions options;
      options.cellProcessor = "auto";
      std::ostringstream log;
      auto deco = decorator(s, co, options, log);
      CPPUNIT_ASSERT_THROW(deco->interaction(), MardynException);  // chosen on the first traversal
      const Snapshot tuned = traverse(*deco, s);
      std::cout << "\n  [gpu test] " << co.backend << ": " << log.str();
      const auto& chosen = deco->interaction();
      const std::string name = chosen.variant().name;
      CPPUNIT_ASSERT(name != "reference");
      CPPUNIT_ASSERT_EQUAL(&chosen.variant(), &CellProcessorRegistry::find(name));
      const std::string label = name + "/" + std::to_string(chosen.blockSize());
      CPPUNIT_ASSERT_MESSAGE(log.str(), log.str().find("GPU cell processor auto: " + label + " chosen (") !=
                                            std::string::npos);
      // Every processor's default was tried, each result is in the table, the block sizes as the
      // device took them; the other sizes were tried unless the device set the default itself.
      const auto& results = deco->autoTuner()->results();
      const auto candidates = CellProcessorAutoTuner::candidates(0);
      std::size_t tried = 0;
      for (const auto& c : candidates) {
        const auto same = [&c](const CellProcessorAutoTuner::Result& r) { return r.candidate.variant == c.variant; };
        const bool deviceSet = std::any_of(results.begin(), results.end(), [&](const auto& r) {
          return same(r) && r.deviceSetBlockSize;
        });
        CPPUNIT_ASSERT(std::any_of(results.begin(), results.end(), same));
        if (c.blockSize == 0 || !deviceSet) ++tried;
      }
      CPPUNIT_ASSERT_EQUAL(tried, results.size());
      for (const auto& r : results) {
        CPPUNIT_ASSERT(log.str().find(r.candidate.label() + (r.ran ? " " : " skipped (")) != std::string::npos);
        if (r.ran) CPPUNIT_ASSERT(r.candidate.blockSize > 0 && r.kernelSeconds > 0);
      }

      // The step's results are the chosen processor's: the same as a decorator built with it directly.
      GpuOptions direct;
      direct.cellProcessor = name;
      direct.blockSize = chosen.blockSize();
      std::ostringstream directLog;
      auto plain = decorator(s, co, direct, directLog);
      const Snapshot expected = traverse(*plain, s);
      const double tol = co.precision == compute::Precision::Double ? 1e-12 : 1e-5;
      const double d = deviation(expected, tuned);
      std::cout << "\n  [gpu test] auto vs " << label << " built directly: " << d;
      CPPUNIT_ASSERT(d <= tol);
      // ... and right: forces applied once, against the brute force.
      double df2 = 0, f2 = 0;
      for (const auto& [id, f] : tuned.forces) {
        df2 += norm2(f - ref.forces[id - 1]);
        f2 += norm2(ref.forces[id - 1]);
      }
      CPPUNIT_ASSERT(std::sqrt(df2 / f2) <= (co.precision == compute::Precision::Double ? 1e-10 : 1e-5));

      // Later traversals use the choice without tuning again.
      const MoleculeInteraction* first = &deco->interaction();
      const Snapshot again = traverse(*deco, s);
      CPPUNIT_ASSERT_EQUAL(first, &deco->interaction());
      CPPUNIT_ASSERT_EQUAL(std::size_t(1), count(log.str(), "GPU cell processor auto:"));
      CPPUNIT_ASSERT(deviation(expected, again) <= tol);
    }
  }

  void testUserBlockSizeRestricts() {
    const TestSystem s = atOrigin(makeSystem("lj", 3, 150, 32));
    for (const auto& co : devices()) {
      GpuOptions options;
      options.cellProcessor = "auto";
      options.blockSize = 64;
      std::ostringstream log;
      auto deco = decorator(s, co, options, log);
      traverse(*deco, s);
      std::cout << "\n  [gpu test] " << co.backend << " blockSize 64: " << log.str();
      CPPUNIT_ASSERT_EQUAL(64, deco->interaction().blockSize());
      const auto& results = deco->autoTuner()->results();
      CPPUNIT_ASSERT_EQUAL(CellProcessorAutoTuner::candidates(64).size(), results.size());
      for (const auto& r : results) {
        CPPUNIT_ASSERT_EQUAL(64, r.candidate.blockSize);
        CPPUNIT_ASSERT(r.candidate.variant->name != "reference");
      }
    }
  }

  void testImpossibleCandidateIsSkipped() {
    const TestSystem s = makeSystem("mixture", 3, 120, 33);
    for (const auto& co : devices()) {
      auto context = compute::availableBackends().create(co);
      DeviceSystem device(*context, s);
      const auto& threadBlock = CellProcessorRegistry::find("threadBlock");
      int built = 0;
      auto factory = [&](const CellProcessorVariant& v, int blockSize) {
        ++built;
        return std::make_unique<MoleculeInteraction>(*context, device.step().descriptor(), device.step().grid(), v,
                                                     blockSize);
      };
      // 48: not a power of two; the default (32) and 32 again: one timing; 1024: the mixture's shared
      // memory does not fit (and beyond some devices' limit).
      CellProcessorAutoTuner tuner({{&threadBlock, 48}, {&threadBlock, 0}, {&threadBlock, 32}, {&threadBlock, 1024}},
                                   factory, 2);
      auto mi = tuner.tune(device.step().target());
      std::cout << "\n  [gpu test] " << co.backend << ": " << tuner.summary();
      CPPUNIT_ASSERT_EQUAL(4, built);
      CPPUNIT_ASSERT_EQUAL(32, mi->blockSize());
      const auto& r = tuner.results();
      CPPUNIT_ASSERT_EQUAL(std::size_t(4), r.size());
      CPPUNIT_ASSERT(!r[0].ran && r[0].reason.find("power of two") != std::string::npos);
      CPPUNIT_ASSERT(r[1].ran && r[1].kernelSeconds > 0 && r[1].candidate.blockSize == 32 && !r[1].deviceSetBlockSize);
      CPPUNIT_ASSERT(!r[2].ran && r[2].reason.find("runs as threadBlock/32") != std::string::npos);
      CPPUNIT_ASSERT(!r[3].ran && !r[3].reason.empty());
      CPPUNIT_ASSERT(tuner.summary().find("threadBlock/32 chosen") != std::string::npos);
      CPPUNIT_ASSERT(tuner.summary().find("threadBlock/48 skipped (") != std::string::npos);
      // The chosen interaction's results are on the device; they are right.
      const Deviation d = compare(device.compute(*mi), bruteForce(s));
      CPPUNIT_ASSERT(d.force <= (co.precision == compute::Precision::Double ? 1e-10 : 1e-5));

      // No candidate can run: an error listing every reason, in the decorator too.
      CellProcessorAutoTuner none({{&threadBlock, 48}, {&threadBlock, 1024}}, factory, 1);
      try {
        none.tune(device.step().target());
        CPPUNIT_FAIL("tuning without a runnable candidate did not fail");
      } catch (const MardynException& e) {
        const std::string what = e.what();
        CPPUNIT_ASSERT(what.find("threadBlock/48: ") != std::string::npos);
        CPPUNIT_ASSERT(what.find("threadBlock/1024: ") != std::string::npos);
      }
      GpuOptions options;
      options.cellProcessor = "auto";
      options.blockSize = 100000;  // no processor runs blocks this large
      std::ostringstream log;
      auto deco = decorator(atOrigin(makeSystem("mixture", 3, 120, 33)), co, options, log);
      LegacyCellProcessor unused(*s.params);
      CPPUNIT_ASSERT_THROW(deco->traverseCells(unused), MardynException);
    }
  }

  void testDeterministicAndCompareWithAuto() {
    const TestSystem s = atOrigin(makeSystem("lj", 3, 200, 34));
    for (const auto& co : devices()) {
      GpuOptions options;
      options.cellProcessor = "auto";
      options.deterministic = true;
      options.compareToCpu = true;
      std::ostringstream log;
      auto deco = decorator(s, co, options, log);
      const Snapshot first = traverse(*deco, s);
      CPPUNIT_ASSERT(deco->interaction().deterministic());
      const Snapshot second = traverse(*deco, s);
      std::cout << "\n  [gpu test] " << co.backend << " deterministic + compareToCpu: " << log.str();
      // The tuning traversal was compared with the CPU like every other.
      CPPUNIT_ASSERT_EQUAL(std::size_t(2), count(log.str(), "GPU vs CPU (traversal "));
      const double tol = co.precision == compute::Precision::Double ? 1e-10 : 1e-5;
      CPPUNIT_ASSERT(deco->lastComparison().maxForceDeviation <= tol);
      CPPUNIT_ASSERT(deco->lastComparison().relativeUpotDifference() <= tol);
      // Bitwise identical repeats.
      CPPUNIT_ASSERT_EQUAL(first.upot, second.upot);
      CPPUNIT_ASSERT_EQUAL(first.virial, second.virial);
      for (const auto& [id, f] : first.forces) {
        const Vec3& g = second.forces.at(id);
        CPPUNIT_ASSERT(f.x == g.x && f.y == g.y && f.z == g.z);
      }
    }
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(GpuAutoTuneTest);
