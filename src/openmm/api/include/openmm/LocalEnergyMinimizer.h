// LocalEnergyMinimizer: moves a Context's particles to a nearby local minimum of the potential energy
// (limited-memory BFGS; constraints held by harmonic restraints of growing strength, then applied exactly).
#pragma once

#include <map>
#include <string>
#include <vector>

namespace OpenMM {

class Context;

/**
 * Watches a minimization: report() is called after every iteration with the flattened positions (x0, y0, z0,
 * x1, ...), the gradient of the objective (potential energy plus restraint energy) and the statistics "system
 * energy", "restraint energy", "restraint strength" (kJ/mol/nm^2) and "max constraint error" (relative).
 * Returning true stops the minimization; the constraints are then applied exactly.
 */
class MinimizationReporter {
public:
  MinimizationReporter() = default;
  virtual ~MinimizationReporter() = default;
  virtual bool report(int iteration, const std::vector<double>& x, const std::vector<double>& grad,
                      std::map<std::string, double>& args) {
    (void)iteration, (void)x, (void)grad, (void)args;
    return false;
  }
};

class LocalEnergyMinimizer {
public:
  /**
   * Minimizes the energy of the integrator's integration force groups until the root-mean-square force over the
   * free coordinates falls below tolerance (kJ/mol/nm), the energy stops decreasing, maxIterations (0 = no
   * limit) is reached or the reporter asks to stop. Massless particles do not move. Trial steps whose energy or
   * forces are not finite are rejected. Constraints: the objective adds harmonic restraints k/2 (r - d)^2 on the
   * constraint distances (k = 100 / max(1e-4, the integrator's constraint tolerance) kJ/mol/nm^2, the force
   * criterion then applying to the force with the restraints' share), k grows tenfold while a constraint
   * deviates by more than that tolerance, and the constraints are finally applied to the integrator's tolerance.
   */
  static void minimize(Context& context, double tolerance = 10, int maxIterations = 0,
                       MinimizationReporter* reporter = nullptr);
};

} // namespace OpenMM
