// CustomCompoundBondForce: the bond list with its size checks; the expression is parsed when a Context is created.
#include "openmm/CustomCompoundBondForce.h"

#include "openmm/OpenMMException.h"
#include "openmm/internal/CustomCompoundBondForceImpl.h"

namespace OpenMM {

namespace {
void checkBondIndex(int index, int size) {
  if (index < 0 || index >= size)
    throw OpenMMException("CustomCompoundBondForce: Illegal bond index: " + std::to_string(index));
}
void checkParticleCount(const std::vector<int>& particles, int expected) {
  if (static_cast<int>(particles.size()) != expected)
    throw OpenMMException("CustomCompoundBondForce: a bond must have " + std::to_string(expected) +
                          " particles, got " + std::to_string(particles.size()));
}
} // namespace

CustomCompoundBondForce::CustomCompoundBondForce(int numParticles, const std::string& energy)
    : _particlesPerBond(numParticles), _energy(energy) {
  if (numParticles < 1)
    throw OpenMMException("CustomCompoundBondForce: a bond must have at least one particle");
  setName("CustomCompoundBondForce");
}

int CustomCompoundBondForce::addBond(const std::vector<int>& particles, const std::vector<double>& parameters) {
  checkParticleCount(particles, _particlesPerBond);
  _bonds.push_back({particles, parameters});
  return getNumBonds() - 1;
}

void CustomCompoundBondForce::getBondParameters(int index, std::vector<int>& particles,
                                                std::vector<double>& parameters) const {
  checkBondIndex(index, getNumBonds());
  particles = _bonds[index].particles;
  parameters = _bonds[index].parameters;
}

void CustomCompoundBondForce::setBondParameters(int index, const std::vector<int>& particles,
                                                const std::vector<double>& parameters) {
  checkBondIndex(index, getNumBonds());
  checkParticleCount(particles, _particlesPerBond);
  _bonds[index] = {particles, parameters};
}

void CustomCompoundBondForce::updateParametersInContext(Context& context) {
  dynamic_cast<CustomCompoundBondForceImpl&>(getImplInContext(context))
      .updateParametersInContext(getContextImpl(context));
}

ForceImpl* CustomCompoundBondForce::createImpl() const { return new CustomCompoundBondForceImpl(*this); }

} // namespace OpenMM
