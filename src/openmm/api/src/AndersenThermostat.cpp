// AndersenThermostat: default temperature and collision frequency with validation, and the names of
// the Context parameters that hold their current values.
#include "openmm/AndersenThermostat.h"

#include "openmm/OpenMMException.h"
#include "openmm/internal/AndersenThermostatImpl.h"

namespace OpenMM {

const std::string& AndersenThermostat::Temperature() {
  static const std::string name = "AndersenTemperature";
  return name;
}

const std::string& AndersenThermostat::CollisionFrequency() {
  static const std::string name = "AndersenCollisionFrequency";
  return name;
}

AndersenThermostat::AndersenThermostat(double defaultTemperature, double defaultCollisionFrequency)
    : _defaultTemperature(0.0), _defaultFrequency(0.0) {
  setName("AndersenThermostat");
  setDefaultTemperature(defaultTemperature);
  setDefaultCollisionFrequency(defaultCollisionFrequency);
}

void AndersenThermostat::setDefaultTemperature(double temperature) {
  if (temperature < 0.0)
    throw OpenMMException("AndersenThermostat: temperature cannot be negative, got " + std::to_string(temperature));
  _defaultTemperature = temperature;
}

void AndersenThermostat::setDefaultCollisionFrequency(double frequency) {
  if (frequency < 0.0)
    throw OpenMMException("AndersenThermostat: collision frequency cannot be negative, got " +
                          std::to_string(frequency));
  _defaultFrequency = frequency;
}

ForceImpl* AndersenThermostat::createImpl() const { return new AndersenThermostatImpl(*this); }

} // namespace OpenMM
