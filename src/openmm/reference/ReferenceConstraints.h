// ReferenceConstraints: SHAKE for positions and RATTLE-style projection for velocities, iterated until
// every distance constraint holds to a relative tolerance. Particles with zero mass do not move.
#pragma once

#include "openmm/Vec3.h"

#include <vector>

namespace OpenMM {

class System;

class ReferenceConstraints {
public:
  explicit ReferenceConstraints(const System& system);
  int getNumConstraints() const { return static_cast<int>(_constraints.size()); }
  /**
   * Moves `constrained` (positions after an unconstrained update) so all constraints hold to tol, correcting
   * along the bond directions of `reference` (positions before the update). Throws if it does not converge.
   */
  void apply(const std::vector<Vec3>& reference, std::vector<Vec3>& constrained,
             const std::vector<double>& inverseMasses, double tol) const;
  /** Removes the relative velocity along each constraint of `positions`. */
  void applyToVelocities(const std::vector<Vec3>& positions, std::vector<Vec3>& velocities,
                         const std::vector<double>& inverseMasses, double tol) const;

private:
  struct Constraint {
    int particle1, particle2;
    double distance;
  };
  std::vector<Constraint> _constraints;
  int _maxIterations = 1000;
};

} // namespace OpenMM
