// RBTorsionForce: torsion list with index checks; particle indices are checked against the System when a
// Context is created (RBTorsionForceImpl::initialize).
#include "openmm/RBTorsionForce.h"

#include "openmm/OpenMMException.h"
#include "openmm/internal/RBTorsionForceImpl.h"

namespace OpenMM {

namespace {
void checkTorsionIndex(int index, int size) {
  if (index < 0 || index >= size)
    throw OpenMMException("RBTorsionForce: Illegal torsion index: " + std::to_string(index));
}
} // namespace

int RBTorsionForce::addTorsion(int particle1, int particle2, int particle3, int particle4, double c0, double c1,
                               double c2, double c3, double c4, double c5) {
  _torsions.push_back({{particle1, particle2, particle3, particle4}, {c0, c1, c2, c3, c4, c5}});
  return getNumTorsions() - 1;
}

void RBTorsionForce::getTorsionParameters(int index, int& particle1, int& particle2, int& particle3, int& particle4,
                                          double& c0, double& c1, double& c2, double& c3, double& c4,
                                          double& c5) const {
  checkTorsionIndex(index, getNumTorsions());
  const TorsionInfo& t = _torsions[index];
  particle1 = t.particle[0];
  particle2 = t.particle[1];
  particle3 = t.particle[2];
  particle4 = t.particle[3];
  c0 = t.c[0];
  c1 = t.c[1];
  c2 = t.c[2];
  c3 = t.c[3];
  c4 = t.c[4];
  c5 = t.c[5];
}

void RBTorsionForce::setTorsionParameters(int index, int particle1, int particle2, int particle3, int particle4,
                                          double c0, double c1, double c2, double c3, double c4, double c5) {
  checkTorsionIndex(index, getNumTorsions());
  _torsions[index] = {{particle1, particle2, particle3, particle4}, {c0, c1, c2, c3, c4, c5}};
}

void RBTorsionForce::updateParametersInContext(Context& context) {
  dynamic_cast<RBTorsionForceImpl&>(getImplInContext(context)).updateParametersInContext(getContextImpl(context));
}

ForceImpl* RBTorsionForce::createImpl() const { return new RBTorsionForceImpl(*this); }

} // namespace OpenMM
