// ReferenceCalcCustomCentroidBondForceKernel: group centres sum_i w_i x_i / sum_i w_i (weights or masses), the
// compound-bond energy at the centres, and F_i = -(w_i / W) dE/d centre.
#include "ReferenceCalcCustomCentroidBondForceKernel.h"

#include "ReferencePlatform.h"
#include "TabulatedFunctionEvaluator.h"
#include "openmm/CustomCentroidBondForce.h"
#include "openmm/OpenMMException.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"

namespace OpenMM {

void ReferenceCalcCustomCentroidBondForceKernel::initialize(const System& system,
                                                            const CustomCentroidBondForce& force) {
  _groupParticles.resize(force.getNumGroups());
  _groupFractions.resize(force.getNumGroups());
  for (int g = 0; g < force.getNumGroups(); g++) {
    std::vector<double> weights;
    force.getGroupParameters(g, _groupParticles[g], weights);
    if (weights.empty())
      for (int p : _groupParticles[g])
        weights.push_back(system.getParticleMass(p));
    double total = 0.0;
    for (double w : weights)
      total += w;
    for (double& w : weights)
      w /= total;
    _groupFractions[g] = weights;
  }
  _bondGroups.resize(force.getNumBonds());
  std::vector<std::vector<double>> values(force.getNumBonds());
  for (int i = 0; i < force.getNumBonds(); i++)
    force.getBondParameters(i, _bondGroups[i], values[i]);
  std::vector<std::string> globals;
  for (const auto& global : force.parameterList().globals())
    globals.push_back(global.first);
  const TabulatedFunctionList& functions = force.tabulatedFunctions();
  _terms.initialize("CustomCentroidBondForce", force.getEnergyFunction(), force.getNumGroupsPerBond(), "g",
                    force.parameterList().perTermNames(), globals,
                    createTabulatedFunctionEvaluators(functions.names(), functions.functions()));
  _terms.setTermParameters(std::move(values));
  force.parameterList().checkDerivativeNames();
  _terms.setParameterDerivatives(force.parameterList().derivativeNames());
  _usePeriodic = force.usesPeriodicBoundaryConditions();
}

double ReferenceCalcCustomCentroidBondForceKernel::execute(ContextImpl& context, bool includeForces,
                                                           bool includeEnergy) {
  auto& data = ReferencePlatform::getPlatformData(context);
  const Vec3* box = _usePeriodic ? data.box() : nullptr;
  _terms.loadGlobals(context);
  std::vector<Vec3> centers(_groupParticles.size());
  for (size_t g = 0; g < _groupParticles.size(); g++)
    for (size_t k = 0; k < _groupParticles[g].size(); k++)
      centers[g] += data.positions[_groupParticles[g][k]] * _groupFractions[g][k];
  double energy = 0.0;
  std::vector<Vec3> points, gradient;
  for (size_t i = 0; i < _bondGroups.size(); i++) {
    const auto& groups = _bondGroups[i];
    points.resize(groups.size());
    gradient.resize(groups.size());
    for (size_t k = 0; k < groups.size(); k++)
      points[k] = centers[groups[k]];
    energy += _terms.evaluate(static_cast<int>(i), points.data(), box, gradient.data());
    if (!includeForces)
      continue;
    for (size_t k = 0; k < groups.size(); k++) {
      int g = groups[k];
      for (size_t j = 0; j < _groupParticles[g].size(); j++)
        data.forces[_groupParticles[g][j]] -= gradient[k] * _groupFractions[g][j];
    }
  }
  _terms.flushParameterDerivatives(data.energyParameterDerivatives);
  return includeEnergy ? energy : 0.0;
}

void ReferenceCalcCustomCentroidBondForceKernel::copyParametersToContext(ContextImpl& context,
                                                                         const CustomCentroidBondForce& force) {
  if (force.getNumBonds() != static_cast<int>(_bondGroups.size()) ||
      force.getNumGroups() != static_cast<int>(_groupParticles.size()))
    throw OpenMMException("CustomCentroidBondForce: updateParametersInContext() cannot change the number of bonds "
                          "or groups");
  initialize(context.getSystem(), force);
}

} // namespace OpenMM
