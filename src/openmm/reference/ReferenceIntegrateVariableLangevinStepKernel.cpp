// ReferenceIntegrateVariableLangevinStepKernel: dt from the error tolerance (ReferenceIntegrationUtilities::
// variableStepSize), then the leapfrog Langevin update of LangevinIntegrator with that dt: v' = a v + b F/m +
// sqrt(kT (1 - a^2) / m) R, a = exp(-gamma dt), b = (1 - a)/gamma; x' = x + dt v', constraints, v = (x' - x)/dt.
#include "ReferenceIntegrateVariableLangevinStepKernel.h"

#include "ReferenceIntegrationUtilities.h"
#include "ReferencePlatform.h"
#include "openmm/VariableLangevinIntegrator.h"
#include "openmm/internal/PhysicalConstants.h"

#include <cmath>

namespace OpenMM {

void ReferenceIntegrateVariableLangevinStepKernel::initialize(const System&, const VariableLangevinIntegrator&) {}

double ReferenceIntegrateVariableLangevinStepKernel::execute(ContextImpl& context,
                                                             const VariableLangevinIntegrator& integrator,
                                                             double maxTime) {
  ReferenceIntegrationUtilities::seedRandom(context);
  auto& data = ReferencePlatform::getPlatformData(context);
  bool reachesTarget = false;
  double dt = ReferenceIntegrationUtilities::variableStepSize(data, integrator.getErrorTolerance(), _lastStep,
                                                              integrator.getMaximumStepSize(),
                                                              integrator.getStepSize(), maxTime, reachesTarget);
  if (!(dt > 0.0))
    return 0.0;
  const double friction = integrator.getFriction();
  const double kT = BOLTZ * integrator.getTemperature();
  const double vscale = std::exp(-dt * friction);
  const double fscale = friction == 0.0 ? dt : (1.0 - vscale) / friction;
  const double noisescale = std::sqrt(kT * (1.0 - vscale * vscale));
  std::vector<Vec3>& newPositions = _newPositions;
  newPositions = data.positions;
  for (int i = 0; i < data.numParticles; i++) {
    const double invMass = data.inverseMasses[i];
    if (invMass == 0.0)
      continue;
    Vec3 noise(data.random.gaussian(), data.random.gaussian(), data.random.gaussian());
    data.velocities[i] =
        data.velocities[i] * vscale + data.forces[i] * (fscale * invMass) + noise * (noisescale * std::sqrt(invMass));
    newPositions[i] = data.positions[i] + data.velocities[i] * dt;
  }
  ReferenceIntegrationUtilities::finishStep(data, newPositions, dt, integrator.getConstraintTolerance());
  data.time = reachesTarget ? maxTime : data.time + dt; // stepTo() ends exactly at its time
  data.stepCount++;
  _lastStep = dt;
  return dt;
}

double ReferenceIntegrateVariableLangevinStepKernel::computeKineticEnergy(ContextImpl& context,
                                                                          const VariableLangevinIntegrator&) {
  return ReferenceIntegrationUtilities::kineticEnergy(ReferencePlatform::getPlatformData(context), 0.5 * _lastStep);
}

} // namespace OpenMM
