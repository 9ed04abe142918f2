// ReferenceCalcHarmonicBondForceKernel: E = k/2 (r - r0)^2, F = -k (r - r0) r_hat on the second particle.
// Distances use the minimum image when the force is periodic.
#include "ReferenceCalcHarmonicBondForceKernel.h"

#include "ReferenceGeometry.h"
#include "ReferencePlatform.h"
#include "openmm/HarmonicBondForce.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/ContextImpl.h"

#include <cmath>

namespace OpenMM {

void ReferenceCalcHarmonicBondForceKernel::initialize(const System&, const HarmonicBondForce& force) {
  _bonds.resize(force.getNumBonds());
  for (int i = 0; i < force.getNumBonds(); i++) {
    Bond& b = _bonds[i];
    force.getBondParameters(i, b.particle1, b.particle2, b.length, b.k);
  }
  _usePeriodic = force.usesPeriodicBoundaryConditions();
}

double ReferenceCalcHarmonicBondForceKernel::execute(ContextImpl& context, bool includeForces, bool includeEnergy) {
  auto& data = ReferencePlatform::getPlatformData(context);
  const Vec3* box = _usePeriodic ? data.box() : nullptr;
  double energy = 0.0;
  for (const Bond& b : _bonds) {
    Vec3 d = ReferenceGeometry::delta(data.positions[b.particle1], data.positions[b.particle2], box);
    double r = std::sqrt(d.dot(d));
    double stretch = r - b.length;
    energy += 0.5 * b.k * stretch * stretch;
    if (includeForces && r > 0.0) {
      Vec3 f = d * (b.k * stretch / r);
      data.forces[b.particle1] += f;
      data.forces[b.particle2] -= f;
    }
  }
  return includeEnergy ? energy : 0.0;
}

void ReferenceCalcHarmonicBondForceKernel::copyParametersToContext(ContextImpl& context,
                                                                   const HarmonicBondForce& force) {
  if (force.getNumBonds() != static_cast<int>(_bonds.size()))
    throw OpenMMException("HarmonicBondForce: updateParametersInContext() cannot change the number of bonds");
  initialize(context.getSystem(), force);
}

} // namespace OpenMM
