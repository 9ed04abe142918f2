// IntegrationRules: the platform-independent arithmetic of the integrators that every platform shares: the
// step size of the variable-step integrators from their error estimate, and the Nose-Hoover chains (their
// state, half-step propagation and heat-bath energy). The platforms compute the sums these rules take (the
// RMS acceleration, the kinetic energies per thermostat) and apply the scale factors they return.
#pragma once

#include <utility>
#include <vector>

namespace OpenMM {

class NoseHooverIntegrator;

namespace IntegrationRules {

/// The step of VariableVerletIntegrator and VariableLangevinIntegrator: dt = sqrt(tol / e) for the RMS
/// acceleration e = sqrt(sum |F/m|^2 / 3N) over the massive particles (without forces: the last step, or
/// `fallback`, or 1 fs), at most twice lastStep (when there was one) and maxStep (when positive), and ending
/// no later than maxTime (reachesTarget then tells that the step ends exactly there).
double variableStepSize(double sumSquaredAcceleration, int degreesOfFreedom, double tol, double lastStep,
                        double maxStep, double fallback, double time, double maxTime, bool& reachesTarget);

/// The Nose-Hoover chains of a NoseHooverIntegrator: per thermostat one chain on the absolute motion (atoms and
/// the pairs' centres of mass) and one on the pairs' relative motion (Martyna-Tuckerman-Klein chains, masses
/// Q0 = dof kT / f^2 and Qi = kT / f^2, each half step split into numMTS times the Yoshida-Suzuki weights).
class NoseHooverChains {
public:
  /// Chains of the integrator's thermostats, at rest.
  void initialize(const NoseHooverIntegrator& integrator);
  /// Half a step of thermostat `c` driven by the kinetic energies of its absolute and relative motion; returns
  /// the factors by which these velocities are to be scaled.
  std::pair<double, double> propagate(const NoseHooverIntegrator& integrator, int c, double keAbsolute,
                                      double keRelative);
  /// The chains' energy (kinetic and potential terms), which with the system's is conserved.
  double heatBathEnergy(const NoseHooverIntegrator& integrator) const;
  /// Every chain's positions and velocities, for checkpoints; setStates throws OpenMMException on a size
  /// mismatch.
  std::vector<double> getStates() const;
  void setStates(const std::vector<double>& states);

private:
  struct Chain {
    std::vector<double> x, v;
  };
  static double propagateChain(Chain& chain, double ke, int dof, double temperature, double frequency,
                               double halfStep, int numMTS, const std::vector<double>& weights);
  static double bathEnergy(const Chain& chain, int dof, double temperature, double frequency);
  std::vector<Chain> _absolute, _relative;
};

} // namespace IntegrationRules
} // namespace OpenMM
