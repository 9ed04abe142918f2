// ReferenceCalcCustomAngleForceKernel: theta between the arms from the second particle to the first and third
// (minimum image if periodic), forces from dE/dtheta times the gradients of theta.
#include "ReferenceCalcCustomAngleForceKernel.h"

#include "ReferenceGeometry.h"
#include "ReferencePlatform.h"
#include "openmm/CustomAngleForce.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/ContextImpl.h"

#include <cmath>

namespace OpenMM {

void ReferenceCalcCustomAngleForceKernel::initialize(const System&, const CustomAngleForce& force) {
  _particles.resize(force.getNumAngles());
  std::vector<std::vector<double>> values(force.getNumAngles());
  for (int i = 0; i < force.getNumAngles(); i++) {
    int p1, p2, p3;
    force.getAngleParameters(i, p1, p2, p3, values[i]);
    _particles[i] = {p1, p2, p3};
  }
  _terms.initialize(force.getEnergyFunction(), {"theta"}, force.parameterList());
  _terms.setTermParameters(std::move(values));
  force.parameterList().checkDerivativeNames();
  _terms.setParameterDerivatives(force.parameterList().derivativeNames());
  _usePeriodic = force.usesPeriodicBoundaryConditions();
}

double ReferenceCalcCustomAngleForceKernel::execute(ContextImpl& context, bool includeForces, bool includeEnergy) {
  auto& data = ReferencePlatform::getPlatformData(context);
  const Vec3* box = _usePeriodic ? data.box() : nullptr;
  _terms.loadGlobals(context);
  double energy = 0.0;
  for (size_t i = 0; i < _particles.size(); i++) {
    const auto& p = _particles[i];
    Vec3 v1 = ReferenceGeometry::delta(data.positions[p[1]], data.positions[p[0]], box);
    Vec3 v2 = ReferenceGeometry::delta(data.positions[p[1]], data.positions[p[2]], box);
    Vec3 normal = v1.cross(v2);
    double normalLength = std::sqrt(normal.dot(normal));
    double theta = std::atan2(normalLength, v1.dot(v2)), dEdTheta;
    energy += _terms.evaluate(static_cast<int>(i), &theta, &dEdTheta);
    _terms.accumulateParameterDerivatives();
    if (!includeForces || normalLength < 1e-12 * std::sqrt(v1.dot(v1) * v2.dot(v2)))
      continue;
    Vec3 grad1 = v1.cross(normal) / (v1.dot(v1) * normalLength);
    Vec3 grad3 = v2.cross(normal) / (-v2.dot(v2) * normalLength);
    data.forces[p[0]] -= grad1 * dEdTheta;
    data.forces[p[2]] -= grad3 * dEdTheta;
    data.forces[p[1]] += (grad1 + grad3) * dEdTheta;
  }
  _terms.flushParameterDerivatives(data.energyParameterDerivatives);
  return includeEnergy ? energy : 0.0;
}

void ReferenceCalcCustomAngleForceKernel::copyParametersToContext(ContextImpl& context, const CustomAngleForce& force) {
  if (force.getNumAngles() != static_cast<int>(_particles.size()))
    throw OpenMMException("CustomAngleForce: updateParametersInContext() cannot change the number of angles");
  initialize(context.getSystem(), force);
}

} // namespace OpenMM
