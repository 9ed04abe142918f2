// ReferenceApplyMonteCarloBarostatKernel: scales the box and the geometric centre of every molecule (the groups of
// ContextImpl::getMolecules()) for a barostat move, keeping a copy to restore on rejection.
#pragma once

#include "openmm/Vec3.h"
#include "openmm/kernels/ApplyMonteCarloBarostatKernel.h"

#include <vector>

namespace OpenMM {

class ReferenceApplyMonteCarloBarostatKernel : public ApplyMonteCarloBarostatKernel {
public:
  ReferenceApplyMonteCarloBarostatKernel(std::string name, const Platform& platform)
      : ApplyMonteCarloBarostatKernel(name, platform) {}
  void initialize(const System& system, const Force& barostat) override;
  void scaleCoordinates(ContextImpl& context, double scaleX, double scaleY, double scaleZ) override;
  void restoreCoordinates(ContextImpl& context) override;

private:
  std::vector<Vec3> _savedPositions;
  Vec3 _savedBox[3];
};

} // namespace OpenMM
