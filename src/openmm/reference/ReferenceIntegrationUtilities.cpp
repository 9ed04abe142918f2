// ReferenceIntegrationUtilities: constrained position update, shifted kinetic energy and the choice of the
// Context's random-number seed, shared by the Reference integrator and thermostat kernels.
#include "ReferenceIntegrationUtilities.h"

#include "ReferencePlatform.h"
#include "openmm/AndersenThermostat.h"
#include "openmm/BrownianIntegrator.h"
#include "openmm/CompoundIntegrator.h"
#include "openmm/CustomIntegrator.h"
#include "openmm/LangevinIntegrator.h"
#include "openmm/LangevinMiddleIntegrator.h"
#include "openmm/System.h"
#include "openmm/VariableLangevinIntegrator.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/internal/IntegrationRules.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace OpenMM {

void ReferenceIntegrationUtilities::finishStep(ReferencePlatformData& data, std::vector<Vec3>& newPositions, double dt,
                                               double tol) {
  if (data.constraints.getNumConstraints() == 0) {
    // Nothing moved the positions away from x + v dt: the velocities are already (x' - x)/dt.
    for (int i = 0; i < data.numParticles; i++)
      if (data.inverseMasses[i] != 0.0)
        data.positions[i] = newPositions[i];
    data.computeVirtualSites();
    return;
  }
  data.constraints.apply(data.positions, newPositions, data.inverseMasses, tol);
  double invDt = 1.0 / dt;
  for (int i = 0; i < data.numParticles; i++) {
    if (data.inverseMasses[i] == 0.0)
      continue;
    data.velocities[i] = (newPositions[i] - data.positions[i]) * invDt;
    data.positions[i] = newPositions[i];
  }
  data.computeVirtualSites();
}

double ReferenceIntegrationUtilities::kineticEnergy(const ReferencePlatformData& data, double shift) {
  std::vector<Vec3> velocities(data.numParticles);
  for (int i = 0; i < data.numParticles; i++) {
    velocities[i] = data.velocities[i] + data.forces[i] * (shift * data.inverseMasses[i]);
    // Non-finite forces (a trial configuration of the minimizer, an exploding run) give a NaN kinetic energy,
    // as in OpenMM, rather than an error from the constraint projection.
    if (!std::isfinite(velocities[i].dot(velocities[i])))
      return std::numeric_limits<double>::quiet_NaN();
  }
  // Constrained degrees of freedom carry no kinetic energy.
  data.constraints.applyToVelocities(data.positions, velocities, data.inverseMasses, 1e-6);
  double energy = 0.0;
  for (int i = 0; i < data.numParticles; i++)
    energy += 0.5 * data.masses[i] * velocities[i].dot(velocities[i]);
  return energy;
}

void ReferenceIntegrationUtilities::seedRandom(ContextImpl& context) {
  ReferencePlatformData& data = ReferencePlatform::getPlatformData(context);
  if (data.random.isSeeded())
    return;
  int seed = 0;
  const Integrator* current = &context.getIntegrator();
  // A CompoundIntegrator draws with the seed of the integrator it is running.
  if (auto* compound = dynamic_cast<const CompoundIntegrator*>(current))
    current = &compound->getIntegrator(compound->getCurrentIntegrator());
  const Integrator& integrator = *current;
  if (auto* langevin = dynamic_cast<const LangevinIntegrator*>(&integrator))
    seed = langevin->getRandomNumberSeed();
  else if (auto* middle = dynamic_cast<const LangevinMiddleIntegrator*>(&integrator))
    seed = middle->getRandomNumberSeed();
  else if (auto* custom = dynamic_cast<const CustomIntegrator*>(&integrator))
    seed = custom->getRandomNumberSeed();
  else if (auto* variable = dynamic_cast<const VariableLangevinIntegrator*>(&integrator))
    seed = variable->getRandomNumberSeed();
  else if (auto* brownian = dynamic_cast<const BrownianIntegrator*>(&integrator))
    seed = brownian->getRandomNumberSeed();
  const System& system = context.getSystem();
  for (int i = 0; i < system.getNumForces() && seed == 0; i++)
    if (auto* andersen = dynamic_cast<const AndersenThermostat*>(&system.getForce(i)))
      seed = andersen->getRandomNumberSeed();
  data.random.initialize(seed);
}

double ReferenceIntegrationUtilities::variableStepSize(const ReferencePlatformData& data, double tol, double lastStep,
                                                      double maxStep, double fallback, double maxTime,
                                                      bool& reachesTarget) {
  double sum = 0.0;
  int count = 0;
  for (int i = 0; i < data.numParticles; i++)
    if (data.inverseMasses[i] != 0.0) {
      Vec3 a = data.forces[i] * data.inverseMasses[i];
      sum += a.dot(a);
      count += 3;
    }
  return IntegrationRules::variableStepSize(sum, count, tol, lastStep, maxStep, fallback, data.time, maxTime,
                                            reachesTarget);
}

} // namespace OpenMM
