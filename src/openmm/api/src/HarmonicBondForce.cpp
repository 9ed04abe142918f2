// HarmonicBondForce: bond list with parameter validation; particle indices are checked against
// the System when a Context is created (HarmonicBondForceImpl::initialize).
#include "openmm/HarmonicBondForce.h"

#include "openmm/OpenMMException.h"
#include "openmm/internal/HarmonicBondForceImpl.h"

namespace OpenMM {

namespace {
void checkBondIndex(int index, int size) {
  if (index < 0 || index >= size)
    throw OpenMMException("HarmonicBondForce: Illegal bond index: " + std::to_string(index));
}
} // namespace

int HarmonicBondForce::addBond(int particle1, int particle2, double length, double k) {
  _bonds.push_back({particle1, particle2, length, k});
  return getNumBonds() - 1;
}

void HarmonicBondForce::getBondParameters(int index, int& particle1, int& particle2, double& length, double& k) const {
  checkBondIndex(index, getNumBonds());
  const BondInfo& b = _bonds[index];
  particle1 = b.particle1;
  particle2 = b.particle2;
  length = b.length;
  k = b.k;
}

void HarmonicBondForce::setBondParameters(int index, int particle1, int particle2, double length, double k) {
  checkBondIndex(index, getNumBonds());
  _bonds[index] = {particle1, particle2, length, k};
}

void HarmonicBondForce::updateParametersInContext(Context& context) {
  dynamic_cast<HarmonicBondForceImpl&>(getImplInContext(context)).updateParametersInContext(getContextImpl(context));
}

ForceImpl* HarmonicBondForce::createImpl() const { return new HarmonicBondForceImpl(*this); }

} // namespace OpenMM
