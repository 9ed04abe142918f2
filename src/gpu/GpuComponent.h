// GpuComponent: the common lifecycle of the decorator's components: contribute #defines to the
// run-time-compiled program, take their kernels from it and upload static data once; what they do in a
// step DeviceTimeStep and MoleculeInteraction call by name.
#pragma once

#include "compute/ComputeContext.h"
#include "compute/ComputeProgram.h"

namespace mardyn::gpu {

class GpuComponent {
 public:
  virtual ~GpuComponent() = default;

  /// Compile-time constants this component's device code needs.
  virtual void addDefines(compute::ComputeContext::Defines& /*defines*/) const {}
  /// Called once the program is compiled.
  virtual void createKernels(compute::ComputeProgram& /*program*/) {}
  /// Data uploaded once (component descriptions, ...).
  virtual void uploadStaticData() {}
};

}  // namespace mardyn::gpu
