// ReferenceIntegrateBrownianStepKernel: x' = x + dt/(m gamma) F + sqrt(2 kT dt/(m gamma)) R, constraints,
// v = (x' - x)/dt; the kinetic energy is that of these velocities.
#include "ReferenceIntegrateBrownianStepKernel.h"

#include "ReferenceIntegrationUtilities.h"
#include "ReferencePlatform.h"
#include "openmm/BrownianIntegrator.h"
#include "openmm/internal/PhysicalConstants.h"

#include <cmath>

namespace OpenMM {

void ReferenceIntegrateBrownianStepKernel::initialize(const System&, const BrownianIntegrator&) {}

void ReferenceIntegrateBrownianStepKernel::execute(ContextImpl& context, const BrownianIntegrator& integrator) {
  ReferenceIntegrationUtilities::seedRandom(context);
  auto& data = ReferencePlatform::getPlatformData(context);
  const double dt = integrator.getStepSize();
  const double tau = dt / integrator.getFriction();
  const double noise = std::sqrt(2.0 * BOLTZ * integrator.getTemperature() * tau);
  std::vector<Vec3>& newPositions = _newPositions;
  newPositions = data.positions;
  for (int i = 0; i < data.numParticles; i++) {
    double invMass = data.inverseMasses[i];
    if (invMass == 0.0)
      continue;
    Vec3 r(data.random.gaussian(), data.random.gaussian(), data.random.gaussian());
    newPositions[i] = data.positions[i] + data.forces[i] * (tau * invMass) + r * (noise * std::sqrt(invMass));
  }
  // finishStep sets v = (x' - x)/dt only when there are constraints; do it for every particle here.
  _oldPositions = data.positions;
  ReferenceIntegrationUtilities::finishStep(data, newPositions, dt, integrator.getConstraintTolerance());
  for (int i = 0; i < data.numParticles; i++)
    if (data.inverseMasses[i] != 0.0)
      data.velocities[i] = (data.positions[i] - _oldPositions[i]) / dt;
  data.time += dt;
  data.stepCount++;
}

double ReferenceIntegrateBrownianStepKernel::computeKineticEnergy(ContextImpl& context, const BrownianIntegrator&) {
  return ReferenceIntegrationUtilities::kineticEnergy(ReferencePlatform::getPlatformData(context), 0.0);
}

} // namespace OpenMM
