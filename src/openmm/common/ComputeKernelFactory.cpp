// ComputeKernelFactory: one line per kernel of the common-compute platforms.
#include "ComputeKernelFactory.h"

#include "ComputeApplyMonteCarloBarostatKernel.h"
#include "ComputeBondedForceKernels.h"
#include "ComputeCalcCMAPTorsionForceKernel.h"
#include "ComputeCalcCustomCentroidBondForceKernel.h"
#include "ComputeCalcCustomCompoundBondForceKernel.h"
#include "ComputeCalcCustomNonbondedForceKernel.h"
#include "ComputeCalcGBSAOBCForceKernel.h"
#include "ComputeCalcNonbondedForceKernel.h"
#include "ComputeCoreKernels.h"
#include "ComputeCustomBondedKernels.h"
#include "ComputeIntegrateCustomStepKernel.h"
#include "ComputeIntegrationKernels.h"
#include "ComputeNoseHooverKernel.h"
#include "ComputePlatform.h"
#include "ComputePlatformData.h"
#include "ComputeVariableStepKernels.h"
#include "openmm/OpenMMException.h"

#include <functional>
#include <map>

namespace OpenMM {

namespace {

using Creator = std::function<KernelImpl*(const std::string&, const Platform&, ComputePlatformData&)>;

template <class Implementation> Creator creator() {
  return [](const std::string& name, const Platform& platform, ComputePlatformData& data) {
    return new Implementation(name, platform, data);
  };
}

const std::map<std::string, Creator>& kernelTable() {
  static const std::map<std::string, Creator> table = {
      {CalcForcesAndEnergyKernel::Name(), creator<ComputeCalcForcesAndEnergyKernel>()},
      {UpdateStateDataKernel::Name(), creator<ComputeUpdateStateDataKernel>()},
      {ApplyConstraintsKernel::Name(), creator<ComputeApplyConstraintsKernel>()},
      {CalcHarmonicBondForceKernel::Name(), creator<ComputeCalcHarmonicBondForceKernel>()},
      {CalcHarmonicAngleForceKernel::Name(), creator<ComputeCalcHarmonicAngleForceKernel>()},
      {CalcPeriodicTorsionForceKernel::Name(), creator<ComputeCalcPeriodicTorsionForceKernel>()},
      {CalcRBTorsionForceKernel::Name(), creator<ComputeCalcRBTorsionForceKernel>()},
      {CalcCustomBondForceKernel::Name(), creator<ComputeCalcCustomBondForceKernel>()},
      {CalcCustomAngleForceKernel::Name(), creator<ComputeCalcCustomAngleForceKernel>()},
      {CalcCustomTorsionForceKernel::Name(), creator<ComputeCalcCustomTorsionForceKernel>()},
      {CalcCustomExternalForceKernel::Name(), creator<ComputeCalcCustomExternalForceKernel>()},
      {CalcCustomNonbondedForceKernel::Name(), creator<ComputeCalcCustomNonbondedForceKernel>()},
      {CalcCMAPTorsionForceKernel::Name(), creator<ComputeCalcCMAPTorsionForceKernel>()},
      {CalcCustomCompoundBondForceKernel::Name(), creator<ComputeCalcCustomCompoundBondForceKernel>()},
      {CalcCustomCentroidBondForceKernel::Name(), creator<ComputeCalcCustomCentroidBondForceKernel>()},
      {CalcGBSAOBCForceKernel::Name(), creator<ComputeCalcGBSAOBCForceKernel>()},
      {CalcNonbondedForceKernel::Name(), creator<ComputeCalcNonbondedForceKernel>()},
      {IntegrateVerletStepKernel::Name(), creator<ComputeIntegrateVerletStepKernel>()},
      {IntegrateLangevinStepKernel::Name(), creator<ComputeIntegrateLangevinStepKernel>()},
      {IntegrateLangevinMiddleStepKernel::Name(), creator<ComputeIntegrateLangevinMiddleStepKernel>()},
      {IntegrateBrownianStepKernel::Name(), creator<ComputeIntegrateBrownianStepKernel>()},
      {IntegrateVariableVerletStepKernel::Name(), creator<ComputeIntegrateVariableVerletStepKernel>()},
      {IntegrateVariableLangevinStepKernel::Name(), creator<ComputeIntegrateVariableLangevinStepKernel>()},
      {IntegrateNoseHooverStepKernel::Name(), creator<ComputeIntegrateNoseHooverStepKernel>()},
      {IntegrateCustomStepKernel::Name(), creator<ComputeIntegrateCustomStepKernel>()},
      {ApplyAndersenThermostatKernel::Name(), creator<ComputeApplyAndersenThermostatKernel>()},
      {RemoveCMMotionKernel::Name(), creator<ComputeRemoveCMMotionKernel>()},
      {ApplyMonteCarloBarostatKernel::Name(), creator<ComputeApplyMonteCarloBarostatKernel>()},
  };
  return table;
}

} // namespace

KernelImpl* ComputeKernelFactory::createKernelImpl(std::string name, const Platform& platform, ContextImpl& context) const {
  auto entry = kernelTable().find(name);
  if (entry == kernelTable().end())
    throw OpenMMException(platform.getName() + " platform: no implementation of kernel '" + name + "'");
  return entry->second(name, platform, ComputePlatform::getData(context));
}

std::vector<std::string> ComputeKernelFactory::kernelNames() {
  std::vector<std::string> names;
  for (const auto& entry : kernelTable()) names.push_back(entry.first);
  return names;
}

} // namespace OpenMM
