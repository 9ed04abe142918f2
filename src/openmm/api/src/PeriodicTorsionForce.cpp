// PeriodicTorsionForce: torsion list with parameter validation; particle indices and periodicities are
// checked against the System when a Context is created (PeriodicTorsionForceImpl::initialize).
#include "openmm/PeriodicTorsionForce.h"

#include "openmm/OpenMMException.h"
#include "openmm/internal/PeriodicTorsionForceImpl.h"

namespace OpenMM {

namespace {
void checkTorsionIndex(int index, int size) {
  if (index < 0 || index >= size)
    throw OpenMMException("PeriodicTorsionForce: Illegal torsion index: " + std::to_string(index));
}
} // namespace

int PeriodicTorsionForce::addTorsion(int particle1, int particle2, int particle3, int particle4, int periodicity,
                                     double phase, double k) {
  _torsions.push_back({particle1, particle2, particle3, particle4, periodicity, phase, k});
  return getNumTorsions() - 1;
}

void PeriodicTorsionForce::getTorsionParameters(int index, int& particle1, int& particle2, int& particle3,
                                                int& particle4, int& periodicity, double& phase, double& k) const {
  checkTorsionIndex(index, getNumTorsions());
  const TorsionInfo& t = _torsions[index];
  particle1 = t.particle1;
  particle2 = t.particle2;
  particle3 = t.particle3;
  particle4 = t.particle4;
  periodicity = t.periodicity;
  phase = t.phase;
  k = t.k;
}

void PeriodicTorsionForce::setTorsionParameters(int index, int particle1, int particle2, int particle3, int particle4,
                                                int periodicity, double phase, double k) {
  checkTorsionIndex(index, getNumTorsions());
  _torsions[index] = {particle1, particle2, particle3, particle4, periodicity, phase, k};
}

void PeriodicTorsionForce::updateParametersInContext(Context& context) {
  dynamic_cast<PeriodicTorsionForceImpl&>(getImplInContext(context)).updateParametersInContext(getContextImpl(context));
}

ForceImpl* PeriodicTorsionForce::createImpl() const { return new PeriodicTorsionForceImpl(*this); }

} // namespace OpenMM
