// ReferenceApplyAndersenThermostatKernel: each step, each group of constraint-linked particles collides with
// probability 1 - exp(-nu dt); its massive particles get velocities drawn from the Maxwell distribution at the
// Context's temperature (the integrator's constraints then remove the constrained components).
#include "ReferenceApplyAndersenThermostatKernel.h"

#include "ReferenceIntegrationUtilities.h"
#include "ReferencePlatform.h"
#include "openmm/AndersenThermostat.h"
#include "openmm/Integrator.h"
#include "openmm/internal/AndersenThermostatImpl.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/internal/PhysicalConstants.h"

#include <cmath>

namespace OpenMM {

void ReferenceApplyAndersenThermostatKernel::initialize(const System& system, const AndersenThermostat&) {
  _groups = AndersenThermostatImpl::calcParticleGroups(system);
}

void ReferenceApplyAndersenThermostatKernel::execute(ContextImpl& context) {
  ReferenceIntegrationUtilities::seedRandom(context);
  auto& data = ReferencePlatform::getPlatformData(context);
  double kT = BOLTZ * context.getParameter(AndersenThermostat::Temperature());
  double frequency = context.getParameter(AndersenThermostat::CollisionFrequency());
  double probability = 1.0 - std::exp(-frequency * context.getIntegrator().getStepSize());
  for (const auto& group : _groups) {
    if (group.size() == 1 && data.masses[group[0]] == 0.0)
      continue;
    if (data.random.uniform() >= probability)
      continue;
    for (int i : group) {
      if (data.masses[i] == 0.0)
        continue;
      double scale = std::sqrt(kT * data.inverseMasses[i]);
      double x = data.random.gaussian(), y = data.random.gaussian(), z = data.random.gaussian();
      data.velocities[i] = Vec3(x, y, z) * scale;
    }
  }
}

} // namespace OpenMM
