// VelocityScalingThermostat: ls1-mardyn's velocity-scaling thermostat for NVT: after each step
// velocities and angular momenta of each thermostatted group are scaled to the target temperature.
#pragma once

#include "integrators/Leapfrog.h"
#include "particleContainer/ParticleContainer.h"

#include <vector>

namespace mardyn {

class VelocityScalingThermostat {
 public:
  /// One thermostat per group; componentGroup[c] is the group of component c (-1: not thermostatted).
  VelocityScalingThermostat(std::vector<double> targetTemperatures, std::vector<int> componentGroup);
  /// A single global thermostat for all numComponents components.
  static VelocityScalingThermostat global(double temperature, std::size_t numComponents);

  /// ls1's exponent of the velocity-scaling factors (not 1/2: the temperature approaches its target over
  /// a few steps instead of being set in one).
  static constexpr double exponent = 0.4;
  /// Scaling factors from globally reduced kinetic sums (per component), as ls1 computes them:
  /// beta_trans = (3 N T / sum m v^2)^0.4, beta_rot = (f_rot T / sum L^2/I)^0.4; 1 where a sum is 0.
  void computeFactors(const KineticSums& globalSums);
  /// ls1's "explosion heuristic", after computeFactors: when a group's factor falls below 0.9 (the system
  /// is much hotter than its target), every molecule's translational kinetic energy is capped at 10 T (v and
  /// F scaled alike) and its rotational one at 3 f_rot T (L and torque), the group's beta_trans becomes 1 and
  /// beta_rot beta_rot^0.0091; it then rests as ls1's counters say (a reappearance within 40 steps keeps it
  /// on, later ones are left to the factors). Returns whether it acted. Without a container only the
  /// factors change.
  bool limitExplosions(ParticleContainer* container);
  /// The same with the capping done by `cap(T)` (where the molecules live elsewhere: on a device).
  bool limitExplosions(const std::function<void(double temperature)>& cap);
  /// The capping of the heuristic at temperature T on the owned molecules of `container`.
  static void capKineticEnergies(ParticleContainer& container, double temperature);
  double betaTrans(int group) const { return _betaTrans[group]; }
  double betaRot(int group) const { return _betaRot[group]; }
  std::size_t numGroups() const { return _target.size(); }
  /// Scales v and L of the owned molecules with their group's factors.
  void apply(ParticleContainer& container) const;
  /// The factors per component (1 for components without a thermostat), for containers that scale
  /// their molecules themselves (ResidentTimeStep::scaleVelocities).
  void componentFactors(std::vector<double>& betaTrans, std::vector<double>& betaRot) const;

 private:
  std::vector<double> _target;
  std::vector<int> _group;
  std::vector<double> _betaTrans, _betaRot;
  int _explosionCounter = 0, _explosionWarning = 0, _explosionError = 0;  ///< ls1's selective-thermostat counters
};

}  // namespace mardyn
