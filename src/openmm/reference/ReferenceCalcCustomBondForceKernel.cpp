// ReferenceCalcCustomBondForceKernel: r between the two particles (minimum image if periodic); the force on the
// first particle is -dE/dr times the unit vector from the second to the first.
#include "ReferenceCalcCustomBondForceKernel.h"

#include "ReferenceGeometry.h"
#include "ReferencePlatform.h"
#include "openmm/CustomBondForce.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/ContextImpl.h"

#include <cmath>

namespace OpenMM {

void ReferenceCalcCustomBondForceKernel::initialize(const System&, const CustomBondForce& force) {
  _particles.resize(force.getNumBonds());
  std::vector<std::vector<double>> values(force.getNumBonds());
  for (int i = 0; i < force.getNumBonds(); i++) {
    int p1, p2;
    force.getBondParameters(i, p1, p2, values[i]);
    _particles[i] = {p1, p2};
  }
  _terms.initialize(force.getEnergyFunction(), {"r"}, force.parameterList());
  _terms.setTermParameters(std::move(values));
  force.parameterList().checkDerivativeNames();
  _terms.setParameterDerivatives(force.parameterList().derivativeNames());
  _usePeriodic = force.usesPeriodicBoundaryConditions();
}

double ReferenceCalcCustomBondForceKernel::execute(ContextImpl& context, bool includeForces, bool includeEnergy) {
  auto& data = ReferencePlatform::getPlatformData(context);
  const Vec3* box = _usePeriodic ? data.box() : nullptr;
  _terms.loadGlobals(context);
  double energy = 0.0;
  for (size_t i = 0; i < _particles.size(); i++) {
    int a = _particles[i][0], b = _particles[i][1];
    Vec3 d = ReferenceGeometry::delta(data.positions[a], data.positions[b], box);
    double r = std::sqrt(d.dot(d)), dEdr;
    energy += _terms.evaluate(static_cast<int>(i), &r, &dEdr);
    _terms.accumulateParameterDerivatives();
    if (includeForces && r > 0.0) {
      Vec3 f = d * (dEdr / r);
      data.forces[a] += f;
      data.forces[b] -= f;
    }
  }
  _terms.flushParameterDerivatives(data.energyParameterDerivatives);
  return includeEnergy ? energy : 0.0;
}

void ReferenceCalcCustomBondForceKernel::copyParametersToContext(ContextImpl& context, const CustomBondForce& force) {
  if (force.getNumBonds() != static_cast<int>(_particles.size()))
    throw OpenMMException("CustomBondForce: updateParametersInContext() cannot change the number of bonds");
  initialize(context.getSystem(), force);
}

} // namespace OpenMM
