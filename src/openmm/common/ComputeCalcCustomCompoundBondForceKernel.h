// ComputeCalcCustomCompoundBondForceKernel: CustomCompoundBondForce on the common-compute platforms as a bonded
// interaction of N particles per bond, its energy over the particles' positions compiled by ComputeCompoundTerms;
// the forces are minus the gradients by the points.
#pragma once

#include "ComputeCompoundTerms.h"

#include "openmm/kernels/CalcCustomCompoundBondForceKernel.h"

#include <memory>
#include <vector>

namespace OpenMM {

class ComputePlatformData;

class ComputeCalcCustomCompoundBondForceKernel : public CalcCustomCompoundBondForceKernel {
public:
  ComputeCalcCustomCompoundBondForceKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : CalcCustomCompoundBondForceKernel(name, platform), _data(data) {}
  void initialize(const System& system, const CustomCompoundBondForce& force) override;
  double execute(ContextImpl& context, bool, bool) override;
  void copyParametersToContext(ContextImpl& context, const CustomCompoundBondForce& force) override;

private:
  ComputePlatformData& _data;
  int _numBonds = 0;
  std::vector<int> _atoms;
  std::unique_ptr<ComputeCompoundTerms> _terms;
};

} // namespace OpenMM
