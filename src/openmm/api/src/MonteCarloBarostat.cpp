// MonteCarloBarostat: parameter validation and the names of its Context parameters.
#include "openmm/MonteCarloBarostat.h"

#include "openmm/OpenMMException.h"
#include "openmm/internal/MonteCarloBarostatImpl.h"

namespace OpenMM {

const std::string& MonteCarloBarostat::Pressure() {
  static const std::string name = "MonteCarloPressure";
  return name;
}

const std::string& MonteCarloBarostat::Temperature() {
  static const std::string name = "MonteCarloTemperature";
  return name;
}

MonteCarloBarostat::MonteCarloBarostat(double defaultPressure, double defaultTemperature, int frequency)
    : _defaultPressure(defaultPressure), _defaultTemperature(0.0), _frequency(0) {
  setName("MonteCarloBarostat");
  setDefaultTemperature(defaultTemperature);
  setFrequency(frequency);
}

void MonteCarloBarostat::setDefaultTemperature(double temperature) {
  if (!(temperature >= 0.0))
    throw OpenMMException("MonteCarloBarostat: temperature must be >= 0, got " + std::to_string(temperature));
  _defaultTemperature = temperature;
}

void MonteCarloBarostat::setFrequency(int frequency) {
  if (frequency < 0)
    throw OpenMMException("MonteCarloBarostat: frequency must be >= 0, got " + std::to_string(frequency));
  _frequency = frequency;
}

ForceImpl* MonteCarloBarostat::createImpl() const { return new MonteCarloBarostatImpl(*this); }

} // namespace OpenMM
