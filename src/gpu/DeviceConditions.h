// DeviceConditions: the device "conditions" buffer checked after each traversal: a molecule outside
// its cell (beyond the slack the skin allows), a NaN or an overflowing force/torque is reported naming
// the molecule's id.
#pragma once

#include "gpu/DeviceGrid.h"
#include "gpu/GpuComponent.h"
#include "gpu/MoleculeStorage.h"

#include "compute/ComputeArray.h"
#include "compute/ComputeKernel.h"

#include <memory>

namespace mardyn::gpu {

class DeviceConditions : public GpuComponent {
 public:
  DeviceConditions(compute::ComputeContext& context, MoleculeStorage& storage);

  void createKernels(compute::ComputeProgram& program) override;
  /// Runs the check kernel over all slots and throws MardynException naming the first condition hit.
  /// slack: how far a molecule may lie outside its cell (half the skin; rounding is added here).
  void check(const DeviceGrid& grid, double slack);

 private:
  compute::ComputeContext& _context;
  MoleculeStorage& _storage;
  compute::ComputeArray<int> _conditions;
  std::unique_ptr<compute::ComputeKernel> _check;
};

}  // namespace mardyn::gpu
