// ReferenceApplyConstraintsKernel: applies ReferenceConstraints to the current positions (using them as
// the reference directions) and places the virtual sites, or removes constrained velocity components.
#include "ReferenceApplyConstraintsKernel.h"

#include "ReferencePlatform.h"

namespace OpenMM {

void ReferenceApplyConstraintsKernel::initialize(const System&) {}

void ReferenceApplyConstraintsKernel::apply(ContextImpl& context, double tol) {
  auto& data = ReferencePlatform::getPlatformData(context);
  std::vector<Vec3> constrained = data.positions;
  data.constraints.apply(data.positions, constrained, data.inverseMasses, tol);
  data.positions = constrained;
  data.computeVirtualSites(); // as in OpenMM: the sites follow the constrained positions
}

void ReferenceApplyConstraintsKernel::applyToVelocities(ContextImpl& context, double tol) {
  auto& data = ReferencePlatform::getPlatformData(context);
  data.constraints.applyToVelocities(data.positions, data.velocities, data.inverseMasses, tol);
}

} // namespace OpenMM
