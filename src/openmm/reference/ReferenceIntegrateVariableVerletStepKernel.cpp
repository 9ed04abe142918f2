// ReferenceIntegrateVariableVerletStepKernel: dt = sqrt(tol / e), e = sqrt(sum |F/m|^2 / 3N) over the massive
// particles, at most twice the previous step, the maximum step size and the time left to maxTime; then the leapfrog
// v += F/m (dt_previous + dt)/2, x' = x + dt v, constraints, v = (x' - x)/dt.
#include "ReferenceIntegrateVariableVerletStepKernel.h"

#include "ReferenceIntegrationUtilities.h"
#include "ReferencePlatform.h"
#include "openmm/VariableVerletIntegrator.h"

#include <algorithm>
#include <cmath>

namespace OpenMM {

void ReferenceIntegrateVariableVerletStepKernel::initialize(const System&, const VariableVerletIntegrator&) {}

double ReferenceIntegrateVariableVerletStepKernel::execute(ContextImpl& context,
                                                           const VariableVerletIntegrator& integrator, double maxTime) {
  auto& data = ReferencePlatform::getPlatformData(context);
  bool reachesTarget = false;
  double dt = ReferenceIntegrationUtilities::variableStepSize(data, integrator.getErrorTolerance(), _lastStep,
                                                              integrator.getMaximumStepSize(),
                                                              integrator.getStepSize(), maxTime, reachesTarget);
  if (!(dt > 0.0))
    return 0.0;
  const double velocityStep = 0.5 * (_lastStep + dt);
  std::vector<Vec3>& newPositions = _newPositions;
  newPositions = data.positions;
  for (int i = 0; i < data.numParticles; i++) {
    if (data.inverseMasses[i] == 0.0)
      continue;
    data.velocities[i] += data.forces[i] * (velocityStep * data.inverseMasses[i]);
    newPositions[i] = data.positions[i] + data.velocities[i] * dt;
  }
  ReferenceIntegrationUtilities::finishStep(data, newPositions, dt, integrator.getConstraintTolerance());
  data.time = reachesTarget ? maxTime : data.time + dt; // stepTo() ends exactly at its time
  data.stepCount++;
  _lastStep = dt;
  return dt;
}

double ReferenceIntegrateVariableVerletStepKernel::computeKineticEnergy(ContextImpl& context,
                                                                        const VariableVerletIntegrator&) {
  return ReferenceIntegrationUtilities::kineticEnergy(ReferencePlatform::getPlatformData(context), 0.5 * _lastStep);
}

} // namespace OpenMM
