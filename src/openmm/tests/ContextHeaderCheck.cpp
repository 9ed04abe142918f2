// Compile-time check of the header layout OpenMM programs rely on: openmm/Context.h alone brings in System,
// Integrator and Platform (as OpenMM's does), so this file includes nothing else of the library.
#include "openmm/Context.h"

namespace OpenMMHeaderCheck {

int countParticles(const OpenMM::System& system, const OpenMM::Integrator& integrator) {
  return system.getNumParticles() + static_cast<int>(integrator.getStepSize() * 0.0) +
         OpenMM::Platform::getNumPlatforms() * 0;
}

} // namespace OpenMMHeaderCheck
