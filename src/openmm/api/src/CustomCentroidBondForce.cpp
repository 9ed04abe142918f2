// CustomCentroidBondForce: the group and bond lists with their size checks; the expression is parsed when a
// Context is created.
#include "openmm/CustomCentroidBondForce.h"

#include "openmm/OpenMMException.h"
#include "openmm/internal/CustomCentroidBondForceImpl.h"

namespace OpenMM {

namespace {
void checkIndex(int index, int size, const char* what) {
  if (index < 0 || index >= size)
    throw OpenMMException(std::string("CustomCentroidBondForce: Illegal ") + what + " index: " + std::to_string(index));
}
void checkGroup(const std::vector<int>& particles, const std::vector<double>& weights) {
  if (!weights.empty() && weights.size() != particles.size())
    throw OpenMMException("CustomCentroidBondForce: a group of " + std::to_string(particles.size()) +
                          " particles needs as many weights (or none), got " + std::to_string(weights.size()));
}
void checkGroupCount(const std::vector<int>& groups, int expected) {
  if (static_cast<int>(groups.size()) != expected)
    throw OpenMMException("CustomCentroidBondForce: a bond must have " + std::to_string(expected) + " groups, got " +
                          std::to_string(groups.size()));
}
} // namespace

CustomCentroidBondForce::CustomCentroidBondForce(int numGroups, const std::string& energy)
    : _groupsPerBond(numGroups), _energy(energy) {
  if (numGroups < 1)
    throw OpenMMException("CustomCentroidBondForce: a bond must have at least one group");
  setName("CustomCentroidBondForce");
}

int CustomCentroidBondForce::addGroup(const std::vector<int>& particles, const std::vector<double>& weights) {
  checkGroup(particles, weights);
  _groups.push_back({particles, weights});
  return getNumGroups() - 1;
}

void CustomCentroidBondForce::getGroupParameters(int index, std::vector<int>& particles,
                                                 std::vector<double>& weights) const {
  checkIndex(index, getNumGroups(), "group");
  particles = _groups[index].particles;
  weights = _groups[index].weights;
}

void CustomCentroidBondForce::setGroupParameters(int index, const std::vector<int>& particles,
                                                 const std::vector<double>& weights) {
  checkIndex(index, getNumGroups(), "group");
  checkGroup(particles, weights);
  _groups[index] = {particles, weights};
}

int CustomCentroidBondForce::addBond(const std::vector<int>& groups, const std::vector<double>& parameters) {
  checkGroupCount(groups, _groupsPerBond);
  _bonds.push_back({groups, parameters});
  return getNumBonds() - 1;
}

void CustomCentroidBondForce::getBondParameters(int index, std::vector<int>& groups,
                                                std::vector<double>& parameters) const {
  checkIndex(index, getNumBonds(), "bond");
  groups = _bonds[index].groups;
  parameters = _bonds[index].parameters;
}

void CustomCentroidBondForce::setBondParameters(int index, const std::vector<int>& groups,
                                                const std::vector<double>& parameters) {
  checkIndex(index, getNumBonds(), "bond");
  checkGroupCount(groups, _groupsPerBond);
  _bonds[index] = {groups, parameters};
}

void CustomCentroidBondForce::updateParametersInContext(Context& context) {
  dynamic_cast<CustomCentroidBondForceImpl&>(getImplInContext(context))
      .updateParametersInContext(getContextImpl(context));
}

ForceImpl* CustomCentroidBondForce::createImpl() const { return new CustomCentroidBondForceImpl(*this); }

} // namespace OpenMM
