// VerletIntegrator: leapfrog Verlet (velocities at half steps, as OpenMM's), with constraints.
// Time-reversible and symplectic; the reported kinetic energy is for the full step.
#pragma once

#include "openmm/Integrator.h"

namespace OpenMM {

class VerletIntegrator : public Integrator {
public:
  /** stepSize in ps. */
  explicit VerletIntegrator(double stepSize);
  void step(int steps) override;
  /** Velocities are half a step behind the positions. */
  double getVelocityTimeOffset() const override { return getStepSize() / 2; }

protected:
  void initialize(ContextImpl& context) override;
  void cleanup() override;
  std::vector<std::string> getKernelNames() override;
  double computeKineticEnergy() override;

private:
  Kernel _kernel;
};

} // namespace OpenMM
