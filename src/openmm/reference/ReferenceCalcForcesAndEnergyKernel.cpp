// ReferenceCalcForcesAndEnergyKernel: clears ReferencePlatformData::forces before the ForceImpls add to it;
// nothing is left to do afterwards.
#include "ReferenceCalcForcesAndEnergyKernel.h"

#include "ReferencePlatform.h"

namespace OpenMM {

void ReferenceCalcForcesAndEnergyKernel::initialize(const System&) {}

void ReferenceCalcForcesAndEnergyKernel::beginComputation(ContextImpl& context, bool includeForce, bool, int) {
  if (includeForce) {
    auto& forces = ReferencePlatform::getPlatformData(context).forces;
    std::fill(forces.begin(), forces.end(), Vec3());
  }
}

double ReferenceCalcForcesAndEnergyKernel::finishComputation(ContextImpl&, bool, bool, int, bool& valid) {
  valid = true;
  return 0.0;
}

} // namespace OpenMM
