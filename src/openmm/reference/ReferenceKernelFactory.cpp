// ReferenceKernelFactory: the table of Reference kernels, one line per kernel name.
// createKernelImpl looks the name up and constructs the implementation.
#include "ReferenceKernelFactory.h"

#include "ReferenceApplyAndersenThermostatKernel.h"
#include "ReferenceApplyConstraintsKernel.h"
#include "ReferenceApplyMonteCarloBarostatKernel.h"
#include "ReferenceCalcCMAPTorsionForceKernel.h"
#include "ReferenceCalcCustomAngleForceKernel.h"
#include "ReferenceCalcCustomBondForceKernel.h"
#include "ReferenceCalcCustomCentroidBondForceKernel.h"
#include "ReferenceCalcCustomCompoundBondForceKernel.h"
#include "ReferenceCalcCustomExternalForceKernel.h"
#include "ReferenceCalcCustomNonbondedForceKernel.h"
#include "ReferenceCalcCustomTorsionForceKernel.h"
#include "ReferenceCalcForcesAndEnergyKernel.h"
#include "ReferenceCalcGBSAOBCForceKernel.h"
#include "ReferenceCalcHarmonicAngleForceKernel.h"
#include "ReferenceCalcHarmonicBondForceKernel.h"
#include "ReferenceCalcNonbondedForceKernel.h"
#include "ReferenceCalcPeriodicTorsionForceKernel.h"
#include "ReferenceCalcRBTorsionForceKernel.h"
#include "ReferenceIntegrateBrownianStepKernel.h"
#include "ReferenceIntegrateCustomStepKernel.h"
#include "ReferenceIntegrateLangevinMiddleStepKernel.h"
#include "ReferenceIntegrateLangevinStepKernel.h"
#include "ReferenceIntegrateVariableLangevinStepKernel.h"
#include "ReferenceIntegrateVariableVerletStepKernel.h"
#include "ReferenceIntegrateNoseHooverStepKernel.h"
#include "ReferenceIntegrateVerletStepKernel.h"
#include "ReferenceRemoveCMMotionKernel.h"
#include "ReferenceUpdateStateDataKernel.h"
#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"

#include <functional>
#include <map>

namespace OpenMM {

namespace {

using Creator = std::function<KernelImpl*(const std::string&, const Platform&)>;

template <class Implementation> Creator creator() {
  return [](const std::string& name, const Platform& platform) { return new Implementation(name, platform); };
}

const std::map<std::string, Creator>& kernelTable() {
  static const std::map<std::string, Creator> table = {
      {CalcForcesAndEnergyKernel::Name(), creator<ReferenceCalcForcesAndEnergyKernel>()},
      {UpdateStateDataKernel::Name(), creator<ReferenceUpdateStateDataKernel>()},
      {ApplyConstraintsKernel::Name(), creator<ReferenceApplyConstraintsKernel>()},
      {CalcHarmonicBondForceKernel::Name(), creator<ReferenceCalcHarmonicBondForceKernel>()},
      {CalcHarmonicAngleForceKernel::Name(), creator<ReferenceCalcHarmonicAngleForceKernel>()},
      {CalcPeriodicTorsionForceKernel::Name(), creator<ReferenceCalcPeriodicTorsionForceKernel>()},
      {CalcNonbondedForceKernel::Name(), creator<ReferenceCalcNonbondedForceKernel>()},
      {IntegrateVerletStepKernel::Name(), creator<ReferenceIntegrateVerletStepKernel>()},
      {IntegrateLangevinStepKernel::Name(), creator<ReferenceIntegrateLangevinStepKernel>()},
      {IntegrateLangevinMiddleStepKernel::Name(), creator<ReferenceIntegrateLangevinMiddleStepKernel>()},
      {ApplyAndersenThermostatKernel::Name(), creator<ReferenceApplyAndersenThermostatKernel>()},
      {RemoveCMMotionKernel::Name(), creator<ReferenceRemoveCMMotionKernel>()},
      {ApplyMonteCarloBarostatKernel::Name(), creator<ReferenceApplyMonteCarloBarostatKernel>()},
      {IntegrateBrownianStepKernel::Name(), creator<ReferenceIntegrateBrownianStepKernel>()},
      {IntegrateVariableVerletStepKernel::Name(), creator<ReferenceIntegrateVariableVerletStepKernel>()},
      {CalcRBTorsionForceKernel::Name(), creator<ReferenceCalcRBTorsionForceKernel>()},
      {IntegrateVariableLangevinStepKernel::Name(), creator<ReferenceIntegrateVariableLangevinStepKernel>()},
      {IntegrateNoseHooverStepKernel::Name(), creator<ReferenceIntegrateNoseHooverStepKernel>()},
      {IntegrateCustomStepKernel::Name(), creator<ReferenceIntegrateCustomStepKernel>()},
      {CalcCustomBondForceKernel::Name(), creator<ReferenceCalcCustomBondForceKernel>()},
      {CalcCustomAngleForceKernel::Name(), creator<ReferenceCalcCustomAngleForceKernel>()},
      {CalcCustomTorsionForceKernel::Name(), creator<ReferenceCalcCustomTorsionForceKernel>()},
      {CalcCustomExternalForceKernel::Name(), creator<ReferenceCalcCustomExternalForceKernel>()},
      {CalcCustomNonbondedForceKernel::Name(), creator<ReferenceCalcCustomNonbondedForceKernel>()},
      {CalcCMAPTorsionForceKernel::Name(), creator<ReferenceCalcCMAPTorsionForceKernel>()},
      {CalcCustomCompoundBondForceKernel::Name(), creator<ReferenceCalcCustomCompoundBondForceKernel>()},
      {CalcCustomCentroidBondForceKernel::Name(), creator<ReferenceCalcCustomCentroidBondForceKernel>()},
      {CalcGBSAOBCForceKernel::Name(), creator<ReferenceCalcGBSAOBCForceKernel>()},
  };
  return table;
}

} // namespace

KernelImpl* ReferenceKernelFactory::createKernelImpl(std::string name, const Platform& platform, ContextImpl&) const {
  auto entry = kernelTable().find(name);
  if (entry == kernelTable().end())
    throw OpenMMException("ReferenceKernelFactory: no Reference implementation of kernel '" + name + "'");
  return entry->second(name, platform);
}

std::vector<std::string> ReferenceKernelFactory::kernelNames() {
  std::vector<std::string> names;
  for (const auto& entry : kernelTable())
    names.push_back(entry.first);
  return names;
}

} // namespace OpenMM
