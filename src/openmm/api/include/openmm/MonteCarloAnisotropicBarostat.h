// MonteCarloAnisotropicBarostat: Monte Carlo moves that scale one box axis at a time (chosen at random among the
// enabled ones), each axis under its own pressure. Pressures (bar) and temperature (K) are Context parameters.
#pragma once

#include "openmm/Force.h"
#include "openmm/Vec3.h"

#include <string>

namespace OpenMM {

class MonteCarloAnisotropicBarostat : public Force {
public:
  static const std::string& PressureX();
  static const std::string& PressureY();
  static const std::string& PressureZ();
  static const std::string& Temperature();

  MonteCarloAnisotropicBarostat(const Vec3& defaultPressure, double defaultTemperature, bool scaleX = true,
                                bool scaleY = true, bool scaleZ = true, int frequency = 25);
  const Vec3& getDefaultPressure() const { return _defaultPressure; }
  void setDefaultPressure(const Vec3& pressure) { _defaultPressure = pressure; }
  double getDefaultTemperature() const { return _defaultTemperature; }
  void setDefaultTemperature(double temperature);
  bool getScaleX() const { return _scale[0]; }
  bool getScaleY() const { return _scale[1]; }
  bool getScaleZ() const { return _scale[2]; }
  int getFrequency() const { return _frequency; }
  void setFrequency(int frequency);
  int getRandomNumberSeed() const { return _randomNumberSeed; }
  void setRandomNumberSeed(int seed) { _randomNumberSeed = seed; }
  bool usesPeriodicBoundaryConditions() const override { return false; }

protected:
  ForceImpl* createImpl() const override;

private:
  Vec3 _defaultPressure;
  double _defaultTemperature = 0.0;
  bool _scale[3];
  int _frequency = 0;
  int _randomNumberSeed = 0;
};

} // namespace OpenMM
