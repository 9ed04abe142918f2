// ReferencePlatformData: sizes the state arrays for a System and precomputes inverse masses
// (0 for massless, i.e. fixed, particles).
#include "ReferencePlatformData.h"

#include "openmm/System.h"

namespace OpenMM {

ReferencePlatformData::ReferencePlatformData(const System& system, const std::map<std::string, std::string>& properties)
    : numParticles(system.getNumParticles()), positions(numParticles), velocities(numParticles), forces(numParticles),
      masses(numParticles), inverseMasses(numParticles), constraints(system), propertyValues(properties) {
  for (int i = 0; i < numParticles; i++) {
    masses[i] = system.getParticleMass(i);
    inverseMasses[i] = masses[i] == 0.0 ? 0.0 : 1.0 / masses[i];
  }
  system.getDefaultPeriodicBoxVectors(periodicBoxVectors[0], periodicBoxVectors[1], periodicBoxVectors[2]);
}

} // namespace OpenMM
