// CustomBondForce: the bond list and parameter lists; the expression is parsed when a Context is created.
#include "openmm/CustomBondForce.h"

#include "openmm/OpenMMException.h"
#include "openmm/internal/CustomBondForceImpl.h"

namespace OpenMM {

namespace {
void checkBondIndex(int index, int size) {
  if (index < 0 || index >= size)
    throw OpenMMException("CustomBondForce: Illegal bond index: " + std::to_string(index));
}
} // namespace

CustomBondForce::CustomBondForce(const std::string& energy) : _energy(energy) { setName("CustomBondForce"); }

int CustomBondForce::addBond(int particle1, int particle2, const std::vector<double>& parameters) {
  _terms.push_back({{particle1, particle2}, parameters});
  return getNumBonds() - 1;
}

void CustomBondForce::getBondParameters(int index, int& particle1, int& particle2,
                                        std::vector<double>& parameters) const {
  checkBondIndex(index, getNumBonds());
  particle1 = _terms[index].particles[0];
  particle2 = _terms[index].particles[1];
  parameters = _terms[index].parameters;
}

void CustomBondForce::setBondParameters(int index, int particle1, int particle2,
                                        const std::vector<double>& parameters) {
  checkBondIndex(index, getNumBonds());
  _terms[index] = {{particle1, particle2}, parameters};
}

void CustomBondForce::updateParametersInContext(Context& context) {
  dynamic_cast<CustomBondForceImpl&>(getImplInContext(context)).updateParametersInContext(getContextImpl(context));
}

ForceImpl* CustomBondForce::createImpl() const { return new CustomBondForceImpl(*this); }

} // namespace OpenMM
