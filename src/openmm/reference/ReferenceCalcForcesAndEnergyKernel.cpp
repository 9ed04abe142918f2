// ReferenceCalcForcesAndEnergyKernel: places the virtual sites and clears ReferencePlatformData::forces before the
// ForceImpls add to it; afterwards passes the virtual sites' forces on to their particles.
#include "ReferenceCalcForcesAndEnergyKernel.h"

#include "ReferencePlatform.h"

namespace OpenMM {

void ReferenceCalcForcesAndEnergyKernel::initialize(const System&) {}

void ReferenceCalcForcesAndEnergyKernel::beginComputation(ContextImpl& context, bool includeForce, bool, int) {
  auto& data = ReferencePlatform::getPlatformData(context);
  data.computeVirtualSites();
  if (includeForce)
    std::fill(data.forces.begin(), data.forces.end(), Vec3());
  for (auto& d : data.energyParameterDerivatives)
    d.second = 0.0;
}

double ReferenceCalcForcesAndEnergyKernel::finishComputation(ContextImpl& context, bool includeForce, bool, int,
                                                             bool& valid) {
  if (includeForce)
    ReferencePlatform::getPlatformData(context).distributeVirtualSiteForces();
  valid = true;
  return 0.0;
}

} // namespace OpenMM
