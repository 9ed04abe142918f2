// CompoundIntegrator: several integrators on one Context, one of them current at a time. step() and the
// step size, constraint tolerance, kinetic energy and velocity time offset are those of the current one.
#pragma once

#include "openmm/Integrator.h"

#include <memory>
#include <vector>

namespace OpenMM {

class CompoundIntegrator : public Integrator {
public:
  CompoundIntegrator() = default;
  int getNumIntegrators() const { return static_cast<int>(_integrators.size()); }
  /** Takes ownership of the integrator; returns its index. Only before a Context is created. */
  int addIntegrator(Integrator* integrator);
  Integrator& getIntegrator(int index);
  const Integrator& getIntegrator(int index) const;
  int getCurrentIntegrator() const { return _current; }
  void setCurrentIntegrator(int index);
  double getStepSize() const override;
  void setStepSize(double size) override;
  double getConstraintTolerance() const override;
  void setConstraintTolerance(double tol) override;
  void step(int steps) override;
  double getVelocityTimeOffset() const override;

protected:
  void initialize(ContextImpl& context) override;
  void cleanup() override;
  std::vector<std::string> getKernelNames() override;
  double computeKineticEnergy() override;
  bool kineticEnergyRequiresForce() const override;
  /** The current integrator's index, then every integrator's own state. */
  void createCheckpoint(std::ostream& stream) const override;
  void loadCheckpoint(std::istream& stream) override;

private:
  Integrator& current(const char* what) const;
  std::vector<std::unique_ptr<Integrator>> _integrators;
  int _current = 0;
};

} // namespace OpenMM
