// ReferencePlatformData: sizes the state arrays for a System and precomputes inverse masses
// (0 for massless, i.e. fixed, particles).
#include "ReferencePlatformData.h"

#include "openmm/CustomAngleForce.h"
#include "openmm/CustomBondForce.h"
#include "openmm/CustomCentroidBondForce.h"
#include "openmm/CustomCompoundBondForce.h"
#include "openmm/CustomExternalForce.h"
#include "openmm/CustomNonbondedForce.h"
#include "openmm/CustomTorsionForce.h"
#include "openmm/System.h"
#include "openmm/VirtualSite.h"
#include "openmm/internal/VirtualSiteLevels.h"

namespace OpenMM {

ReferencePlatformData::ReferencePlatformData(const System& system, const std::map<std::string, std::string>& properties)
    : numParticles(system.getNumParticles()), positions(numParticles), velocities(numParticles), forces(numParticles),
      masses(numParticles), inverseMasses(numParticles), constraints(system), propertyValues(properties) {
  for (int i = 0; i < numParticles; i++) {
    masses[i] = system.getParticleMass(i);
    inverseMasses[i] = masses[i] == 0.0 ? 0.0 : 1.0 / masses[i];
  }
  system.getDefaultPeriodicBoxVectors(periodicBoxVectors[0], periodicBoxVectors[1], periodicBoxVectors[2]);
  for (const auto& level : virtualSiteLevels(system))
    for (int i : level)
      virtualSites.emplace_back(i, &system.getVirtualSite(i));
  for (int f = 0; f < system.getNumForces(); f++)
    for (const auto& name : derivativeNames(system.getForce(f)))
      energyParameterDerivatives[name] = 0.0;
}

const std::vector<std::string>& ReferencePlatformData::derivativeNames(const Force& force) {
  static const std::vector<std::string> none;
  if (auto* f = dynamic_cast<const CustomBondForce*>(&force))
    return f->parameterList().derivativeNames();
  if (auto* f = dynamic_cast<const CustomAngleForce*>(&force))
    return f->parameterList().derivativeNames();
  if (auto* f = dynamic_cast<const CustomTorsionForce*>(&force))
    return f->parameterList().derivativeNames();
  if (auto* f = dynamic_cast<const CustomExternalForce*>(&force))
    return f->parameterList().derivativeNames();
  if (auto* f = dynamic_cast<const CustomNonbondedForce*>(&force))
    return f->parameterList().derivativeNames();
  if (auto* f = dynamic_cast<const CustomCompoundBondForce*>(&force))
    return f->parameterList().derivativeNames();
  if (auto* f = dynamic_cast<const CustomCentroidBondForce*>(&force))
    return f->parameterList().derivativeNames();
  return none;
}

void ReferencePlatformData::computeVirtualSites() {
  for (const auto& site : virtualSites)
    positions[site.first] = site.second->computePosition(positions);
}

void ReferencePlatformData::distributeVirtualSiteForces() {
  // In reverse order of placement, so that a site has received the forces of the sites that depend on it before
  // it passes its own on.
  for (auto site = virtualSites.rbegin(); site != virtualSites.rend(); ++site) {
    Vec3 f = forces[site->first];
    forces[site->first] = Vec3();
    site->second->distributeForce(positions, f, forces);
  }
}

} // namespace OpenMM
