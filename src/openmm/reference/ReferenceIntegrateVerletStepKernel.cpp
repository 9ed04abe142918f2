// ReferenceIntegrateVerletStepKernel: leapfrog v(t+dt/2) = v(t-dt/2) + dt F/m, x' = x + dt v, constraints on
// x', v = (x' - x)/dt. Kinetic energy of the velocities shifted by dt/2 to the current time.
#include "ReferenceIntegrateVerletStepKernel.h"

#include "ReferenceIntegrationUtilities.h"
#include "ReferencePlatform.h"
#include "openmm/VerletIntegrator.h"

namespace OpenMM {

void ReferenceIntegrateVerletStepKernel::initialize(const System&, const VerletIntegrator&) {}

void ReferenceIntegrateVerletStepKernel::execute(ContextImpl& context, const VerletIntegrator& integrator) {
  auto& data = ReferencePlatform::getPlatformData(context);
  double dt = integrator.getStepSize();
  std::vector<Vec3>& newPositions = _newPositions;
  newPositions = data.positions;
  for (int i = 0; i < data.numParticles; i++) {
    if (data.inverseMasses[i] == 0.0)
      continue;
    data.velocities[i] += data.forces[i] * (dt * data.inverseMasses[i]);
    newPositions[i] = data.positions[i] + data.velocities[i] * dt;
  }
  ReferenceIntegrationUtilities::finishStep(data, newPositions, dt, integrator.getConstraintTolerance());
  data.time += dt;
  data.stepCount++;
}

double ReferenceIntegrateVerletStepKernel::computeKineticEnergy(ContextImpl& context,
                                                                const VerletIntegrator& integrator) {
  return ReferenceIntegrationUtilities::kineticEnergy(ReferencePlatform::getPlatformData(context),
                                                      0.5 * integrator.getStepSize());
}

} // namespace OpenMM
