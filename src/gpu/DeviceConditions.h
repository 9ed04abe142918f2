// DeviceConditions: the device "conditions" buffer checked after each traversal: a molecule outside
// its cell, a NaN or an overflowing force/torque is reported naming the molecule.
#pragma once

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
  /// Runs the check kernel and throws MardynException naming the first condition hit.
  void postInteraction(LinkedCells& cells) override;

 private:
  compute::ComputeContext& _context;
  MoleculeStorage& _storage;
  compute::ComputeArray<int> _conditions;
  std::unique_ptr<compute::ComputeKernel> _check;
};

}  // namespace mardyn::gpu
