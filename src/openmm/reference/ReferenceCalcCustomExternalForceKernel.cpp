// ReferenceCalcCustomExternalForceKernel: E(x, y, z) of each listed particle, F = -(dE/dx, dE/dy, dE/dz).
#include "ReferenceCalcCustomExternalForceKernel.h"

#include "PeriodicDistance.h"
#include "ReferencePlatform.h"
#include "openmm/CustomExternalForce.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/ContextImpl.h"

namespace OpenMM {

void ReferenceCalcCustomExternalForceKernel::initialize(const System&, const CustomExternalForce& force) {
  _particles.resize(force.getNumParticles());
  std::vector<std::vector<double>> values(force.getNumParticles());
  for (int i = 0; i < force.getNumParticles(); i++) {
    int p;
    force.getParticleParameters(i, p, values[i]);
    _particles[i] = {p};
  }
  std::vector<std::string> globals;
  for (const auto& global : force.parameterList().globals())
    globals.push_back(global.first);
  _usePeriodic = force.usesPeriodicBoundaryConditions();
  _terms.initialize(force.getEnergyFunction(), {"x", "y", "z"}, force.parameterList().perTermNames(), globals,
                    PeriodicDistance::functions(&_box));
  _terms.setTermParameters(std::move(values));
  force.parameterList().checkDerivativeNames();
  _terms.setParameterDerivatives(force.parameterList().derivativeNames());
}

double ReferenceCalcCustomExternalForceKernel::execute(ContextImpl& context, bool includeForces, bool includeEnergy) {
  auto& data = ReferencePlatform::getPlatformData(context);
  _terms.loadGlobals(context);
  _box = _usePeriodic ? data.box() : nullptr;
  double energy = 0.0;
  for (size_t i = 0; i < _particles.size(); i++) {
    int p = _particles[i][0];
    double xyz[3] = {data.positions[p][0], data.positions[p][1], data.positions[p][2]}, gradient[3];
    energy += _terms.evaluate(static_cast<int>(i), xyz, gradient);
    _terms.accumulateParameterDerivatives();
    if (includeForces)
      data.forces[p] -= Vec3(gradient[0], gradient[1], gradient[2]);
  }
  _terms.flushParameterDerivatives(data.energyParameterDerivatives);
  return includeEnergy ? energy : 0.0;
}

void ReferenceCalcCustomExternalForceKernel::copyParametersToContext(ContextImpl& context,
                                                                     const CustomExternalForce& force) {
  if (force.getNumParticles() != static_cast<int>(_particles.size()))
    throw OpenMMException("CustomExternalForce: updateParametersInContext() cannot change the number of particles");
  initialize(context.getSystem(), force);
}

} // namespace OpenMM
