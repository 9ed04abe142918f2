// BrownianIntegrator: overdamped Langevin (Brownian) dynamics, x' = x + dt F/(m gamma) + sqrt(2 kT dt/(m gamma)) R,
// with velocities (x' - x)/dt; random forces come from the Context's seeded generator.
#pragma once

#include "openmm/Integrator.h"

namespace OpenMM {

class BrownianIntegrator : public Integrator {
public:
  /** temperature in K, frictionCoeff in 1/ps, stepSize in ps. */
  BrownianIntegrator(double temperature, double frictionCoeff, double stepSize);
  double getTemperature() const { return _temperature; }
  void setTemperature(double temperature);
  double getFriction() const { return _friction; }
  void setFriction(double coeff);
  /** Seed of the Context's random-number generator; 0 picks a different seed each time. */
  int getRandomNumberSeed() const { return _randomNumberSeed; }
  void setRandomNumberSeed(int seed) { _randomNumberSeed = seed; }
  void step(int steps) override;

protected:
  void initialize(ContextImpl& context) override;
  void cleanup() override;
  std::vector<std::string> getKernelNames() override;
  double computeKineticEnergy() override;
  bool kineticEnergyRequiresForce() const override { return false; }

private:
  double _temperature, _friction;
  int _randomNumberSeed = 0;
  Kernel _kernel;
};

} // namespace OpenMM
