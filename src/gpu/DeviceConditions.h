// DeviceConditions: the device "conditions" buffer checked after each traversal: a molecule outside
// its cell (beyond the slack the skin allows), a NaN or an overflowing force/torque is reported naming
// the molecule's id; a NaN or a force/torque beyond its component's limit (setLimits: the host's
// ConditionsCheck limits) throws ResidentTimeStep::ForceAlarm, so that the host can name the cause.
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
  /// Queues the check kernel over all slots and the download of its four words into `words` (page-locked
  /// host memory); raise() reads them once the queue has passed the download. slack: how far a molecule may
  /// lie outside its cell (half the skin; rounding is added here).
  void launch(const DeviceGrid& grid, double slack, int* words);
  /// Throws MardynException naming the first condition set in `words` (ResidentTimeStep::ForceAlarm for a
  /// NaN or a limit).
  void raise(const int* words);
  /// Per component, squared force and torque limits (none set: only overflow is caught).
  void setLimits(const std::vector<double>& force2, const std::vector<double>& torque2);

 private:
  compute::ComputeContext& _context;
  MoleculeStorage& _storage;
  compute::ComputeArray<int> _conditions;
  compute::ComputeArray<float> _limits;  ///< per component: squared force limit, squared torque limit
  std::unique_ptr<compute::ComputeKernel> _check;
};

}  // namespace mardyn::gpu
