// Integrator: base of every integrator. Holds step size, constraint tolerance and the force groups it
// integrates; bound to exactly one Context, it requests its kernels when that Context is created.
#pragma once

#include "openmm/Kernel.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace OpenMM {

class Context;
class ContextImpl;

class Integrator {
public:
  Integrator() = default;
  virtual ~Integrator() = default;
  Integrator(const Integrator&) = delete;
  Integrator& operator=(const Integrator&) = delete;

  /** Step size in ps. */
  virtual double getStepSize() const { return _stepSize; }
  virtual void setStepSize(double size);
  /** Relative tolerance to which constraints are held (default 1e-5). */
  virtual double getConstraintTolerance() const { return _constraintTolerance; }
  virtual void setConstraintTolerance(double tol);
  /** Bit mask of the force groups whose forces drive the motion (default: all). */
  virtual int getIntegrationForceGroups() const { return _forceGroups; }
  virtual void setIntegrationForceGroups(int groups) { _forceGroups = groups; }
  /** Advances the Context by the given number of steps. */
  virtual void step(int steps) = 0;
  /**
   * Time (ps) by which the velocities lag the positions: half a step for the leapfrog-style integrators.
   * Context::setVelocitiesToTemperature() shifts the velocities it draws by -offset F/m.
   */
  virtual double getVelocityTimeOffset() const { return 0.0; }

protected:
  friend class Context;
  friend class ContextImpl;
  friend class CompoundIntegrator;
  /** Called once by the ContextImpl being created: request kernels here. */
  virtual void initialize(ContextImpl& context) = 0;
  /** Called when the Context is destroyed. */
  virtual void cleanup();
  virtual std::vector<std::string> getKernelNames() = 0;
  /** Kinetic energy at the current time (integrators with half-step velocities shift them). */
  virtual double computeKineticEnergy() = 0;
  virtual bool kineticEnergyRequiresForce() const { return true; }
  /**
   * What the integrator keeps between steps beyond the platform's state (previous step size, thermostat
   * variables), appended to the Context's checkpoints; nothing by default.
   */
  virtual void createCheckpoint(std::ostream&) const {}
  virtual void loadCheckpoint(std::istream&) {}
  /** Throws if the integrator is not bound to a Context. */
  ContextImpl& boundContext(const char* className) const;

  ContextImpl* _context = nullptr;
  Context* _owner = nullptr;

private:
  double _stepSize = 0.001;
  double _constraintTolerance = 1e-5;
  int _forceGroups = -1;
};

} // namespace OpenMM
