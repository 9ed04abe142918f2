// ComputeCalcCustomCentroidBondForceKernel: CustomCentroidBondForce on the common-compute platforms
// (kernels/CentroidBonds.cc): the group centres, the bonds' energy at them compiled by ComputeCompoundTerms, and the
// groups' forces passed to their particles by weight, three launches in each evaluation of the force's group.
#pragma once

#include "ComputeCompoundTerms.h"

#include "openmm/kernels/CalcCustomCentroidBondForceKernel.h"

#include "compute/ComputeArray.h"
#include "compute/ComputeKernel.h"
#include "compute/ComputeProgram.h"
#include "compute/PrecisionArray.h"

#include <memory>
#include <vector>

namespace OpenMM {

class ComputePlatformData;

class ComputeCalcCustomCentroidBondForceKernel : public CalcCustomCentroidBondForceKernel {
public:
  ComputeCalcCustomCentroidBondForceKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : CalcCustomCentroidBondForceKernel(name, platform), _data(data) {}
  ~ComputeCalcCustomCentroidBondForceKernel() override;
  void initialize(const System& system, const CustomCentroidBondForce& force) override;
  double execute(ContextImpl& context, bool includeForces, bool includeEnergy) override;
  void copyParametersToContext(ContextImpl& context, const CustomCentroidBondForce& force) override;

private:
  ComputePlatformData& _data;
  int _numGroups = 0, _numBonds = 0;
  std::vector<int> _bondGroups;
  std::unique_ptr<ComputeCompoundTerms> _terms;
  std::vector<ComputeKernelArgument> _arguments;
  mardyn::compute::ComputeArray<int> _start, _atoms, _groupsOfBonds;
  mardyn::compute::PrecisionArray _weights, _centers;
  mardyn::compute::ComputeArray<long long> _groupForce;
  std::unique_ptr<mardyn::compute::ComputeProgram> _program;
  std::unique_ptr<mardyn::compute::ComputeKernel> _centersKernel, _bondsKernel, _distributeKernel;
};

} // namespace OpenMM
