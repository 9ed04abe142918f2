// ReferenceCalcCustomCompoundBondForceKernel: gathers each bond's particle positions and applies minus the
// gradient of its energy to them.
#include "ReferenceCalcCustomCompoundBondForceKernel.h"

#include "ReferencePlatform.h"
#include "TabulatedFunctionEvaluator.h"
#include "openmm/CustomCompoundBondForce.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/ContextImpl.h"

namespace OpenMM {

void ReferenceCalcCustomCompoundBondForceKernel::initialize(const System&, const CustomCompoundBondForce& force) {
  _particles.resize(force.getNumBonds());
  std::vector<std::vector<double>> values(force.getNumBonds());
  for (int i = 0; i < force.getNumBonds(); i++)
    force.getBondParameters(i, _particles[i], values[i]);
  std::vector<std::string> globals;
  for (const auto& global : force.parameterList().globals())
    globals.push_back(global.first);
  const TabulatedFunctionList& functions = force.tabulatedFunctions();
  _terms.initialize("CustomCompoundBondForce", force.getEnergyFunction(), force.getNumParticlesPerBond(), "p",
                    force.parameterList().perTermNames(), globals,
                    createTabulatedFunctionEvaluators(functions.names(), functions.functions()));
  _terms.setTermParameters(std::move(values));
  force.parameterList().checkDerivativeNames();
  _terms.setParameterDerivatives(force.parameterList().derivativeNames());
  _usePeriodic = force.usesPeriodicBoundaryConditions();
}

double ReferenceCalcCustomCompoundBondForceKernel::execute(ContextImpl& context, bool includeForces,
                                                           bool includeEnergy) {
  auto& data = ReferencePlatform::getPlatformData(context);
  const Vec3* box = _usePeriodic ? data.box() : nullptr;
  _terms.loadGlobals(context);
  double energy = 0.0;
  std::vector<Vec3> points, gradient;
  for (size_t i = 0; i < _particles.size(); i++) {
    const auto& p = _particles[i];
    points.resize(p.size());
    gradient.resize(p.size());
    for (size_t k = 0; k < p.size(); k++)
      points[k] = data.positions[p[k]];
    energy += _terms.evaluate(static_cast<int>(i), points.data(), box, gradient.data());
    if (includeForces)
      for (size_t k = 0; k < p.size(); k++)
        data.forces[p[k]] -= gradient[k];
  }
  _terms.flushParameterDerivatives(data.energyParameterDerivatives);
  return includeEnergy ? energy : 0.0;
}

void ReferenceCalcCustomCompoundBondForceKernel::copyParametersToContext(ContextImpl& context,
                                                                         const CustomCompoundBondForce& force) {
  if (force.getNumBonds() != static_cast<int>(_particles.size()))
    throw OpenMMException("CustomCompoundBondForce: updateParametersInContext() cannot change the number of bonds");
  for (int i = 0; i < force.getNumBonds(); i++) {
    std::vector<int> particles;
    std::vector<double> parameters;
    force.getBondParameters(i, particles, parameters);
    if (particles != _particles[i])
      throw OpenMMException("CustomCompoundBondForce: updateParametersInContext() cannot change the particles of a "
                            "bond");
  }
  initialize(context.getSystem(), force);
}

} // namespace OpenMM
