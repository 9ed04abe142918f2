// CustomTorsionForce: the torsion list and parameter lists; the expression is parsed when a Context is created.
#include "openmm/CustomTorsionForce.h"

#include "openmm/OpenMMException.h"
#include "openmm/internal/CustomTorsionForceImpl.h"

namespace OpenMM {

namespace {
void checkTorsionIndex(int index, int size) {
  if (index < 0 || index >= size)
    throw OpenMMException("CustomTorsionForce: Illegal torsion index: " + std::to_string(index));
}
} // namespace

CustomTorsionForce::CustomTorsionForce(const std::string& energy) : _energy(energy) { setName("CustomTorsionForce"); }

int CustomTorsionForce::addTorsion(int particle1, int particle2, int particle3, int particle4,
                                   const std::vector<double>& parameters) {
  _terms.push_back({{particle1, particle2, particle3, particle4}, parameters});
  return getNumTorsions() - 1;
}

void CustomTorsionForce::getTorsionParameters(int index, int& particle1, int& particle2, int& particle3, int& particle4,
                                              std::vector<double>& parameters) const {
  checkTorsionIndex(index, getNumTorsions());
  particle1 = _terms[index].particles[0];
  particle2 = _terms[index].particles[1];
  particle3 = _terms[index].particles[2];
  particle4 = _terms[index].particles[3];
  parameters = _terms[index].parameters;
}

void CustomTorsionForce::setTorsionParameters(int index, int particle1, int particle2, int particle3, int particle4,
                                              const std::vector<double>& parameters) {
  checkTorsionIndex(index, getNumTorsions());
  _terms[index] = {{particle1, particle2, particle3, particle4}, parameters};
}

void CustomTorsionForce::updateParametersInContext(Context& context) {
  dynamic_cast<CustomTorsionForceImpl&>(getImplInContext(context)).updateParametersInContext(getContextImpl(context));
}

ForceImpl* CustomTorsionForce::createImpl() const { return new CustomTorsionForceImpl(*this); }

} // namespace OpenMM
