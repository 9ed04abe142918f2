// GpuComponent: the common lifecycle of the decorator's components: contribute #defines to the
// run-time-compiled program, take their kernels from it, upload static data once, and do their part
// before and after each interaction calculation.
#pragma once

#include "compute/ComputeContext.h"
#include "compute/ComputeProgram.h"

namespace mardyn {
class LinkedCells;
}

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
  /// Before the device traversal of a step (upload, clear, ...).
  virtual void preInteraction(LinkedCells& /*cells*/) {}
  /// After it (download, reduce, check, ...).
  virtual void postInteraction(LinkedCells& /*cells*/) {}
};

}  // namespace mardyn::gpu
