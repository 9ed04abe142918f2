// ReferenceConstraints: iterative SHAKE (positions) and RATTLE-style velocity projection. Each sweep
// corrects every constraint along its reference direction until all hold to the tolerance.
#include "ReferenceConstraints.h"

#include "openmm/OpenMMException.h"
#include "openmm/System.h"

#include <cmath>

namespace OpenMM {

ReferenceConstraints::ReferenceConstraints(const System& system) {
  for (int i = 0; i < system.getNumConstraints(); i++) {
    Constraint c;
    system.getConstraintParameters(i, c.particle1, c.particle2, c.distance);
    if (system.getParticleMass(c.particle1) == 0.0 && system.getParticleMass(c.particle2) == 0.0)
      continue; // Neither particle moves: nothing to hold.
    _constraints.push_back(c);
  }
}

void ReferenceConstraints::apply(const std::vector<Vec3>& reference, std::vector<Vec3>& constrained,
                                 const std::vector<double>& inverseMasses, double tol) const {
  if (_constraints.empty())
    return;
  for (int iteration = 0; iteration < _maxIterations; iteration++) {
    bool converged = true;
    for (const Constraint& c : _constraints) {
      double w1 = inverseMasses[c.particle1], w2 = inverseMasses[c.particle2];
      if (w1 + w2 == 0.0)
        continue;
      Vec3 rRef = reference[c.particle1] - reference[c.particle2];
      Vec3 rNew = constrained[c.particle1] - constrained[c.particle2];
      double d2 = c.distance * c.distance;
      double diff = d2 - rNew.dot(rNew);
      if (std::fabs(diff) <= 2.0 * tol * d2)
        continue;
      converged = false;
      double denominator = 2.0 * (w1 + w2) * rRef.dot(rNew);
      if (std::fabs(denominator) < 1e-12 * d2)
        throw OpenMMException("Constraint " + std::to_string(c.particle1) + "-" + std::to_string(c.particle2) +
                              " cannot be satisfied: the bond rotated by 90 degrees in one step");
      double g = diff / denominator;
      constrained[c.particle1] += rRef * (g * w1);
      constrained[c.particle2] -= rRef * (g * w2);
    }
    if (converged)
      return;
  }
  throw OpenMMException("Constraints did not converge within " + std::to_string(_maxIterations) +
                        " iterations (step size too large or constraints inconsistent)");
}

void ReferenceConstraints::applyToVelocities(const std::vector<Vec3>& positions, std::vector<Vec3>& velocities,
                                             const std::vector<double>& inverseMasses, double tol) const {
  if (_constraints.empty())
    return;
  for (int iteration = 0; iteration < _maxIterations; iteration++) {
    bool converged = true;
    for (const Constraint& c : _constraints) {
      double w1 = inverseMasses[c.particle1], w2 = inverseMasses[c.particle2];
      if (w1 + w2 == 0.0)
        continue;
      Vec3 r = positions[c.particle1] - positions[c.particle2];
      Vec3 v = velocities[c.particle1] - velocities[c.particle2];
      double r2 = r.dot(r);
      double rv = r.dot(v);
      // Rate of change of the bond length relative to the length (1/ps), held well below tol per ps.
      if (std::fabs(rv) <= 1e-3 * tol * r2)
        continue;
      converged = false;
      double g = -rv / (r2 * (w1 + w2));
      velocities[c.particle1] += r * (g * w1);
      velocities[c.particle2] -= r * (g * w2);
    }
    if (converged)
      return;
  }
  throw OpenMMException("Velocity constraints did not converge within " + std::to_string(_maxIterations) +
                        " iterations");
}

} // namespace OpenMM
