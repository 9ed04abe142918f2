// MonteCarloBarostat: holds the pressure with Monte Carlo moves that scale the periodic box isotropically and every
// molecule's centre with it, accepted by the Metropolis criterion of the NPT ensemble. Pressure (bar) and
// temperature (K) are Context parameters.
#pragma once

#include "openmm/Force.h"

#include <string>

namespace OpenMM {

class MonteCarloBarostat : public Force {
public:
  /** Name of the Context parameter holding the pressure (bar). */
  static const std::string& Pressure();
  /** Name of the Context parameter holding the temperature (K). */
  static const std::string& Temperature();

  /** A move is attempted every `frequency` steps (0 disables the barostat). */
  MonteCarloBarostat(double defaultPressure, double defaultTemperature, int frequency = 25);
  double getDefaultPressure() const { return _defaultPressure; }
  void setDefaultPressure(double pressure) { _defaultPressure = pressure; }
  double getDefaultTemperature() const { return _defaultTemperature; }
  void setDefaultTemperature(double temperature);
  int getFrequency() const { return _frequency; }
  void setFrequency(int frequency);
  /** Seed of the barostat's random numbers; 0 picks a different seed each time. */
  int getRandomNumberSeed() const { return _randomNumberSeed; }
  void setRandomNumberSeed(int seed) { _randomNumberSeed = seed; }
  bool usesPeriodicBoundaryConditions() const override { return false; }

protected:
  ForceImpl* createImpl() const override;

private:
  double _defaultPressure, _defaultTemperature;
  int _frequency;
  int _randomNumberSeed = 0;
};

} // namespace OpenMM
