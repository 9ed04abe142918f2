// LocalEnergyMinimizer: moves a Context's particles to a nearby local minimum of the potential energy
// (limited-memory BFGS with a backtracking line search; constraints are re-applied after every trial step).
#pragma once

#include <map>
#include <string>
#include <vector>

namespace OpenMM {

class Context;

/**
 * Watches a minimization: report() is called after every iteration with the flattened positions (x0, y0, z0,
 * x1, ...), the gradient of the objective and the statistics "system energy", "restraint energy", "restraint
 * strength" and "max constraint error" (constraints are applied exactly here, so the restraint terms are 0).
 * Returning true stops the minimization.
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
   * forces are not finite are rejected.
   */
  static void minimize(Context& context, double tolerance = 10, int maxIterations = 0,
                       MinimizationReporter* reporter = nullptr);
};

} // namespace OpenMM
