// ReferenceCalcRBTorsionForceKernel: the dihedral phi as for PeriodicTorsionForce; with psi = phi - pi,
// cos(psi) = -cos(phi) and dE/dphi = -sin(psi) sum_i i C_i cos(psi)^(i-1).
#include "ReferenceCalcRBTorsionForceKernel.h"

#include "ReferenceGeometry.h"
#include "ReferencePlatform.h"
#include "openmm/OpenMMException.h"
#include "openmm/RBTorsionForce.h"
#include "openmm/internal/ContextImpl.h"

#include <cmath>

namespace OpenMM {

void ReferenceCalcRBTorsionForceKernel::initialize(const System&, const RBTorsionForce& force) {
  _torsions.resize(force.getNumTorsions());
  for (int i = 0; i < force.getNumTorsions(); i++) {
    Torsion& t = _torsions[i];
    force.getTorsionParameters(i, t.particle[0], t.particle[1], t.particle[2], t.particle[3], t.c[0], t.c[1], t.c[2],
                               t.c[3], t.c[4], t.c[5]);
  }
  _usePeriodic = force.usesPeriodicBoundaryConditions();
}

double ReferenceCalcRBTorsionForceKernel::execute(ContextImpl& context, bool includeForces, bool includeEnergy) {
  auto& data = ReferencePlatform::getPlatformData(context);
  const Vec3* box = _usePeriodic ? data.box() : nullptr;
  double energy = 0.0;
  for (const Torsion& t : _torsions) {
    const auto& p = t.particle;
    Vec3 f = ReferenceGeometry::delta(data.positions[p[1]], data.positions[p[0]], box);
    Vec3 g = ReferenceGeometry::delta(data.positions[p[2]], data.positions[p[1]], box);
    Vec3 h = ReferenceGeometry::delta(data.positions[p[2]], data.positions[p[3]], box);
    Vec3 a = f.cross(g);
    Vec3 b = h.cross(g);
    double a2 = a.dot(a), b2 = b.dot(b), gLength = std::sqrt(g.dot(g));
    if (a2 < 1e-24 || b2 < 1e-24 || gLength == 0.0)
      continue; // Three collinear particles: the dihedral is undefined.
    double phi = std::atan2(b.cross(a).dot(g) / gLength, a.dot(b));
    double cosPsi = -std::cos(phi), sinPsi = -std::sin(phi);
    double power = 1.0, value = 0.0, slope = 0.0; // slope = dE/dcos(psi)
    for (int i = 0; i < 6; i++) {
      value += t.c[i] * power;
      if (i < 5)
        slope += (i + 1) * t.c[i + 1] * power;
      power *= cosPsi;
    }
    energy += value;
    if (!includeForces)
      continue;
    double dEdPhi = -sinPsi * slope;
    Vec3 grad1 = a * (-gLength / a2);
    Vec3 grad4 = b * (gLength / b2);
    double fg = f.dot(g) / (a2 * gLength), hg = h.dot(g) / (b2 * gLength);
    Vec3 grad2 = a * (gLength / a2 + fg) - b * hg;
    Vec3 grad3 = b * (hg - gLength / b2) - a * fg;
    data.forces[p[0]] -= grad1 * dEdPhi;
    data.forces[p[1]] -= grad2 * dEdPhi;
    data.forces[p[2]] -= grad3 * dEdPhi;
    data.forces[p[3]] -= grad4 * dEdPhi;
  }
  return includeEnergy ? energy : 0.0;
}

void ReferenceCalcRBTorsionForceKernel::copyParametersToContext(ContextImpl& context, const RBTorsionForce& force) {
  if (force.getNumTorsions() != static_cast<int>(_torsions.size()))
    throw OpenMMException("RBTorsionForce: updateParametersInContext() cannot change the number of torsions");
  initialize(context.getSystem(), force);
}

} // namespace OpenMM
