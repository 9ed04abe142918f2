// HarmonicAngleForce: angle list with parameter validation; particle indices are checked against
// the System when a Context is created (HarmonicAngleForceImpl::initialize).
#include "openmm/HarmonicAngleForce.h"

#include "openmm/OpenMMException.h"
#include "openmm/internal/HarmonicAngleForceImpl.h"

namespace OpenMM {

namespace {
void checkAngleIndex(int index, int size) {
  if (index < 0 || index >= size)
    throw OpenMMException("HarmonicAngleForce: Illegal angle index: " + std::to_string(index));
}
} // namespace

int HarmonicAngleForce::addAngle(int particle1, int particle2, int particle3, double angle, double k) {
  _angles.push_back({particle1, particle2, particle3, angle, k});
  return getNumAngles() - 1;
}

void HarmonicAngleForce::getAngleParameters(int index, int& particle1, int& particle2, int& particle3, double& angle,
                                            double& k) const {
  checkAngleIndex(index, getNumAngles());
  const AngleInfo& a = _angles[index];
  particle1 = a.particle1;
  particle2 = a.particle2;
  particle3 = a.particle3;
  angle = a.angle;
  k = a.k;
}

void HarmonicAngleForce::setAngleParameters(int index, int particle1, int particle2, int particle3, double angle,
                                            double k) {
  checkAngleIndex(index, getNumAngles());
  _angles[index] = {particle1, particle2, particle3, angle, k};
}

void HarmonicAngleForce::updateParametersInContext(Context& context) {
  dynamic_cast<HarmonicAngleForceImpl&>(getImplInContext(context)).updateParametersInContext(getContextImpl(context));
}

ForceImpl* HarmonicAngleForce::createImpl() const { return new HarmonicAngleForceImpl(*this); }

} // namespace OpenMM
