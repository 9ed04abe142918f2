// Test support for the GPU decorator: runs one comparison body for every cell processor x
// precision x backend present against the brute-force reference, printing each deviation and
// skipping (with the reason) what a device lacks.
#pragma once

#include "gpu/CellProcessorRegistry.h"
#include "gpu/MoleculeInteraction.h"
#include "gpu/tests/GpuTestSystems.h"

#include "compute/ComputeBackends.h"

#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <cmath>
#include <iostream>
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

/// Runs `system` on every backend, precision (restricted to `precisions` if non-empty) and cell
/// processor; asserts the tolerances: double 1e-10 relative everywhere; mixed 1e-5; single 1e-5
/// norm-wise on forces and torques and 1e-4 on U_pot and virial (sums over many pairs accumulated
/// in float). Every combination runs before the first failure is reported. Returns the number of runs.
/// extraBlockSizes: further block sizes to run the block processors with (besides their default).
inline int runEverywhere(const TestSystem& system, const std::vector<int>& extraBlockSizes = {},
                         const std::vector<compute::Precision>& precisions = {}) {
  const ReferenceResult ref = bruteForce(system);
  const auto registry = compute::availableBackends();
  int runs = 0;
  std::string failures;
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
      std::vector<std::pair<const CellProcessorVariant*, int>> runsHere;
      for (const auto& variant : CellProcessorRegistry::all()) {
        runsHere.push_back({&variant, 0});
        if (variant.mapping == CellProcessorVariant::Mapping::BlockPerCellPair)
          for (int b : extraBlockSizes) runsHere.push_back({&variant, b});
      }
      for (const auto& [variantPtr, blockSize] : runsHere) {
        const CellProcessorVariant& variant = *variantPtr;
        auto cells = fillLinkedCells(system);
        MoleculeInteraction mi(*context, system.components, *system.params, variant, blockSize);
        mi.compute(*cells);
        const Deviation d = compare(mi, *cells, ref);
        const double tol = p == compute::Precision::Double ? 1e-10 : 1e-5;
        const double sumTol = p == compute::Precision::Single ? 1e-4 : tol;
        std::ostringstream what;
        what << system.name << " N=" << system.molecules.size() << " " << backend << " " << compute::precisionName(p)
             << " " << variant.name << "/" << mi.blockSize() << ": force " << d.force << " torque " << d.torque << " U " << d.upot
             << " virial " << d.virial;
        std::cout << "\n  [gpu test] " << what.str();
        if (!(d.force <= tol && d.torque <= tol && d.upot <= sumTol && d.virial <= sumTol))
          failures += (failures.empty() ? "" : "; ") + what.str();
        ++runs;
      }
    }
  }
  CPPUNIT_ASSERT_MESSAGE("beyond tolerance: " + failures, failures.empty());
  if (runs == 0) std::cout << "\n  [gpu test] no compute device: nothing run";
  return runs;
}

}  // namespace mardyn::gpu::test
