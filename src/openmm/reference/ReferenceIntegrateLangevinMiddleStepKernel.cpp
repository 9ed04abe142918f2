// ReferenceIntegrateLangevinMiddleStepKernel: kick v += dt F/m, half drift, Ornstein-Uhlenbeck update
// v = a v + sqrt(kT (1 - a^2) / m) R, half drift; the velocities constrained after the kick, the positions after the
// drift (their displacement an impulse on the velocities), as OpenMM defines the step.
#include "ReferenceIntegrateLangevinMiddleStepKernel.h"

#include "ReferenceIntegrationUtilities.h"
#include "ReferencePlatform.h"
#include "openmm/LangevinMiddleIntegrator.h"
#include "openmm/internal/PhysicalConstants.h"

#include <cmath>

namespace OpenMM {

void ReferenceIntegrateLangevinMiddleStepKernel::initialize(const System&, const LangevinMiddleIntegrator&) {}

void ReferenceIntegrateLangevinMiddleStepKernel::execute(ContextImpl& context,
                                                         const LangevinMiddleIntegrator& integrator) {
  ReferenceIntegrationUtilities::seedRandom(context);
  auto& data = ReferencePlatform::getPlatformData(context);
  double dt = integrator.getStepSize();
  double tol = integrator.getConstraintTolerance();
  double kT = BOLTZ * integrator.getTemperature();
  double vscale = std::exp(-dt * integrator.getFriction());
  double noisescale = std::sqrt(kT * (1.0 - vscale * vscale));
  for (int i = 0; i < data.numParticles; i++)
    if (data.inverseMasses[i] != 0.0)
      data.velocities[i] += data.forces[i] * (dt * data.inverseMasses[i]);
  data.constraints.applyToVelocities(data.positions, data.velocities, data.inverseMasses, tol);
  std::vector<Vec3>& newPositions = _newPositions;
  newPositions = data.positions;
  for (int i = 0; i < data.numParticles; i++) {
    double invMass = data.inverseMasses[i];
    if (invMass == 0.0)
      continue;
    newPositions[i] += data.velocities[i] * (0.5 * dt);
    Vec3 noise(data.random.gaussian(), data.random.gaussian(), data.random.gaussian());
    data.velocities[i] = data.velocities[i] * vscale + noise * (noisescale * std::sqrt(invMass));
    newPositions[i] += data.velocities[i] * (0.5 * dt);
  }
  // The constraint displacement over the step is an impulse on both half drifts: v += delta/dt (without friction,
  // v is then the step's displacement over dt).
  std::vector<Vec3> unconstrained = newPositions;
  data.constraints.apply(data.positions, newPositions, data.inverseMasses, tol);
  for (int i = 0; i < data.numParticles; i++) {
    if (data.inverseMasses[i] == 0.0)
      continue;
    data.velocities[i] += (newPositions[i] - unconstrained[i]) / dt;
    data.positions[i] = newPositions[i];
  }
  data.computeVirtualSites();
  data.time += dt;
  data.stepCount++;
}

double ReferenceIntegrateLangevinMiddleStepKernel::computeKineticEnergy(ContextImpl& context,
                                                                        const LangevinMiddleIntegrator&) {
  return ReferenceIntegrationUtilities::kineticEnergy(ReferencePlatform::getPlatformData(context), 0.0);
}

} // namespace OpenMM
