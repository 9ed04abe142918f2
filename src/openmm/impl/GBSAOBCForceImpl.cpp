// GBSAOBCForceImpl: one particle entry per System particle, positive radii, a cutoff no larger than half the
// periodic box; then requests and runs the CalcGBSAOBCForce kernel.
#include "openmm/internal/GBSAOBCForceImpl.h"

#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/CalcGBSAOBCForceKernel.h"

#include <algorithm>

namespace OpenMM {

void GBSAOBCForceImpl::check(const System& system) const {
  if (_owner.getNumParticles() != system.getNumParticles())
    throw OpenMMException("GBSAOBCForce must have exactly as many particles as the System it belongs to (" +
                          std::to_string(_owner.getNumParticles()) + " against " +
                          std::to_string(system.getNumParticles()) + ")");
  for (int i = 0; i < _owner.getNumParticles(); i++) {
    double charge, radius, scale;
    _owner.getParticleParameters(i, charge, radius, scale);
    if (!(radius > 0.009))
      throw OpenMMException("GBSAOBCForce: the radius of particle " + std::to_string(i) +
                            " must exceed the dielectric offset 0.009 nm, got " + std::to_string(radius));
  }
  if (_owner.getNonbondedMethod() == GBSAOBCForce::CutoffPeriodic) {
    Vec3 a, b, c;
    system.getDefaultPeriodicBoxVectors(a, b, c);
    if (_owner.getCutoffDistance() > 0.5 * std::min(a[0], std::min(b[1], c[2])))
      throw OpenMMException("GBSAOBCForce: The cutoff distance cannot be greater than half the periodic box size");
  }
}

void GBSAOBCForceImpl::initialize(ContextImpl& context) {
  check(context.getSystem());
  _kernel = context.getPlatform().createKernel(CalcGBSAOBCForceKernel::Name(), context);
  _kernel.getAs<CalcGBSAOBCForceKernel>().initialize(context.getSystem(), _owner);
}

double GBSAOBCForceImpl::calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy,
                                             int groups) {
  if ((groups & (1 << _owner.getForceGroup())) == 0)
    return 0.0;
  return _kernel.getAs<CalcGBSAOBCForceKernel>().execute(context, includeForces, includeEnergy);
}

std::vector<std::string> GBSAOBCForceImpl::getKernelNames() { return {CalcGBSAOBCForceKernel::Name()}; }

void GBSAOBCForceImpl::updateParametersInContext(ContextImpl& context) {
  check(context.getSystem());
  _kernel.getAs<CalcGBSAOBCForceKernel>().copyParametersToContext(context, _owner);
}

} // namespace OpenMM
