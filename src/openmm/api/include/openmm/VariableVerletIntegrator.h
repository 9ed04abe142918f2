// VariableVerletIntegrator: leapfrog Verlet with the step size chosen every step from an error tolerance,
// dt = sqrt(tol / e) with e the RMS acceleration (limited to twice the previous step and to the maximum step size).
#pragma once

#include "openmm/Integrator.h"

namespace OpenMM {

class VariableVerletIntegrator : public Integrator {
public:
  explicit VariableVerletIntegrator(double errorTol);
  double getErrorTolerance() const { return _errorTolerance; }
  void setErrorTolerance(double tol);
  /** The largest step size allowed (ps); 0 means no limit. */
  double getMaximumStepSize() const { return _maxStepSize; }
  void setMaximumStepSize(double size);
  /** Takes `steps` steps; getStepSize() is the size of the last one. */
  void step(int steps) override;
  /** Steps until the Context's time reaches `time` exactly (the last step is shortened). */
  void stepTo(double time);

protected:
  void initialize(ContextImpl& context) override;
  void cleanup() override;
  std::vector<std::string> getKernelNames() override;
  double computeKineticEnergy() override;
  void createCheckpoint(std::ostream& stream) const override;
  void loadCheckpoint(std::istream& stream) override;

private:
  double _errorTolerance, _maxStepSize = 0.0;
  Kernel _kernel;
};

} // namespace OpenMM
