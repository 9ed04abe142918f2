// ReferenceIntegrateLangevinStepKernel: v' = a v + b F/m + sqrt(kT (1 - a^2) / m) R with a = exp(-gamma dt),
// b = (1 - a)/gamma; x' = x + dt v', constraints, v = (x' - x)/dt (OpenMM 7.7's leapfrog Langevin scheme).
#include "ReferenceIntegrateLangevinStepKernel.h"

#include "ReferenceIntegrationUtilities.h"
#include "ReferencePlatform.h"
#include "openmm/LangevinIntegrator.h"
#include "openmm/internal/PhysicalConstants.h"

#include <cmath>

namespace OpenMM {

void ReferenceIntegrateLangevinStepKernel::initialize(const System&, const LangevinIntegrator&) {}

void ReferenceIntegrateLangevinStepKernel::execute(ContextImpl& context, const LangevinIntegrator& integrator) {
  ReferenceIntegrationUtilities::seedRandom(context);
  auto& data = ReferencePlatform::getPlatformData(context);
  double dt = integrator.getStepSize();
  double friction = integrator.getFriction();
  double kT = BOLTZ * integrator.getTemperature();
  double vscale = std::exp(-dt * friction);
  double fscale = friction == 0.0 ? dt : (1.0 - vscale) / friction;
  double noisescale = std::sqrt(kT * (1.0 - vscale * vscale));
  std::vector<Vec3>& newPositions = _newPositions;
  newPositions = data.positions;
  for (int i = 0; i < data.numParticles; i++) {
    double invMass = data.inverseMasses[i];
    if (invMass == 0.0)
      continue;
    Vec3 noise(data.random.gaussian(), data.random.gaussian(), data.random.gaussian());
    data.velocities[i] =
        data.velocities[i] * vscale + data.forces[i] * (fscale * invMass) + noise * (noisescale * std::sqrt(invMass));
    newPositions[i] = data.positions[i] + data.velocities[i] * dt;
  }
  ReferenceIntegrationUtilities::finishStep(data, newPositions, dt, integrator.getConstraintTolerance());
  data.time += dt;
  data.stepCount++;
}

double ReferenceIntegrateLangevinStepKernel::computeKineticEnergy(ContextImpl& context,
                                                                  const LangevinIntegrator& integrator) {
  return ReferenceIntegrationUtilities::kineticEnergy(ReferencePlatform::getPlatformData(context),
                                                      0.5 * integrator.getStepSize());
}

} // namespace OpenMM
