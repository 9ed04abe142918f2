// CustomIntegratorSteps: what every platform's CustomIntegrator kernel reads from the integrator before it compiles
// the expressions its own way: the variables an expression may use (in one order, so that a variable's index is its
// slot), each computation's target, the conditions of if and while blocks split at their comparison, the blocks
// matched, and the comparison applied.
#pragma once

#include "openmm/CustomIntegrator.h"

#include <string>
#include <vector>

namespace OpenMM {

/** One computation of a CustomIntegrator, checked and resolved. */
struct CustomIntegratorStep {
  CustomIntegrator::ComputationType type = CustomIntegrator::ComputeGlobal;
  /** ComputeGlobal and ComputeSum: the global's index (-1: dt); ComputePerDof: the per-DOF variable's index (-1: x,
   * -2: v). */
  int target = -1;
  /** The expression; for if and while blocks the condition's left side. */
  std::string expression;
  /** The condition's right side and comparison (the index among <= >= != == < > =). */
  std::string right;
  int comparison = 0;
  /** The matching BlockEnd of a block's start, and the start of a BlockEnd. */
  int blockEnd = -1, blockStart = -1;
  /** "computation <index>", for messages. */
  std::string where;
};

namespace CustomIntegratorSteps {

/** The slots of the variables every expression may use: x v f m dt energy uniform gaussian, f0..f31, energy0..energy31,
 * then the globals and the per-DOF variables in the integrator's order. */
constexpr int kX = 0, kV = 1, kF = 2, kM = 3, kDt = 4, kEnergy = 5, kUniform = 6, kGaussian = 7, kForceGroup = 8,
              kEnergyGroup = 40, kFirstGlobal = 72;
/** The variables' names, one per slot. */
std::vector<std::string> variables(const CustomIntegrator& integrator);
/** The computations with their targets resolved, the conditions split and the blocks matched; throws
 * OpenMMException naming the computation at fault. */
std::vector<CustomIntegratorStep> resolve(const CustomIntegrator& integrator);
/** a (comparison) b. */
bool holds(int comparison, double a, double b);

} // namespace CustomIntegratorSteps
} // namespace OpenMM
