// ReferenceApplyConstraintsKernel: Context::applyConstraints / applyVelocityConstraints on the Reference
// platform through ReferenceConstraints.
#pragma once

#include "openmm/kernels/ApplyConstraintsKernel.h"

namespace OpenMM {

class ReferenceApplyConstraintsKernel : public ApplyConstraintsKernel {
public:
  ReferenceApplyConstraintsKernel(std::string name, const Platform& platform)
      : ApplyConstraintsKernel(name, platform) {}
  void initialize(const System& system) override;
  void apply(ContextImpl& context, double tol) override;
  void applyToVelocities(ContextImpl& context, double tol) override;
};

} // namespace OpenMM
