// LocalEnergyMinimizer: moves a Context's particles to a nearby local minimum of the potential energy
// (limited-memory BFGS with a backtracking line search; constraints are re-applied after every trial step).
#pragma once

namespace OpenMM {

class Context;

class LocalEnergyMinimizer {
public:
  /**
   * Minimizes until the root-mean-square force over the free coordinates falls below tolerance (kJ/mol/nm), the
   * energy stops decreasing, or maxIterations (0 = no limit) is reached. Massless particles do not move.
   */
  static void minimize(Context& context, double tolerance = 10, int maxIterations = 0);
};

} // namespace OpenMM
