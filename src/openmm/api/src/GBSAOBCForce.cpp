// GBSAOBCForce: the particle list and settings with their index checks.
#include "openmm/GBSAOBCForce.h"

#include "openmm/OpenMMException.h"
#include "openmm/internal/GBSAOBCForceImpl.h"

namespace OpenMM {

namespace {
void checkIndex(int index, int size) {
  if (index < 0 || index >= size)
    throw OpenMMException("GBSAOBCForce: Illegal particle index: " + std::to_string(index));
}
} // namespace

int GBSAOBCForce::addParticle(double charge, double radius, double scalingFactor) {
  _particles.push_back({charge, radius, scalingFactor});
  return getNumParticles() - 1;
}

void GBSAOBCForce::getParticleParameters(int index, double& charge, double& radius, double& scalingFactor) const {
  checkIndex(index, getNumParticles());
  charge = _particles[index].charge;
  radius = _particles[index].radius;
  scalingFactor = _particles[index].scalingFactor;
}

void GBSAOBCForce::setParticleParameters(int index, double charge, double radius, double scalingFactor) {
  checkIndex(index, getNumParticles());
  _particles[index] = {charge, radius, scalingFactor};
}

void GBSAOBCForce::setNonbondedMethod(NonbondedMethod method) {
  if (method < NoCutoff || method > CutoffPeriodic)
    throw OpenMMException("GBSAOBCForce: Illegal value for nonbonded method: " + std::to_string(method));
  _method = method;
}

void GBSAOBCForce::updateParametersInContext(Context& context) {
  dynamic_cast<GBSAOBCForceImpl&>(getImplInContext(context)).updateParametersInContext(getContextImpl(context));
}

ForceImpl* GBSAOBCForce::createImpl() const { return new GBSAOBCForceImpl(*this); }

} // namespace OpenMM
