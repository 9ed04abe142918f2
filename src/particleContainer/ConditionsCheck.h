// ConditionsCheck: the CPU side of the run's conditions check: after each force computation and
// each step's global values, names the cause of a blow-up on the step it first appears: two
// molecules closer than a fraction of sigma, a non-finite or huge force, or kinetic energy jumping
// by orders of magnitude (time step too large).
#pragma once

#include <cmath>

#include "molecules/Component.h"
#include "particleContainer/ParticleContainer.h"
#include "utils/MardynException.h"

#include <optional>
#include <vector>

namespace mardyn {

class ConditionsCheck {
 public:
  /// A condition that ends the run: what went wrong, at which step, and the molecules involved.
  class Error : public MardynException {
   public:
    using MardynException::MardynException;
  };

  struct Limits {
    double closeFraction = 0.5;      ///< a pair closer than this times their mean sigma overlaps
    double maxDisplacement = 0.5;    ///< a force moving a molecule by more than this times its sigma in one step is huge
    double maxRotation = 1.0;        ///< a torque turning a molecule by more than this (radians) in one step is huge
    double kineticJumpFactor = 100;  ///< U_kin growing by more than this factor in one step is a blow-up
  };

  /// `cutoff` gives the length scale of components without LJ centres (a tenth of it).
  ConditionsCheck(const std::vector<Component>& components, double timestep, double cutoff, Limits limits);
  ConditionsCheck(const std::vector<Component>& components, double timestep, double cutoff)
      : ConditionsCheck(components, timestep, cutoff, Limits()) {}

  /// After the forces of `step`: throws Error for the first owned molecule with a
  /// non-finite position, velocity, angular momentum, force or torque, or a force or torque that
  /// would move or turn it by more than the limits in one time step; the message adds the
  /// closest overlapping pair when there is one (the usual cause).
  void checkForces(const ParticleContainer& container, unsigned long step) const;
  /// Whether molecule m passes checkForces: every quantity finite, force and torque within its
  /// component's limits (for loops that check each molecule on their way, e.g. the kick).
  bool acceptable(const Molecule& m) const {
    const Vec3 sum = m.r() + m.v() + m.L() + m.F() + m.M();
    const Limit& limit = _limits2[m.componentId()];
    return std::isfinite(sum.x + sum.y + sum.z) && norm2(m.F()) <= limit.force2 && norm2(m.M()) <= limit.torque2;
  }
  /// Throws the Error that checkForces throws for molecule m (one that is not acceptable) at `step`.
  [[noreturn]] void reportForces(const Molecule& m, const ParticleContainer& container, unsigned long step) const;

  /// After the global values of `step` (reduced over all processes): throws Error when
  /// U_pot or U_kin is not finite, or U_kin grew by more than kineticJumpFactor since the last call
  /// (relative to the largest of the last U_kin, |U_pot|, N times the largest epsilon and the
  /// kinetic energy 3 N T at the highest target temperature). `capped`: the velocity-scaling thermostat's
  /// explosion heuristic capped the molecules' kinetic energies on this step (ls1 runs on from such a step,
  /// so only non-finite energies stop the run then).
  void checkEnergies(double uKin, double uPot, unsigned long numMolecules, unsigned long step, bool capped = false);
  /// The highest temperature a thermostat may drive the system to (0: none).
  void setTargetTemperature(double temperature) { _targetTemperature = temperature; }

  /// Squared force and torque beyond which a molecule of component c fails checkForces.
  double forceLimit2(std::size_t c) const { return _limits2.at(c).force2; }
  double torqueLimit2(std::size_t c) const { return _limits2.at(c).torque2; }

  struct ClosePair {
    unsigned long id1 = 0, id2 = 0;
    double distance = 0.0;
    double limit = 0.0;  ///< closeFraction times the pair's mean sigma
  };
  /// The closest pair (owned with owned or halo) nearer than closeFraction times their mean sigma.
  std::optional<ClosePair> findClosePair(const ParticleContainer& container) const;

 private:
  double lengthScale(const Molecule& m) const { return _sigma[m.componentId()]; }
  std::string closePairText(const ParticleContainer& container) const;

  Limits _limits;
  double _timestep;
  std::vector<double> _sigma;  ///< per component: smallest LJ sigma, else a tenth of the cutoff
  struct Limit {
    double force2, torque2;  ///< squared largest force and torque per component
  };
  std::vector<Limit> _limits2;
  double _maxEpsilon = 0.0;
  double _targetTemperature = 0.0;
  std::optional<double> _lastUKin;
};

}  // namespace mardyn
