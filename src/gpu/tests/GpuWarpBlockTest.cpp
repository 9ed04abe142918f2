// Tests of the cell processors on very uneven cells (liquid in vacuum: empty cells beside cells of
// ~500 molecules) against the brute force, and of bitwise repeatable results in deterministic mode.
#include "gpu/tests/GpuTestRunner.h"

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <cstring>
#include <map>

using namespace mardyn;
using namespace mardyn::gpu;
using namespace mardyn::gpu::test;

namespace {

/// Everything a compute() leaves for the host: forces and torques of the owned molecules (slot
/// order), U_pot and virial.
struct Snapshot {
  std::vector<double> values;  ///< fx fy fz tx ty tz per molecule, then U_pot and virial

  explicit Snapshot(const DeviceResult& r) {
    for (const Molecule& m : r.molecules) {
      const Vec3 &f = m.F(), &t = m.M();
      values.insert(values.end(), {f.x, f.y, f.z, t.x, t.y, t.z});
    }
    values.push_back(r.upot);
    values.push_back(r.virial);
  }

  /// "" if bitwise identical, else where the first difference is.
  std::string differenceFrom(const Snapshot& o) const {
    if (values.size() != o.values.size()) return "different molecule counts";
    std::size_t differing = 0, first = 0;
    double largest = 0;
    for (std::size_t k = 0; k < values.size(); ++k)
      if (std::memcmp(&values[k], &o.values[k], sizeof(double)) != 0) {
        if (differing++ == 0) first = k;
        largest = std::max(largest, std::abs(values[k] - o.values[k]));
      }
    if (differing == 0) return "";
    const std::size_t n = (values.size() - 2) / 6;
    std::ostringstream out;
    out << differing << " of " << values.size() << " values differ, first ";
    if (first / 6 < n) out << (first % 6 < 3 ? "force" : "torque") << " of molecule index " << first / 6;
    else out << (first == values.size() - 2 ? "U_pot" : "virial");
    out << " (" << values[first] << " vs " << o.values[first] << "), largest difference " << largest;
    return out.str();
  }
};

/// Molecules per owned cell of `system` (cells in LinkedCells order).
std::vector<std::size_t> ownedCellOccupancy(const TestSystem& system) {
  auto cells = fillLinkedCells(system);
  std::vector<std::size_t> out;
  for (const auto& cell : cells->cells())
    if (!cell.isHalo()) out.push_back(cell.molecules().size());
  return out;
}

/// Checks that `system` is as uneven as the tests claim and prints its occupancy histogram.
void expectUneven(const TestSystem& system, std::size_t fullAtLeast) {
  const auto occupancy = ownedCellOccupancy(system);
  std::map<std::string, int> histogram;
  std::size_t empty = 0, full = 0, most = 0;
  for (std::size_t n : occupancy) {
    empty += n == 0;
    full += n >= fullAtLeast;
    most = std::max(most, n);
    histogram[n == 0 ? "0" : n < 10 ? "1-9" : n < fullAtLeast ? "10-" + std::to_string(fullAtLeast - 1)
                                                               : ">=" + std::to_string(fullAtLeast)]++;
  }
  std::cout << "\n  [gpu test] " << system.name << ": N=" << system.molecules.size() << ", " << occupancy.size()
            << " owned cells, most " << most << " molecules; cells by occupancy:";
  for (const auto& [range, count] : histogram) std::cout << " " << range << ": " << count;
  CPPUNIT_ASSERT_MESSAGE("no empty cell", empty > 0);
  CPPUNIT_ASSERT_MESSAGE("no cell of at least " + std::to_string(fullAtLeast) + " molecules", full > 0);
}

double secondsSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// The tolerances of runEverywhere, except in single precision: U_pot and virial of the reference
/// processor, where one thread sums a whole 500-molecule cell (1.2e5 pair terms) in float (~2e-4; held
/// to 1e-3), and the forces of this dense liquid at coordinates up to 17 sigma, where the periodic
/// images, made on the device in float (position + box length, one more rounding of ~1e-6 sigma), add
/// to the steep repulsion's error (1.26e-5; held to 2e-5).
bool unevenTolerance(const Deviation& d, compute::Precision p, const CellProcessorVariant& v) {
  if (p == compute::Precision::Single) {
    const double sums = v.name == "reference" ? 1e-3 : 1e-4;
    return d.force <= 2e-5 && d.torque <= 2e-5 && d.upot <= sums && d.virial <= sums;
  }
  return withinTolerance(d, p);
}

}  // namespace

class GpuWarpBlockTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(GpuWarpBlockTest);
  CPPUNIT_TEST(testLennardJonesLiquidInVacuum);
  CPPUNIT_TEST(testChargeModelLiquidInVacuum);
  CPPUNIT_TEST(testDeterministicRepeats);
  CPPUNIT_TEST_SUITE_END();

 public:
  /// Single-centre LJ, rc = 8.7 sigma, 4x4x4 cells: two cells of ~490 molecules (liquid at 0.75),
  /// two half-filled ones, vapour molecules in some, the rest empty.
  static TestSystem unevenLennardJones() {
    return makeLiquidInVacuum("lj", 4, 8.7, {1, 1, 1}, {3, 2.5, 2}, 0.75, 24, 31);
  }

  /// Two LJ centres and three charges with reaction field, rc = 5, 4x4x4 cells: cells of ~60
  /// molecules beside nearly empty and empty ones.
  static TestSystem unevenChargeModel() {
    TestSystem s = makeLiquidInVacuum("ljcharges", 4, 5.0, {1, 1, 1}, {3, 2.5, 2}, 0.5, 12, 32);
    s.params->setReactionField(20.0);
    return s;
  }

  /// Every processor at its default block size; the warp-block ones (PersistentBlocks) also with one
  /// warp per block and with eight (where the device allows more than one).
  static std::vector<ProcessorRun> unevenRuns() {
    std::vector<ProcessorRun> runs = processorRuns();
    for (const auto& variant : CellProcessorRegistry::all())
      if (variant.mapping == CellProcessorVariant::Mapping::PersistentBlocks)
        for (int b : {32, 256}) runs.push_back({&variant, b});
    return runs;
  }

  /// Every processor at its default block size; the warp-block ones also with eight warps per block
  /// sharing a job pool (the most freedom for the schedule; refused on OpenCL, where a work-group is one
  /// warp).
  static std::vector<ProcessorRun> deterministicRuns() {
    std::vector<ProcessorRun> runs = processorRuns();
    for (const auto& variant : CellProcessorRegistry::all())
      if (variant.mapping == CellProcessorVariant::Mapping::PersistentBlocks) runs.push_back({&variant, 256});
    return runs;
  }

  void testLennardJonesLiquidInVacuum() {
    const auto t0 = std::chrono::steady_clock::now();
    const TestSystem s = unevenLennardJones();
    expectUneven(s, 450);
    const int runs = runAgainstBruteForce(s, unevenRuns(), {}, unevenTolerance);
    std::cout << "\n  [gpu test] " << runs << " runs in " << secondsSince(t0) << " s";
  }

  /// The charge model's precisions: single and double (mixed, whose processors differ from double
  /// only in the site tables, is in the LJ case and the model tests); each program compile costs
  /// seconds on a CPU device.
  static std::vector<compute::Precision> chargePrecisions() {
    return {compute::Precision::Single, compute::Precision::Double};
  }

  void testChargeModelLiquidInVacuum() {
    const auto t0 = std::chrono::steady_clock::now();
    const TestSystem s = unevenChargeModel();
    expectUneven(s, 50);
    const int runs = runAgainstBruteForce(s, unevenRuns(), chargePrecisions(), unevenTolerance);
    std::cout << "\n  [gpu test] " << runs << " runs in " << secondsSince(t0) << " s";
  }

  /// deterministic = true: three fresh device systems (cells built again) with fresh interactions, and
  /// three computes on one interaction, give bitwise identical forces, torques, U_pot and virial, within
  /// the tolerances of the brute force.
  void testDeterministicRepeats() {
    const auto t0 = std::chrono::steady_clock::now();
    std::string failures;
    int checked = 0;
    // The uneven systems (their programs are compiled already: the compile dominates on a CPU device).
    const TestSystem systems[] = {unevenLennardJones(), unevenChargeModel()};
    const std::vector<compute::Precision> precisions[] = {{}, chargePrecisions()};
    for (int which = 0; which < 2; ++which) {
      const ReferenceResult ref = bruteForce(systems[which]);
      const TestSystem& s = systems[which];
      forEachContext(precisions[which], [&](compute::ComputeContext& context, const std::string& backend,
                                            compute::Precision p) {
        const std::string where = s.name + " " + backend + " " + compute::precisionName(p);
        for (const auto& run : deterministicRuns())
          checked += checkRepeatable(context, s, ref, run, where, p, failures);
      });
    }
    std::cout << "\n  [gpu test] determinism: " << checked << " system x processor x precision x backend cases, "
              << "5 computes each, " << secondsSince(t0) << " s";
    CPPUNIT_ASSERT_MESSAGE("not repeatable" + failures, failures.empty());
  }

 private:
  /// Five computes of `run` with deterministic = true (three fresh interactions, the last computing
  /// three times) compared bitwise with the first; the first also with the brute force. Appends what
  /// fails to `failures`; returns 0 where the device refuses the processor, else 1.
  static int checkRepeatable(compute::ComputeContext& context, const TestSystem& s, const ReferenceResult& ref,
                             const ProcessorRun& run, const std::string& where, compute::Precision p,
                             std::string& failures) {
    const std::string label = where + " " + run.variant->name;
    std::vector<Snapshot> results;
    for (int fresh = 0; fresh < 3; ++fresh) {
      // A fresh device system each time: the cells are built again (the same slots every time).
      DeviceSystem device(context, s);
      auto mi = makeInteraction(device, run, where, true);
      if (!mi) return 0;
      CPPUNIT_ASSERT_MESSAGE(label + ": deterministic() is false", mi->deterministic());
      const DeviceResult first = device.compute(*mi);
      results.emplace_back(first);
      if (fresh == 0) {
        const Deviation d = compare(first, ref);
        std::ostringstream what;
        what << label << "/" << mi->blockSize() << " deterministic: force " << d.force << " torque " << d.torque
             << " U " << d.upot << " virial " << d.virial;
        std::cout << "\n  [gpu test] " << what.str();
        if (!unevenTolerance(d, p, *run.variant)) failures += "; beyond tolerance: " + what.str();
      }
      for (int repeat = 0; fresh == 2 && repeat < 2; ++repeat) results.emplace_back(device.compute(*mi));
    }
    for (std::size_t k = 1; k < results.size(); ++k) {
      const std::string diff = results[k].differenceFrom(results[0]);
      if (!diff.empty())
        failures += "; " + label + (k < 3 ? " fresh interaction " : " repeated compute ") + std::to_string(k) + ": " +
                    diff;
    }
    return 1;
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(GpuWarpBlockTest);
