// CustomIntegratorSteps: the variables, targets, conditions and blocks of a CustomIntegrator's computations.
#include "openmm/internal/CustomIntegratorSteps.h"

#include "openmm/OpenMMException.h"

#include <algorithm>

namespace OpenMM {
namespace CustomIntegratorSteps {

namespace {

const char* const kComparisons[] = {"<=", ">=", "!=", "==", "<", ">", "="};

/** Splits `expression` at its comparison at parenthesis depth 0, the longest symbol first. */
void splitCondition(CustomIntegratorStep& step) {
  const std::string expression = step.expression;
  int depth = 0;
  for (std::size_t k = 0; k < expression.size(); k++) {
    depth += expression[k] == '(' ? 1 : expression[k] == ')' ? -1 : 0;
    if (depth != 0)
      continue;
    for (int op = 0; op < 7; op++) {
      const std::string symbol = kComparisons[op];
      if (expression.compare(k, symbol.size(), symbol) == 0) {
        step.comparison = op;
        step.expression = expression.substr(0, k);
        step.right = expression.substr(k + symbol.size());
        return;
      }
    }
  }
  throw OpenMMException("CustomIntegrator: " + step.where + ": the condition '" + expression +
                        "' has no comparison (< <= > >= = == !=)");
}

} // namespace

std::vector<std::string> variables(const CustomIntegrator& integrator) {
  std::vector<std::string> names = {"x", "v", "f", "m", "dt", "energy", "uniform", "gaussian"};
  for (int g = 0; g < 32; g++)
    names.push_back("f" + std::to_string(g));
  for (int g = 0; g < 32; g++)
    names.push_back("energy" + std::to_string(g));
  for (int i = 0; i < integrator.getNumGlobalVariables(); i++)
    names.push_back(integrator.getGlobalVariableName(i));
  for (int i = 0; i < integrator.getNumPerDofVariables(); i++)
    names.push_back(integrator.getPerDofVariableName(i));
  return names;
}

std::vector<CustomIntegratorStep> resolve(const CustomIntegrator& integrator) {
  const std::vector<std::string> names = variables(integrator);
  const auto firstGlobal = names.begin() + kFirstGlobal;
  const auto firstPerDof = firstGlobal + integrator.getNumGlobalVariables();
  std::vector<CustomIntegratorStep> steps;
  std::vector<int> open;
  for (int i = 0; i < integrator.getNumComputations(); i++) {
    CustomIntegratorStep step;
    std::string variable;
    integrator.getComputationStep(i, step.type, variable, step.expression);
    step.where = "computation " + std::to_string(i);
    switch (step.type) {
    case CustomIntegrator::ComputeGlobal:
    case CustomIntegrator::ComputeSum:
      if (variable != "dt") {
        const auto it = std::find(firstGlobal, firstPerDof, variable);
        if (it == firstPerDof)
          throw OpenMMException("CustomIntegrator: " + step.where + " stores into '" + variable +
                                "', which is not a global variable");
        step.target = static_cast<int>(it - firstGlobal);
      }
      break;
    case CustomIntegrator::ComputePerDof:
      if (variable == "x") {
        step.target = -1;
      } else if (variable == "v") {
        step.target = -2;
      } else {
        const auto it = std::find(firstPerDof, names.end(), variable);
        if (it == names.end())
          throw OpenMMException("CustomIntegrator: " + step.where + " stores into '" + variable +
                                "', which is not x, v or a per-DOF variable");
        step.target = static_cast<int>(it - firstPerDof);
      }
      break;
    case CustomIntegrator::IfBlockStart:
    case CustomIntegrator::WhileBlockStart:
      splitCondition(step);
      open.push_back(i);
      break;
    case CustomIntegrator::BlockEnd:
      if (open.empty())
        throw OpenMMException("CustomIntegrator: " + step.where + " ends a block that was never begun");
      step.blockStart = open.back();
      steps[static_cast<std::size_t>(open.back())].blockEnd = i;
      open.pop_back();
      break;
    default:
      break;
    }
    steps.push_back(std::move(step));
  }
  if (!open.empty())
    throw OpenMMException("CustomIntegrator: the block begun by computation " + std::to_string(open.back()) +
                          " has no end");
  return steps;
}

bool holds(int comparison, double a, double b) {
  switch (comparison) {
  case 0: return a <= b;
  case 1: return a >= b;
  case 2: return a != b;
  case 4: return a < b;
  case 5: return a > b;
  default: return a == b;
  }
}

} // namespace CustomIntegratorSteps
} // namespace OpenMM
