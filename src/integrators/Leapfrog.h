// Leapfrog: ls1-mardyn's split leapfrog for rigid molecules: half kick and drift before the force
// computation, half kick after it; rotation by the half-step quaternion update with normalisation.
#pragma once

#include "particleContainer/ConditionsCheck.h"
#include "particleContainer/ParticleContainer.h"

#include <vector>

namespace mardyn {

/// Kinetic sums of the owned molecules per component, filled after the second half kick.
struct KineticSums {
  std::vector<double> summv2;   ///< sum m v^2
  std::vector<double> sumIw2;   ///< sum over principal axes with I > 0 of L_body^2 / I
  std::vector<unsigned long> count;
  std::vector<unsigned long> rotDof;
  void reset(std::size_t numComponents);
};

class Leapfrog {
 public:
  explicit Leapfrog(double timestep);
  double timestep() const { return _dt; }

  /// v += dt/2 F/m, r += dt v; L += dt/2 M and the orientation advanced by a full step using the
  /// angular velocity at the half step (body frame: omega = L_body / I, 0 where I = 0).
  void eventNewTimestep(ParticleContainer& container) const;
  /// v += dt/2 F/m, L += dt/2 M; accumulates the kinetic sums of the owned molecules. With a check, each
  /// molecule is checked before its kick in the same pass (ConditionsCheck::acceptable): returns the first
  /// molecule that fails (neither it nor the molecules after it are kicked; the run is to stop), else nullptr.
  const Molecule* eventForcesCalculated(ParticleContainer& container, KineticSums& sums,
                                        const ConditionsCheck* check = nullptr) const;

  /// The two half steps for one molecule (exposed for tests and other containers).
  static void preForces(Molecule& m, double dt);
  static void postForces(Molecule& m, double dt);
  /// Kinetic sums of the owned molecules without changing them (the step-0 values).
  static void accumulate(const ParticleContainer& container, KineticSums& sums);

 private:
  double _dt;
};

}  // namespace mardyn
