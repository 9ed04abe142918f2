// System: stores and validates masses, constraints, box vectors and owned Forces.
// Index errors name the class, the item and the offending value.
#include "openmm/System.h"

#include "openmm/Force.h"
#include "openmm/OpenMMException.h"
#include "openmm/VirtualSite.h"

#include <cmath>

namespace OpenMM {

System::System() {
  _periodicBoxVectors[0] = Vec3(2, 0, 0);
  _periodicBoxVectors[1] = Vec3(0, 2, 0);
  _periodicBoxVectors[2] = Vec3(0, 0, 2);
}

System::~System() = default;

void System::checkParticle(int index, const char* what) const {
  if (index < 0 || index >= getNumParticles())
    throw OpenMMException(std::string("System: Illegal particle index for ") + what + ": " + std::to_string(index));
}

int System::addParticle(double mass) {
  if (!(mass >= 0.0) || !std::isfinite(mass))
    throw OpenMMException("System: particle mass must be finite and >= 0, got " + std::to_string(mass));
  _masses.push_back(mass);
  return getNumParticles() - 1;
}

double System::getParticleMass(int index) const {
  checkParticle(index, "a mass");
  return _masses[index];
}

void System::setParticleMass(int index, double mass) {
  checkParticle(index, "a mass");
  if (!(mass >= 0.0) || !std::isfinite(mass))
    throw OpenMMException("System: particle mass must be finite and >= 0, got " + std::to_string(mass));
  _masses[index] = mass;
}

int System::addConstraint(int particle1, int particle2, double distance) {
  checkParticle(particle1, "a constraint");
  checkParticle(particle2, "a constraint");
  if (particle1 == particle2)
    throw OpenMMException("System: a constraint must join two different particles, got " + std::to_string(particle1) +
                          " twice");
  if (!(distance > 0.0))
    throw OpenMMException("System: constraint distance must be positive, got " + std::to_string(distance));
  _constraints.push_back({particle1, particle2, distance});
  return getNumConstraints() - 1;
}

void System::getConstraintParameters(int index, int& particle1, int& particle2, double& distance) const {
  if (index < 0 || index >= getNumConstraints())
    throw OpenMMException("System: Illegal constraint index: " + std::to_string(index));
  particle1 = _constraints[index].particle1;
  particle2 = _constraints[index].particle2;
  distance = _constraints[index].distance;
}

void System::setConstraintParameters(int index, int particle1, int particle2, double distance) {
  if (index < 0 || index >= getNumConstraints())
    throw OpenMMException("System: Illegal constraint index: " + std::to_string(index));
  checkParticle(particle1, "a constraint");
  checkParticle(particle2, "a constraint");
  if (!(distance > 0.0))
    throw OpenMMException("System: constraint distance must be positive, got " + std::to_string(distance));
  _constraints[index] = {particle1, particle2, distance};
}

void System::removeConstraint(int index) {
  if (index < 0 || index >= getNumConstraints())
    throw OpenMMException("System: Illegal constraint index: " + std::to_string(index));
  _constraints.erase(_constraints.begin() + index);
}

int System::addForce(Force* force) {
  if (force == nullptr)
    throw OpenMMException("System: addForce() called with a null Force");
  for (auto& f : _forces)
    if (f.get() == force)
      throw OpenMMException("System: the same Force was added twice");
  _forces.emplace_back(force);
  return getNumForces() - 1;
}

const Force& System::getForce(int index) const {
  if (index < 0 || index >= getNumForces())
    throw OpenMMException("System: Illegal force index: " + std::to_string(index));
  return *_forces[index];
}

Force& System::getForce(int index) {
  if (index < 0 || index >= getNumForces())
    throw OpenMMException("System: Illegal force index: " + std::to_string(index));
  return *_forces[index];
}

void System::removeForce(int index) {
  if (index < 0 || index >= getNumForces())
    throw OpenMMException("System: Illegal force index: " + std::to_string(index));
  _forces.erase(_forces.begin() + index);
}

void System::getDefaultPeriodicBoxVectors(Vec3& a, Vec3& b, Vec3& c) const {
  a = _periodicBoxVectors[0];
  b = _periodicBoxVectors[1];
  c = _periodicBoxVectors[2];
}

void System::setDefaultPeriodicBoxVectors(const Vec3& a, const Vec3& b, const Vec3& c) {
  if (a[1] != 0.0 || a[2] != 0.0)
    throw OpenMMException("System: First periodic box vector must be parallel to x.");
  if (b[2] != 0.0)
    throw OpenMMException("System: Second periodic box vector must be in the x-y plane.");
  if (a[0] <= 0.0 || b[1] <= 0.0 || c[2] <= 0.0 || a[0] < 2 * std::fabs(b[0]) || a[0] < 2 * std::fabs(c[0]) ||
      b[1] < 2 * std::fabs(c[1]))
    throw OpenMMException("System: Periodic box vectors must be in reduced form.");
  _periodicBoxVectors[0] = a;
  _periodicBoxVectors[1] = b;
  _periodicBoxVectors[2] = c;
}

bool System::usesPeriodicBoundaryConditions() const {
  for (auto& f : _forces)
    if (f->usesPeriodicBoundaryConditions())
      return true;
  return false;
}

void System::setVirtualSite(int index, VirtualSite* site) {
  checkParticle(index, "a virtual site");
  if (_virtualSites.size() < _masses.size())
    _virtualSites.resize(_masses.size());
  _virtualSites[index].reset(site);
}

bool System::isVirtualSite(int index) const {
  checkParticle(index, "a virtual site query");
  return index < static_cast<int>(_virtualSites.size()) && _virtualSites[index] != nullptr;
}

const VirtualSite& System::getVirtualSite(int index) const {
  if (!isVirtualSite(index))
    throw OpenMMException("System: particle " + std::to_string(index) + " is not a virtual site");
  return *_virtualSites[index];
}

} // namespace OpenMM
