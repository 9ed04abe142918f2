// MonteCarloAnisotropicBarostat: parameter validation and the names of its Context parameters.
#include "openmm/MonteCarloAnisotropicBarostat.h"

#include "openmm/OpenMMException.h"
#include "openmm/internal/MonteCarloAnisotropicBarostatImpl.h"

namespace OpenMM {

const std::string& MonteCarloAnisotropicBarostat::PressureX() {
  static const std::string name = "MonteCarloPressureX";
  return name;
}

const std::string& MonteCarloAnisotropicBarostat::PressureY() {
  static const std::string name = "MonteCarloPressureY";
  return name;
}

const std::string& MonteCarloAnisotropicBarostat::PressureZ() {
  static const std::string name = "MonteCarloPressureZ";
  return name;
}

const std::string& MonteCarloAnisotropicBarostat::Temperature() {
  static const std::string name = "AnisotropicMonteCarloTemperature";
  return name;
}

MonteCarloAnisotropicBarostat::MonteCarloAnisotropicBarostat(const Vec3& defaultPressure, double defaultTemperature,
                                                             bool scaleX, bool scaleY, bool scaleZ, int frequency)
    : _defaultPressure(defaultPressure), _scale{scaleX, scaleY, scaleZ} {
  setName("MonteCarloAnisotropicBarostat");
  setDefaultTemperature(defaultTemperature);
  setFrequency(frequency);
}

void MonteCarloAnisotropicBarostat::setDefaultTemperature(double temperature) {
  if (!(temperature >= 0.0))
    throw OpenMMException("MonteCarloAnisotropicBarostat: temperature must be >= 0, got " +
                          std::to_string(temperature));
  _defaultTemperature = temperature;
}

void MonteCarloAnisotropicBarostat::setFrequency(int frequency) {
  if (frequency < 0)
    throw OpenMMException("MonteCarloAnisotropicBarostat: frequency must be >= 0, got " + std::to_string(frequency));
  _frequency = frequency;
}

ForceImpl* MonteCarloAnisotropicBarostat::createImpl() const { return new MonteCarloAnisotropicBarostatImpl(*this); }

} // namespace OpenMM
