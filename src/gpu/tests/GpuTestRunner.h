// Test support for the GPU decorator: runs one comparison body for every cell processor x
// precision x backend present against the brute-force reference, printing each deviation and
// skipping (with the reason) what a device lacks.
#pragma once

#include "gpu/CellProcessorRegistry.h"
#include "gpu/DeviceTimeStep.h"
#include "gpu/LinkedCellsGPUDecorator.h"
#include "gpu/MoleculeInteraction.h"
#include "gpu/tests/GpuTestSystems.h"

#include "compute/ComputeBackends.h"
#include "tests/TestSkip.h"
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

/// What one device traversal leaves: the owned molecules with their forces and torques (slot order),
/// U_pot and virial.
struct DeviceResult {
  std::vector<Molecule> molecules;
  double upot = 0, virial = 0;
};

/// A test system on the device as a run has it: the molecules set there, the device's cells built
/// there (grid of cutoff + skin over the periodic box, periodic images made on the device).
class DeviceSystem {
 public:
  DeviceSystem(compute::ComputeContext& context, const TestSystem& s, double skin = 0.0)
      : _cells(std::make_unique<LinkedCells>(s.boxMin, s.boxMax, s.cutoff + skin, 1)) {
    const DeviceGrid grid = DeviceGrid::of(*_cells, s.boxMax - s.boxMin, skin, {true, true, true}, s.boxMin);
    _step = std::make_unique<DeviceTimeStep>(context, s.components, *s.params, grid);
    _step->setOwned(s.molecules);
    _step->rebuild();
  }
  DeviceTimeStep& step() { return *_step; }
  /// One traversal with mi.
  DeviceResult compute(MoleculeInteraction& mi) {
    _step->computeForces(mi);
    DeviceResult r;
    const auto scalars = _step->results();
    r.upot = scalars.upot;
    r.virial = scalars.virial;
    r.molecules = _step->ownedMolecules();
    return r;
  }

 private:
  std::unique_ptr<LinkedCells> _cells;
  std::unique_ptr<DeviceTimeStep> _step;
};

/// Moves the system's box to [0, L) (where a Simulation's box is), the molecules with it.
inline void moveToOrigin(TestSystem& s) {
  const Vec3 shift = s.boxMin;
  for (Molecule& m : s.molecules) m.setR(m.r() - shift);
  s.boxMax = s.boxMax - shift;
  s.boxMin = Vec3{};
}

/// A decorator holding the molecules of `s` (its box at the origin, see moveToOrigin), cells of
/// cutoff + skin; options.precision is set from the context.
inline std::unique_ptr<LinkedCellsGPUDecorator> makeDecorator(const TestSystem& s,
                                                              std::unique_ptr<compute::ComputeContext> context,
                                                              GpuOptions options, std::ostream& log,
                                                              double skin = 0.0) {
  CPPUNIT_ASSERT(s.boxMin == Vec3{});
  options.precision = context->precision();
  auto deco = std::make_unique<LinkedCellsGPUDecorator>(
      std::make_unique<LinkedCells>(s.boxMin, s.boxMax, s.cutoff + skin, 1), std::move(context), s.components,
      *s.params, options, log, s.boxMax);
  for (const Molecule& m : s.molecules) deco->addParticle(m);
  return deco;
}

/// Deviations of the device results from the reference (molecules matched by id).
inline Deviation compare(const DeviceResult& r, const ReferenceResult& ref) {
  double df2 = 0, f2 = 0, dt2 = 0, t2 = 0;
  CPPUNIT_ASSERT_EQUAL(ref.forces.size(), r.molecules.size());
  for (const Molecule& m : r.molecules) {
    const Vec3 fr = ref.forces[m.id() - 1], tr = ref.torques[m.id() - 1];
    df2 += norm2(m.F() - fr);
    f2 += norm2(fr);
    dt2 += norm2(m.M() - tr);
    t2 += norm2(tr);
  }
  Deviation d;
  d.force = f2 > 0 ? std::sqrt(df2 / f2) : std::sqrt(df2);
  d.torque = t2 > 0 ? std::sqrt(dt2 / t2) : std::sqrt(dt2);
  d.upot = std::abs(r.upot - ref.upot) / std::max(std::abs(ref.upot), 1e-300);
  d.virial = std::abs(r.virial - ref.virial) / std::max(std::abs(ref.virial), 1e-300);
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
/// skipped and why, and marks the test skipped when no context was visited. Returns the number of
/// contexts visited.
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
  if (contexts == 0) mardyn::testing::skipTest("no compute device with the precisions asked for");
  return contexts;
}

/// The interaction of `run` on `device`, or nullptr (the reason printed, labelled `where`) where the
/// device refuses a persistent-block processor (a MardynException of the constructor that is not a
/// compute-layer error such as a failed compile: those, and every other processor's errors, fail).
inline std::unique_ptr<MoleculeInteraction> makeInteraction(DeviceSystem& device, const ProcessorRun& run,
                                                            const std::string& where, bool deterministic = false) {
  try {
    return std::make_unique<MoleculeInteraction>(device.step().context(), device.step().descriptor(),
                                                 device.step().grid(), *run.variant, run.blockSize, deterministic);
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
    DeviceSystem device(context, system);
    for (const auto& run : runs) {
      auto mi = makeInteraction(device, run, system.name + " " + where);
      if (!mi || !done.insert({run.variant, mi->blockSize()}).second) continue;
      const Deviation d = compare(device.compute(*mi), ref);
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
