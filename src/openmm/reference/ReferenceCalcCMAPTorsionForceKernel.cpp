// ReferenceCalcCMAPTorsionForceKernel: each map becomes a periodic Continuous2DFunction over [0, 2pi]^2 (the
// first row and column repeated at 2pi), so its patches are those of the tabulated functions with periodic
// splines; the angles are taken modulo 2pi.
#include "ReferenceCalcCMAPTorsionForceKernel.h"

#include "ReferenceDihedral.h"
#include "ReferencePlatform.h"
#include "TabulatedFunctionEvaluator.h"
#include "openmm/CMAPTorsionForce.h"
#include "openmm/OpenMMException.h"
#include "openmm/TabulatedFunction.h"
#include "openmm/internal/ContextImpl.h"

#include <cmath>

namespace OpenMM {

void ReferenceCalcCMAPTorsionForceKernel::initialize(const System&, const CMAPTorsionForce& force) {
  _maps.clear();
  for (int m = 0; m < force.getNumMaps(); m++) {
    int size;
    std::vector<double> energy;
    force.getMapParameters(m, size, energy);
    std::vector<double> closed((size + 1) * (size + 1));
    for (int j = 0; j <= size; j++)
      for (int i = 0; i <= size; i++)
        closed[i + (size + 1) * j] = energy[(i % size) + size * (j % size)];
    Continuous2DFunction map(size + 1, size + 1, closed, 0.0, 2 * M_PI, 0.0, 2 * M_PI, true);
    _maps.push_back(createTabulatedFunctionEvaluator(map, "CMAP map " + std::to_string(m)));
  }
  _torsionMaps.resize(force.getNumTorsions());
  _particles.resize(force.getNumTorsions());
  for (int i = 0; i < force.getNumTorsions(); i++) {
    auto& p = _particles[i];
    force.getTorsionParameters(i, _torsionMaps[i], p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]);
  }
  _usePeriodic = force.usesPeriodicBoundaryConditions();
}

double ReferenceCalcCMAPTorsionForceKernel::execute(ContextImpl& context, bool includeForces, bool includeEnergy) {
  auto& data = ReferencePlatform::getPlatformData(context);
  const Vec3* box = _usePeriodic ? data.box() : nullptr;
  const Vec3* x = data.positions.data();
  double energy = 0.0;
  const int value[2] = {0, 0}, dPhi[2] = {1, 0}, dPsi[2] = {0, 1};
  for (size_t i = 0; i < _particles.size(); i++) {
    const auto& p = _particles[i];
    ReferenceDihedral phi(x[p[0]], x[p[1]], x[p[2]], x[p[3]], box);
    ReferenceDihedral psi(x[p[4]], x[p[5]], x[p[6]], x[p[7]], box);
    double angles[2] = {phi.theta, psi.theta};
    const CustomFunction& map = *_maps[_torsionMaps[i]];
    energy += map.evaluate(angles, value);
    if (!includeForces)
      continue;
    double dEdPhi = map.evaluate(angles, dPhi), dEdPsi = map.evaluate(angles, dPsi);
    for (int k = 0; k < 4; k++) {
      if (phi.defined)
        data.forces[p[k]] -= phi.gradient[k] * dEdPhi;
      if (psi.defined)
        data.forces[p[4 + k]] -= psi.gradient[k] * dEdPsi;
    }
  }
  return includeEnergy ? energy : 0.0;
}

void ReferenceCalcCMAPTorsionForceKernel::copyParametersToContext(ContextImpl& context,
                                                                  const CMAPTorsionForce& force) {
  if (force.getNumTorsions() != static_cast<int>(_particles.size()))
    throw OpenMMException("CMAPTorsionForce: updateParametersInContext() cannot change the number of torsions");
  initialize(context.getSystem(), force);
}

} // namespace OpenMM
