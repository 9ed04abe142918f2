// Test support for the GPU decorator: runs one comparison body for every cell processor x
// precision x backend present against the brute-force reference, printing each deviation and
// skipping (with the reason) what a device lacks.
#pragma once

#include "gpu/CellProcessorRegistry.h"
#include "gpu/MoleculeInteraction.h"
#include "gpu/tests/GpuTestSystems.h"

#include "compute/ComputeBackends.h"
#include "compute/ComputeException.h"
#include "utils/MardynException.h"

#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>

namespace mardyn::gpu::test {

struct Deviation {
  double force = 0, torque = 0, upot = 0, virial = 0;
};

/// Deviations of the device results (in storage order of `cells`) from the reference.
inline Deviation compare(MoleculeInteraction& mi, LinkedCells& cells, const ReferenceResult& ref) {
  double df2 = 0, f2 = 0, dt2 = 0, t2 = 0;
  std::size_t i = 0;
  for (const auto& cell : cells.cells())
    for (const Molecule& m : cell.molecules()) {
      if (!cell.isHalo()) {
        const auto f = mi.storage().force(i), t = mi.storage().torque(i);
        const Vec3 fr = ref.forces[m.id() - 1], tr = ref.torques[m.id() - 1];
        df2 += norm2(Vec3{f[0], f[1], f[2]} - fr);
        f2 += norm2(fr);
        dt2 += norm2(Vec3{t[0], t[1], t[2]} - tr);
        t2 += norm2(tr);
      }
      ++i;
    }
  Deviation d;
  d.force = f2 > 0 ? std::sqrt(df2 / f2) : std::sqrt(df2);
  d.torque = t2 > 0 ? std::sqrt(dt2 / t2) : std::sqrt(dt2);
  d.upot = std::abs(mi.upot() - ref.upot) / std::max(std::abs(ref.upot), 1e-300);
  d.virial = std::abs(mi.virial() - ref.virial) / std::max(std::abs(ref.virial), 1e-300);
  return d;
}

/// The tolerances of runEverywhere: double 1e-10 relative everywhere; mixed 1e-5; single 1e-5
/// norm-wise on forces and torques and 1e-4 on U_pot and virial (sums over many pairs in float).
inline bool withinTolerance(const Deviation& d, compute::Precision p) {
  const double tol = p == compute::Precision::Double ? 1e-10 : 1e-5;
  const double sumTol = p == compute::Precision::Single ? 1e-4 : tol;
  return d.force <= tol && d.torque <= tol && d.upot <= sumTol && d.virial <= sumTol;
}

/// One processor at one block size (0: the processor's default).
struct ProcessorRun {
  const CellProcessorVariant* variant;
  int blockSize;
};

/// Every registered processor at its default block size, and the block processors (BlockPerCellPair
/// and PersistentBlocks mappings) also at each of extraBlockSizes that differs from their default.
inline std::vector<ProcessorRun> processorRuns(const std::vector<int>& extraBlockSizes = {}) {
  std::vector<ProcessorRun> out;
  for (const auto& variant : CellProcessorRegistry::all()) {
    out.push_back({&variant, 0});
    if (variant.mapping == CellProcessorVariant::Mapping::ThreadPerCellPair) continue;
    for (int b : extraBlockSizes)
      if (b != variant.defaultBlockSize) out.push_back({&variant, b});
  }
  return out;
}

/// Calls body(context, backend, precision) for every backend with a device (its first device) and
/// every precision (restricted to `precisions` if non-empty) the device supports; prints what is
/// skipped and why. Returns the number of contexts visited.
template <class Body>
inline int forEachContext(const std::vector<compute::Precision>& precisions, Body&& body) {
  const auto registry = compute::availableBackends();
  int contexts = 0;
  for (const auto& backend : registry.names()) {
    const auto list = registry.devices(backend);
    if (list.devices.empty()) {
      std::cout << "\n  [gpu test] skipped backend " << backend << ": " << list.unavailableReason;
      continue;
    }
    const auto& info = list.devices.front();
    for (auto p : {compute::Precision::Single, compute::Precision::Mixed, compute::Precision::Double}) {
      if (!precisions.empty() && std::find(precisions.begin(), precisions.end(), p) == precisions.end()) continue;
      if (p != compute::Precision::Single && !info.supportsDouble) {
        std::cout << "\n  [gpu test] skipped " << backend << " " << compute::precisionName(p) << ": device "
                  << info.name << " has no double precision";
        continue;
      }
      compute::ContextOptions co;
      co.backend = backend;
      co.deviceIndex = 0;
      co.precision = p;
      auto context = registry.create(co);
      body(*context, backend, p);
      ++contexts;
    }
  }
  return contexts;
}

/// The interaction of `run` for `system`, or nullptr (the reason printed, labelled `where`) where
/// the device refuses a persistent-block processor (a MardynException of the constructor that is not
/// a compute-layer error such as a failed compile: those, and every other processor's errors, fail).
inline std::unique_ptr<MoleculeInteraction> makeInteraction(compute::ComputeContext& context, const TestSystem& system,
                                                            const ProcessorRun& run, const std::string& where,
                                                            bool deterministic = false) {
  try {
    return std::make_unique<MoleculeInteraction>(context, system.components, *system.params, *run.variant,
                                                 run.blockSize, nullptr, deterministic);
  } catch (const compute::ComputeException&) {
    throw;
  } catch (const MardynException& e) {
    if (run.variant->mapping != CellProcessorVariant::Mapping::PersistentBlocks) throw;
    std::cout << "\n  [gpu test] skipped " << where << " " << run.variant->name << "/"
              << (run.blockSize > 0 ? run.blockSize : run.variant->defaultBlockSize) << ": " << e.what();
    return nullptr;
  }
}

/// Whether a run's deviations are acceptable, given its precision and processor.
using ToleranceCheck = std::function<bool(const Deviation&, compute::Precision, const CellProcessorVariant&)>;

/// Runs `system` with each of `runs` on every backend and precision (restricted to `precisions` if
/// non-empty), compares with the brute force and asserts `within`. Every combination runs before
/// the first failure is reported. Returns the number of runs.
inline int runAgainstBruteForce(const TestSystem& system, const std::vector<ProcessorRun>& runs,
                                const std::vector<compute::Precision>& precisions, const ToleranceCheck& within) {
  const ReferenceResult ref = bruteForce(system);
  int count = 0;
  std::string failures;
  forEachContext(precisions, [&](compute::ComputeContext& context, const std::string& backend, compute::Precision p) {
    const std::string where = backend + " " + compute::precisionName(p);
    std::set<std::pair<const CellProcessorVariant*, int>> done;  // a device may fix the block size
    for (const auto& run : runs) {
      auto cells = fillLinkedCells(system);
      auto mi = makeInteraction(context, system, run, system.name + " " + where);
      if (!mi || !done.insert({run.variant, mi->blockSize()}).second) continue;
      mi->compute(*cells);
      const Deviation d = compare(*mi, *cells, ref);
      std::ostringstream what;
      what << system.name << " N=" << system.molecules.size() << " " << where << " " << run.variant->name << "/"
           << mi->blockSize() << ": force " << d.force << " torque " << d.torque << " U " << d.upot << " virial "
           << d.virial;
      std::cout << "\n  [gpu test] " << what.str();
      if (!within(d, p, *run.variant)) failures += (failures.empty() ? "" : "; ") + what.str();
      ++count;
    }
  });
  CPPUNIT_ASSERT_MESSAGE("beyond tolerance: " + failures, failures.empty());
  if (count == 0) std::cout << "\n  [gpu test] no compute device: nothing run";
  return count;
}

/// Runs `system` on every backend, precision (restricted to `precisions` if non-empty) and cell
/// processor; asserts the tolerances of withinTolerance. Every combination runs before the first
/// failure is reported. Returns the number of runs.
/// extraBlockSizes: further block sizes to run the block processors with (besides their default).
inline int runEverywhere(const TestSystem& system, const std::vector<int>& extraBlockSizes = {},
                         const std::vector<compute::Precision>& precisions = {}) {
  return runAgainstBruteForce(system, processorRuns(extraBlockSizes), precisions,
                              [](const Deviation& d, compute::Precision p, const CellProcessorVariant&) {
                                return withinTolerance(d, p);
                              });
}

}  // namespace mardyn::gpu::test
