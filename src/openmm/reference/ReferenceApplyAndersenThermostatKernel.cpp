// ReferenceApplyAndersenThermostatKernel: each step, each massive particle collides with probability
// 1 - exp(-nu dt) and gets a velocity drawn from the Maxwell distribution at the Context's temperature.
#include "ReferenceApplyAndersenThermostatKernel.h"

#include "ReferenceIntegrationUtilities.h"
#include "ReferencePlatform.h"
#include "openmm/AndersenThermostat.h"
#include "openmm/Integrator.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/internal/PhysicalConstants.h"

#include <cmath>

namespace OpenMM {

void ReferenceApplyAndersenThermostatKernel::initialize(const System&, const AndersenThermostat&) {}

void ReferenceApplyAndersenThermostatKernel::execute(ContextImpl& context) {
  ReferenceIntegrationUtilities::seedRandom(context);
  auto& data = ReferencePlatform::getPlatformData(context);
  double kT = BOLTZ * context.getParameter(AndersenThermostat::Temperature());
  double frequency = context.getParameter(AndersenThermostat::CollisionFrequency());
  double probability = 1.0 - std::exp(-frequency * context.getIntegrator().getStepSize());
  for (int i = 0; i < data.numParticles; i++) {
    if (data.masses[i] == 0.0)
      continue;
    if (data.random.uniform() < probability) {
      double scale = std::sqrt(kT * data.inverseMasses[i]);
      double x = data.random.gaussian(), y = data.random.gaussian(), z = data.random.gaussian();
      data.velocities[i] = Vec3(x, y, z) * scale;
    }
  }
}

} // namespace OpenMM
