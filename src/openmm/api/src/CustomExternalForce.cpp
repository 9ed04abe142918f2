// CustomExternalForce: the particle list and parameter lists; the expression is parsed when a Context is created.
#include "openmm/CustomExternalForce.h"

#include "openmm/OpenMMException.h"
#include "openmm/internal/CustomExternalForceImpl.h"

#include "PeriodicDistance.h"

namespace OpenMM {

namespace {
void checkParticleIndex(int index, int size) {
  if (index < 0 || index >= size)
    throw OpenMMException("CustomExternalForce: Illegal particle index: " + std::to_string(index));
}
} // namespace

CustomExternalForce::CustomExternalForce(const std::string& energy) : _energy(energy) {
  setName("CustomExternalForce");
}

int CustomExternalForce::addParticle(int particle, const std::vector<double>& parameters) {
  _terms.push_back({{particle}, parameters});
  return getNumParticles() - 1;
}

void CustomExternalForce::getParticleParameters(int index, int& particle, std::vector<double>& parameters) const {
  checkParticleIndex(index, getNumParticles());
  particle = _terms[index].particles[0];
  parameters = _terms[index].parameters;
}

void CustomExternalForce::setParticleParameters(int index, int particle, const std::vector<double>& parameters) {
  checkParticleIndex(index, getNumParticles());
  _terms[index] = {{particle}, parameters};
}

void CustomExternalForce::updateParametersInContext(Context& context) {
  dynamic_cast<CustomExternalForceImpl&>(getImplInContext(context)).updateParametersInContext(getContextImpl(context));
}

bool CustomExternalForce::usesPeriodicBoundaryConditions() const { return PeriodicDistance::isCalledIn(_energy); }

ForceImpl* CustomExternalForce::createImpl() const { return new CustomExternalForceImpl(*this); }

} // namespace OpenMM
