// ReferenceIntegrateNoseHooverStepKernel: the chains of IntegrationRules::NoseHooverChains; pairs are split into
// centre-of-mass and relative velocities, scaled by the absolute and the relative chain. The forces at the end of a step are kept for the next while the positions,
// box, parameters and force groups stay the same.
#include "ReferenceIntegrateNoseHooverStepKernel.h"

#include "ReferenceIntegrationUtilities.h"
#include "ReferencePlatform.h"
#include "openmm/NoseHooverIntegrator.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/internal/PhysicalConstants.h"

#include <algorithm>
#include <cmath>

namespace OpenMM {

void ReferenceIntegrateNoseHooverStepKernel::initialize(const System&, const NoseHooverIntegrator& integrator) {
  _chains.initialize(integrator);
}

void ReferenceIntegrateNoseHooverStepKernel::propagateChains(ReferencePlatformData& data,
                                                             const NoseHooverIntegrator& integrator) {
  for (int c = 0; c < integrator.getNumThermostats(); c++) {
    const NoseHooverChain& chain = integrator.getThermostat(c);
    double keAbsolute = 0.0, keRelative = 0.0;
    for (int p : chain.getThermostatedAtoms())
      keAbsolute += 0.5 * data.masses[p] * data.velocities[p].dot(data.velocities[p]);
    for (const auto& pair : chain.getThermostatedPairs()) {
      const double m1 = data.masses[pair.first], m2 = data.masses[pair.second], total = m1 + m2;
      const Vec3 com = (data.velocities[pair.first] * m1 + data.velocities[pair.second] * m2) / total;
      const Vec3 rel = data.velocities[pair.second] - data.velocities[pair.first];
      keAbsolute += 0.5 * total * com.dot(com);
      keRelative += 0.5 * (m1 * m2 / total) * rel.dot(rel);
    }
    const auto [sAbs, sRel] = _chains.propagate(integrator, c, keAbsolute, keRelative);
    for (int p : chain.getThermostatedAtoms())
      data.velocities[p] *= sAbs;
    for (const auto& pair : chain.getThermostatedPairs()) {
      const double m1 = data.masses[pair.first], m2 = data.masses[pair.second], total = m1 + m2;
      const Vec3 com = (data.velocities[pair.first] * m1 + data.velocities[pair.second] * m2) / total * sAbs;
      const Vec3 rel = (data.velocities[pair.second] - data.velocities[pair.first]) * sRel;
      data.velocities[pair.first] = com - rel * (m2 / total);
      data.velocities[pair.second] = com + rel * (m1 / total);
    }
  }
}

bool ReferenceIntegrateNoseHooverStepKernel::forcesAreCurrent(ContextImpl& context, const ReferencePlatformData& data,
                                                              int groups) const {
  if (!_hasKeptForces || groups != _keptGroups || data.positions != _keptPositions ||
      context.getForceParametersVersion() != _keptForceParameters)
    return false;
  for (int k = 0; k < 3; k++)
    if (data.periodicBoxVectors[k] != _keptBox[k])
      return false;
  return context.getParameters() == _keptParameters;
}

void ReferenceIntegrateNoseHooverStepKernel::execute(ContextImpl& context, const NoseHooverIntegrator& integrator) {
  auto& data = ReferencePlatform::getPlatformData(context);
  const int groups = integrator.getIntegrationForceGroups();
  const double dt = integrator.getStepSize();
  const bool changed = context.updateContextState();
  if (changed || !forcesAreCurrent(context, data, groups))
    context.calcForcesAndEnergy(true, false, groups);
  else
    data.forces = _keptForces;
  propagateChains(data, integrator);
  std::vector<Vec3>& newPositions = _newPositions;
  newPositions = data.positions;
  for (int i = 0; i < data.numParticles; i++) {
    if (data.inverseMasses[i] == 0.0)
      continue;
    data.velocities[i] += data.forces[i] * (0.5 * dt * data.inverseMasses[i]);
    newPositions[i] = data.positions[i] + data.velocities[i] * dt;
  }
  ReferenceIntegrationUtilities::finishStep(data, newPositions, dt, integrator.getConstraintTolerance());
  if (integrator.getMaximumPairDistance() > 0.0)
    applyHardWall(data, integrator, dt);
  context.calcForcesAndEnergy(true, false, groups);
  for (int i = 0; i < data.numParticles; i++)
    if (data.inverseMasses[i] != 0.0)
      data.velocities[i] += data.forces[i] * (0.5 * dt * data.inverseMasses[i]);
  if (data.constraints.getNumConstraints() > 0)
    data.constraints.applyToVelocities(data.positions, data.velocities, data.inverseMasses,
                                       integrator.getConstraintTolerance());
  propagateChains(data, integrator);
  data.time += dt;
  data.stepCount++;
  _keptPositions = data.positions;
  _keptForces = data.forces;
  for (int k = 0; k < 3; k++)
    _keptBox[k] = data.periodicBoxVectors[k];
  _keptParameters = context.getParameters();
  _keptForceParameters = context.getForceParametersVersion();
  _keptGroups = groups;
  _hasKeptForces = true;
}

void ReferenceIntegrateNoseHooverStepKernel::applyHardWall(ReferencePlatformData& data,
                                                           const NoseHooverIntegrator& integrator, double dt) {
  const double limit = integrator.getMaximumPairDistance();
  for (const auto& [p1, p2, relativeTemperature] : integrator.getAllThermostatedPairs()) {
    Vec3 d = data.positions[p1] - data.positions[p2];
    const double r = std::sqrt(d.dot(d));
    if (!(r > limit))
      continue;
    const Vec3 u = d * (1.0 / r); // from the second particle to the first
    const double m1 = data.masses[p1], m2 = data.masses[p2], excess = r - limit;
    const double thermalSpeed = std::sqrt(BOLTZ * relativeTemperature / m1);
    const double along1 = data.velocities[p1].dot(u), along2 = data.velocities[p2].dot(u);
    const Vec3 across1 = data.velocities[p1] - u * along1, across2 = data.velocities[p2] - u * along2;
    if (m2 == 0.0) {
      // A massless partner stays; the first particle alone comes back inside, moving inwards at the thermal speed
      // for the time since it crossed the wall (at most one step).
      double since = along1 != 0.0 ? std::min(dt, excess / std::fabs(along1)) : dt;
      double inward = -thermalSpeed * (along1 != 0.0 ? (along1 > 0.0 ? 1.0 : -1.0) : 1.0);
      data.positions[p1] += u * (-excess + since * inward);
      data.velocities[p1] = across1 + u * inward;
      continue;
    }
    // Along the pair: the centre-of-mass part is kept; the relative parts are reversed and set to the thermal
    // speed shared in inverse proportion to the masses; both particles move back by the excess (split by mass)
    // plus their new velocity times the time since the crossing.
    const double total = m1 + m2, centre = (m1 * along1 + m2 * along2) / total;
    const double rel1 = along1 - centre, rel2 = along2 - centre;
    const double since = rel1 != rel2 ? std::min(dt, excess / std::fabs(rel1 - rel2)) : dt;
    auto sign = [](double x) { return x > 0.0 ? 1.0 : (x < 0.0 ? -1.0 : 0.0); };
    const double new1 = -sign(rel1) * thermalSpeed * m2 / total, new2 = -sign(rel2) * thermalSpeed * m1 / total;
    data.positions[p1] += u * (-excess * m2 / total + since * new1);
    data.positions[p2] += u * (excess * m1 / total + since * new2);
    data.velocities[p1] = across1 + u * (new1 + centre);
    data.velocities[p2] = across2 + u * (new2 + centre);
  }
}

double ReferenceIntegrateNoseHooverStepKernel::computeKineticEnergy(ContextImpl& context, const NoseHooverIntegrator&) {
  // Velocity Verlet: the velocities are at the time of the positions.
  return ReferenceIntegrationUtilities::kineticEnergy(ReferencePlatform::getPlatformData(context), 0.0);
}

double ReferenceIntegrateNoseHooverStepKernel::computeHeatBathEnergy(ContextImpl&,
                                                                    const NoseHooverIntegrator& integrator) {
  return _chains.heatBathEnergy(integrator);
}

std::vector<double> ReferenceIntegrateNoseHooverStepKernel::getChainStates() const { return _chains.getStates(); }

void ReferenceIntegrateNoseHooverStepKernel::setChainStates(const std::vector<double>& states) {
  _chains.setStates(states);
  _hasKeptForces = false;
}

} // namespace OpenMM
