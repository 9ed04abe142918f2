// ReferenceCalcCustomTorsionForceKernel: the dihedral angle theta of four particles (the convention of
// PeriodicTorsionForce, minimum image if periodic), forces from dE/dtheta times the gradients of theta.
#include "ReferenceCalcCustomTorsionForceKernel.h"

#include "ReferenceGeometry.h"
#include "ReferencePlatform.h"
#include "openmm/CustomTorsionForce.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/ContextImpl.h"

#include <cmath>

namespace OpenMM {

void ReferenceCalcCustomTorsionForceKernel::initialize(const System&, const CustomTorsionForce& force) {
  _particles.resize(force.getNumTorsions());
  std::vector<std::vector<double>> values(force.getNumTorsions());
  for (int i = 0; i < force.getNumTorsions(); i++) {
    int p1, p2, p3, p4;
    force.getTorsionParameters(i, p1, p2, p3, p4, values[i]);
    _particles[i] = {p1, p2, p3, p4};
  }
  _terms.initialize(force.getEnergyFunction(), {"theta"}, force.parameterList());
  _terms.setTermParameters(std::move(values));
  force.parameterList().checkDerivativeNames();
  _terms.setParameterDerivatives(force.parameterList().derivativeNames());
  _usePeriodic = force.usesPeriodicBoundaryConditions();
}

double ReferenceCalcCustomTorsionForceKernel::execute(ContextImpl& context, bool includeForces, bool includeEnergy) {
  auto& data = ReferencePlatform::getPlatformData(context);
  const Vec3* box = _usePeriodic ? data.box() : nullptr;
  _terms.loadGlobals(context);
  double energy = 0.0;
  for (size_t i = 0; i < _particles.size(); i++) {
    const auto& p = _particles[i];
    Vec3 f = ReferenceGeometry::delta(data.positions[p[1]], data.positions[p[0]], box);
    Vec3 g = ReferenceGeometry::delta(data.positions[p[2]], data.positions[p[1]], box);
    Vec3 h = ReferenceGeometry::delta(data.positions[p[2]], data.positions[p[3]], box);
    Vec3 a = f.cross(g);
    Vec3 b = h.cross(g);
    double a2 = a.dot(a), b2 = b.dot(b), gLength = std::sqrt(g.dot(g));
    double theta = 0.0, dEdTheta;
    bool defined = a2 >= 1e-24 && b2 >= 1e-24 && gLength > 0.0; // not with three collinear particles
    if (defined)
      theta = std::atan2(b.cross(a).dot(g) / gLength, a.dot(b));
    energy += _terms.evaluate(static_cast<int>(i), &theta, &dEdTheta);
    _terms.accumulateParameterDerivatives();
    if (!includeForces || !defined)
      continue;
    Vec3 grad1 = a * (-gLength / a2);
    Vec3 grad4 = b * (gLength / b2);
    double fg = f.dot(g) / (a2 * gLength), hg = h.dot(g) / (b2 * gLength);
    Vec3 grad2 = a * (gLength / a2 + fg) - b * hg;
    Vec3 grad3 = b * (hg - gLength / b2) - a * fg;
    data.forces[p[0]] -= grad1 * dEdTheta;
    data.forces[p[1]] -= grad2 * dEdTheta;
    data.forces[p[2]] -= grad3 * dEdTheta;
    data.forces[p[3]] -= grad4 * dEdTheta;
  }
  _terms.flushParameterDerivatives(data.energyParameterDerivatives);
  return includeEnergy ? energy : 0.0;
}

void ReferenceCalcCustomTorsionForceKernel::copyParametersToContext(ContextImpl& context,
                                                                    const CustomTorsionForce& force) {
  if (force.getNumTorsions() != static_cast<int>(_particles.size()))
    throw OpenMMException("CustomTorsionForce: updateParametersInContext() cannot change the number of torsions");
  initialize(context.getSystem(), force);
}

} // namespace OpenMM
