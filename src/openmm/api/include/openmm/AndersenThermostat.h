// AndersenThermostat: at each step every particle's velocity is re-drawn from the Maxwell distribution
// with probability collisionFrequency*dt. Temperature and frequency are Context parameters.
#pragma once

#include "openmm/Force.h"

#include <string>

namespace OpenMM {

class AndersenThermostat : public Force {
public:
  /** Name of the Context parameter holding the temperature (K). */
  static const std::string& Temperature();
  /** Name of the Context parameter holding the collision frequency (1/ps). */
  static const std::string& CollisionFrequency();

  AndersenThermostat(double defaultTemperature, double defaultCollisionFrequency);
  double getDefaultTemperature() const { return _defaultTemperature; }
  void setDefaultTemperature(double temperature);
  double getDefaultCollisionFrequency() const { return _defaultFrequency; }
  void setDefaultCollisionFrequency(double frequency);
  /** Seed of the Context's random-number generator; 0 picks a different seed each time. */
  int getRandomNumberSeed() const { return _randomNumberSeed; }
  void setRandomNumberSeed(int seed) { _randomNumberSeed = seed; }
  bool usesPeriodicBoundaryConditions() const override { return false; }

protected:
  ForceImpl* createImpl() const override;

private:
  double _defaultTemperature, _defaultFrequency;
  int _randomNumberSeed = 0;
};

} // namespace OpenMM
