// CustomForceParameters: per-term and global parameter lists of the Custom forces with index checks.
#include "openmm/internal/CustomForceParameters.h"

#include "openmm/OpenMMException.h"

namespace OpenMM {

void CustomForceParameters::checkIndex(int index, int size, const char* what) const {
  if (index < 0 || index >= size)
    throw OpenMMException(_owner + ": Illegal " + what + " index: " + std::to_string(index));
}

int CustomForceParameters::addPerTermParameter(const std::string& name) {
  _perTerm.push_back(name);
  return getNumPerTermParameters() - 1;
}

const std::string& CustomForceParameters::getPerTermParameterName(int index) const {
  checkIndex(index, getNumPerTermParameters(), "parameter");
  return _perTerm[index];
}

void CustomForceParameters::setPerTermParameterName(int index, const std::string& name) {
  checkIndex(index, getNumPerTermParameters(), "parameter");
  _perTerm[index] = name;
}

int CustomForceParameters::addGlobalParameter(const std::string& name, double defaultValue) {
  _global.emplace_back(name, defaultValue);
  return getNumGlobalParameters() - 1;
}

const std::string& CustomForceParameters::getGlobalParameterName(int index) const {
  checkIndex(index, getNumGlobalParameters(), "global parameter");
  return _global[index].first;
}

void CustomForceParameters::setGlobalParameterName(int index, const std::string& name) {
  checkIndex(index, getNumGlobalParameters(), "global parameter");
  _global[index].first = name;
}

double CustomForceParameters::getGlobalParameterDefaultValue(int index) const {
  checkIndex(index, getNumGlobalParameters(), "global parameter");
  return _global[index].second;
}

void CustomForceParameters::setGlobalParameterDefaultValue(int index, double value) {
  checkIndex(index, getNumGlobalParameters(), "global parameter");
  _global[index].second = value;
}

void CustomForceParameters::addEnergyParameterDerivative(const std::string& name) {
  for (const auto& d : _derivatives)
    if (d == name)
      return; // requested already: OpenMM ignores a repeated request
  _derivatives.push_back(name);
}

const std::string& CustomForceParameters::getEnergyParameterDerivativeName(int index) const {
  checkIndex(index, getNumEnergyParameterDerivatives(), "energy parameter derivative");
  return _derivatives[index];
}

void CustomForceParameters::checkDerivativeNames() const {
  for (const auto& d : _derivatives) {
    bool found = false;
    for (const auto& g : _global)
      found = found || g.first == d;
    if (!found)
      throw OpenMMException(_owner + ": addEnergyParameterDerivative('" + d +
                            "'): the force has no global parameter of that name");
  }
}

void CustomForceParameters::checkTermParameters(const std::vector<double>& values) const {
  if (static_cast<int>(values.size()) != getNumPerTermParameters())
    throw OpenMMException(_owner + ": Wrong number of parameters for a " + _term + ": got " +
                          std::to_string(values.size()) + ", the force has " +
                          std::to_string(getNumPerTermParameters()) + " per-" + _term + " parameters");
}

} // namespace OpenMM
