// RestrainedEnergy: the LocalEnergyMinimizer's objective, the potential energy of the integration force groups plus
// harmonic restraints k/2 (r - d)^2 on the constraint distances, evaluated through a Context.
#pragma once

#include "openmm/Context.h"
#include "openmm/VerletIntegrator.h"

#include <memory>
#include <vector>

namespace OpenMM {

class ContextImpl;
class System;

class RestrainedEnergy {
public:
  /** Restraints of strength `strength` (kJ/mol/nm^2) on the constraints of the Context's System. */
  RestrainedEnergy(ContextImpl& impl, double strength);
  ~RestrainedEnergy();

  double strength() const { return _strength; }
  void setStrength(double strength) { _strength = strength; }

  /** Sets the Context's positions to x (flattened x0, y0, z0, x1, ...). */
  void setPositions(const std::vector<double>& x);
  /**
   * The objective at x: sets the positions, returns energy + restraint (+infinity where the energy or a force is
   * not finite) and fills gradient (zero on massless particles). On platforms that accumulate forces in 64-bit
   * fixed point (OpenCL, CUDA), an energy or force beyond 1e9 is recomputed on the CPU (else Reference) platform,
   * where it cannot overflow.
   */
  double evaluate(const std::vector<double>& x, std::vector<double>& gradient, double& energy, double& restraint);
  /** Largest deviation of a constraint distance from its length, relative to the length (constraints between two
   * massless particles, which the platforms ignore, are neither restrained nor counted). */
  double maxConstraintError(const std::vector<double>& x) const;

private:
  /** Energy of the integration force groups at impl's positions, and the forces into _forces. */
  double potential(ContextImpl& impl);
  /** A Context on the CPU (else Reference) platform with this System, its parameters and box, made on first use. */
  Context& exactContext();

  struct Constraint {
    int particle1, particle2;
    double distance;
  };

  ContextImpl& _impl;
  const System& _system;
  double _strength;
  bool _fixedPointPlatform;
  std::vector<bool> _movable;
  std::vector<Constraint> _constraints; // Those with a massive particle.
  std::vector<Vec3> _positions, _forces;
  std::unique_ptr<VerletIntegrator> _exactIntegrator;
  std::unique_ptr<Context> _exactContext;
};

} // namespace OpenMM
