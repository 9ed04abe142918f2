// LangevinMiddleIntegrator: Langevin dynamics with the thermostat between two half drifts (the "middle"
// scheme), which samples configurations accurately at large steps; seeded from the Context's generator.
#pragma once

#include "openmm/Integrator.h"

namespace OpenMM {

class LangevinMiddleIntegrator : public Integrator {
public:
  /** temperature in K, frictionCoeff in 1/ps, stepSize in ps. */
  LangevinMiddleIntegrator(double temperature, double frictionCoeff, double stepSize);
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
  /** The kinetic energy is that of the stored velocities: no force evaluation needed. */
  bool kineticEnergyRequiresForce() const override { return false; }

private:
  double _temperature, _friction;
  int _randomNumberSeed = 0;
  Kernel _kernel;
};

} // namespace OpenMM
