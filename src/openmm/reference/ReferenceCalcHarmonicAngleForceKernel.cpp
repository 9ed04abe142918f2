// ReferenceCalcHarmonicAngleForceKernel: E = k/2 (theta - theta0)^2 with theta the angle at particle 2;
// forces from the analytic gradient of theta (undefined for exactly collinear particles, which get none).
#include "ReferenceCalcHarmonicAngleForceKernel.h"

#include "ReferenceGeometry.h"
#include "ReferencePlatform.h"
#include "openmm/HarmonicAngleForce.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/ContextImpl.h"

#include <cmath>

namespace OpenMM {

void ReferenceCalcHarmonicAngleForceKernel::initialize(const System&, const HarmonicAngleForce& force) {
  _angles.resize(force.getNumAngles());
  for (int i = 0; i < force.getNumAngles(); i++) {
    Angle& a = _angles[i];
    force.getAngleParameters(i, a.particle1, a.particle2, a.particle3, a.angle, a.k);
  }
  _usePeriodic = force.usesPeriodicBoundaryConditions();
}

double ReferenceCalcHarmonicAngleForceKernel::execute(ContextImpl& context, bool includeForces, bool includeEnergy) {
  auto& data = ReferencePlatform::getPlatformData(context);
  const Vec3* box = _usePeriodic ? data.box() : nullptr;
  double energy = 0.0;
  for (const Angle& a : _angles) {
    Vec3 v1 = ReferenceGeometry::delta(data.positions[a.particle2], data.positions[a.particle1], box);
    Vec3 v2 = ReferenceGeometry::delta(data.positions[a.particle2], data.positions[a.particle3], box);
    Vec3 normal = v1.cross(v2);
    double normalLength = std::sqrt(normal.dot(normal));
    double theta = std::atan2(normalLength, v1.dot(v2));
    double deviation = theta - a.angle;
    energy += 0.5 * a.k * deviation * deviation;
    if (!includeForces || normalLength < 1e-12 * std::sqrt(v1.dot(v1) * v2.dot(v2)))
      continue;
    double dEdTheta = a.k * deviation;
    // d theta / d x1 = (v1 x n) / (|v1|^2 |n|),  d theta / d x3 = -(v2 x n) / (|v2|^2 |n|).
    Vec3 grad1 = v1.cross(normal) / (v1.dot(v1) * normalLength);
    Vec3 grad3 = v2.cross(normal) / (-v2.dot(v2) * normalLength);
    data.forces[a.particle1] -= grad1 * dEdTheta;
    data.forces[a.particle3] -= grad3 * dEdTheta;
    data.forces[a.particle2] += (grad1 + grad3) * dEdTheta;
  }
  return includeEnergy ? energy : 0.0;
}

void ReferenceCalcHarmonicAngleForceKernel::copyParametersToContext(ContextImpl& context,
                                                                    const HarmonicAngleForce& force) {
  if (force.getNumAngles() != static_cast<int>(_angles.size()))
    throw OpenMMException("HarmonicAngleForce: updateParametersInContext() cannot change the number of angles");
  initialize(context.getSystem(), force);
}

} // namespace OpenMM
