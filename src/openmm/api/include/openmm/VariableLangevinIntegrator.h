// VariableLangevinIntegrator: leapfrog Langevin dynamics (the scheme of LangevinIntegrator) with the step size
// chosen every step from an error tolerance, dt = sqrt(tol / e), e the RMS acceleration (as VariableVerletIntegrator).
#pragma once

#include "openmm/Integrator.h"

namespace OpenMM {

class VariableLangevinIntegrator : public Integrator {
public:
  /** temperature in K, frictionCoeff in 1/ps, errorTol in nm/ps^2 * ps^2 (a distance). */
  VariableLangevinIntegrator(double temperature, double frictionCoeff, double errorTol);
  double getTemperature() const { return _temperature; }
  void setTemperature(double temp);
  double getFriction() const { return _friction; }
  void setFriction(double coeff);
  double getErrorTolerance() const { return _errorTolerance; }
  void setErrorTolerance(double tol);
  /** The largest step size allowed (ps); 0 means no limit. */
  double getMaximumStepSize() const { return _maxStepSize; }
  void setMaximumStepSize(double size);
  /** Seed of the Context's random-number generator; 0 picks a different seed each time. */
  int getRandomNumberSeed() const { return _randomNumberSeed; }
  void setRandomNumberSeed(int seed) { _randomNumberSeed = seed; }
  /** Takes `steps` steps; getStepSize() is the size of the last one. */
  void step(int steps) override;
  /** Steps until the Context's time reaches `time` exactly (the last step is shortened). */
  void stepTo(double time);
  /** Velocities are half a step behind the positions. */
  double getVelocityTimeOffset() const override { return getStepSize() / 2; }

protected:
  void initialize(ContextImpl& context) override;
  void cleanup() override;
  std::vector<std::string> getKernelNames() override;
  double computeKineticEnergy() override;
  void createCheckpoint(std::ostream& stream) const override;
  void loadCheckpoint(std::istream& stream) override;

private:
  double _temperature, _friction, _errorTolerance, _maxStepSize = 0.0;
  int _randomNumberSeed = 0;
  Kernel _kernel;
};

} // namespace OpenMM
