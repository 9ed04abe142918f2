// CustomAngleForce: the angle list and parameter lists; the expression is parsed when a Context is created.
#include "openmm/CustomAngleForce.h"

#include "openmm/OpenMMException.h"
#include "openmm/internal/CustomAngleForceImpl.h"

namespace OpenMM {

namespace {
void checkAngleIndex(int index, int size) {
  if (index < 0 || index >= size)
    throw OpenMMException("CustomAngleForce: Illegal angle index: " + std::to_string(index));
}
} // namespace

CustomAngleForce::CustomAngleForce(const std::string& energy) : _energy(energy) { setName("CustomAngleForce"); }

int CustomAngleForce::addAngle(int particle1, int particle2, int particle3, const std::vector<double>& parameters) {
  _terms.push_back({{particle1, particle2, particle3}, parameters});
  return getNumAngles() - 1;
}

void CustomAngleForce::getAngleParameters(int index, int& particle1, int& particle2, int& particle3,
                                          std::vector<double>& parameters) const {
  checkAngleIndex(index, getNumAngles());
  particle1 = _terms[index].particles[0];
  particle2 = _terms[index].particles[1];
  particle3 = _terms[index].particles[2];
  parameters = _terms[index].parameters;
}

void CustomAngleForce::setAngleParameters(int index, int particle1, int particle2, int particle3,
                                          const std::vector<double>& parameters) {
  checkAngleIndex(index, getNumAngles());
  _terms[index] = {{particle1, particle2, particle3}, parameters};
}

void CustomAngleForce::updateParametersInContext(Context& context) {
  dynamic_cast<CustomAngleForceImpl&>(getImplInContext(context)).updateParametersInContext(getContextImpl(context));
}

ForceImpl* CustomAngleForce::createImpl() const { return new CustomAngleForceImpl(*this); }

} // namespace OpenMM
