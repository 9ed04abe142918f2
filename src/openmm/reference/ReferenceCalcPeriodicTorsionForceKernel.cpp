// ReferenceCalcPeriodicTorsionForceKernel: E = k (1 + cos(n phi - phi0)); phi and its gradient follow the
// cross-product formulation (A = F x G, B = H x G with F = x1-x2, G = x2-x3, H = x4-x3).
#include "ReferenceCalcPeriodicTorsionForceKernel.h"

#include "ReferenceGeometry.h"
#include "ReferencePlatform.h"
#include "openmm/OpenMMException.h"
#include "openmm/PeriodicTorsionForce.h"
#include "openmm/internal/ContextImpl.h"

#include <cmath>

namespace OpenMM {

void ReferenceCalcPeriodicTorsionForceKernel::initialize(const System&, const PeriodicTorsionForce& force) {
  _torsions.resize(force.getNumTorsions());
  for (int i = 0; i < force.getNumTorsions(); i++) {
    Torsion& t = _torsions[i];
    force.getTorsionParameters(i, t.particle1, t.particle2, t.particle3, t.particle4, t.periodicity, t.phase, t.k);
  }
  _usePeriodic = force.usesPeriodicBoundaryConditions();
}

double ReferenceCalcPeriodicTorsionForceKernel::execute(ContextImpl& context, bool includeForces, bool includeEnergy) {
  auto& data = ReferencePlatform::getPlatformData(context);
  const Vec3* box = _usePeriodic ? data.box() : nullptr;
  double energy = 0.0;
  for (const Torsion& t : _torsions) {
    Vec3 f = ReferenceGeometry::delta(data.positions[t.particle2], data.positions[t.particle1], box);
    Vec3 g = ReferenceGeometry::delta(data.positions[t.particle3], data.positions[t.particle2], box);
    Vec3 h = ReferenceGeometry::delta(data.positions[t.particle3], data.positions[t.particle4], box);
    Vec3 a = f.cross(g);
    Vec3 b = h.cross(g);
    double a2 = a.dot(a), b2 = b.dot(b), gLength = std::sqrt(g.dot(g));
    if (a2 < 1e-24 || b2 < 1e-24 || gLength == 0.0)
      continue; // Three collinear particles: the dihedral is undefined.
    double cosPhi = a.dot(b);
    double sinPhi = b.cross(a).dot(g) / gLength;
    double phi = std::atan2(sinPhi, cosPhi);
    double argument = t.periodicity * phi - t.phase;
    energy += t.k * (1.0 + std::cos(argument));
    if (!includeForces)
      continue;
    double dEdPhi = -t.k * t.periodicity * std::sin(argument);
    Vec3 grad1 = a * (-gLength / a2);
    Vec3 grad4 = b * (gLength / b2);
    double fg = f.dot(g) / (a2 * gLength), hg = h.dot(g) / (b2 * gLength);
    Vec3 grad2 = a * (gLength / a2 + fg) - b * hg;
    Vec3 grad3 = b * (hg - gLength / b2) - a * fg;
    data.forces[t.particle1] -= grad1 * dEdPhi;
    data.forces[t.particle2] -= grad2 * dEdPhi;
    data.forces[t.particle3] -= grad3 * dEdPhi;
    data.forces[t.particle4] -= grad4 * dEdPhi;
  }
  return includeEnergy ? energy : 0.0;
}

void ReferenceCalcPeriodicTorsionForceKernel::copyParametersToContext(ContextImpl& context,
                                                                      const PeriodicTorsionForce& force) {
  if (force.getNumTorsions() != static_cast<int>(_torsions.size()))
    throw OpenMMException("PeriodicTorsionForce: updateParametersInContext() cannot change the number of torsions");
  initialize(context.getSystem(), force);
}

} // namespace OpenMM
