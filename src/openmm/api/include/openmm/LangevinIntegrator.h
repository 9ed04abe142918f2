// LangevinIntegrator: leapfrog Langevin dynamics (OpenMM 7.7's LangevinIntegrator) at a temperature with a
// friction coefficient; random forces come from the Context's seeded generator.
#pragma once

#include "openmm/Integrator.h"

namespace OpenMM {

class LangevinIntegrator : public Integrator {
public:
  /** temperature in K, frictionCoeff in 1/ps, stepSize in ps. */
  LangevinIntegrator(double temperature, double frictionCoeff, double stepSize);
  double getTemperature() const { return _temperature; }
  void setTemperature(double temperature);
  double getFriction() const { return _friction; }
  void setFriction(double coeff);
  /** Seed of the Context's random-number generator; 0 picks a different seed each time. */
  int getRandomNumberSeed() const { return _randomNumberSeed; }
  void setRandomNumberSeed(int seed) { _randomNumberSeed = seed; }
  void step(int steps) override;
  /** Velocities are half a step behind the positions. */
  double getVelocityTimeOffset() const override { return getStepSize() / 2; }

protected:
  void initialize(ContextImpl& context) override;
  void cleanup() override;
  std::vector<std::string> getKernelNames() override;
  double computeKineticEnergy() override;

private:
  double _temperature, _friction;
  int _randomNumberSeed = 0;
  Kernel _kernel;
};

} // namespace OpenMM
