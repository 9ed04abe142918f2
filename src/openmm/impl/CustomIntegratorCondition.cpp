// CustomIntegratorCondition: the split of a block's condition and its comparison.
#include "openmm/internal/CustomIntegratorCondition.h"

#include "openmm/OpenMMException.h"

namespace OpenMM {

namespace {
const char* const kComparisons[] = {"<=", ">=", "!=", "==", "<", ">", "="};
} // namespace

CustomIntegratorCondition CustomIntegratorCondition::parse(const std::string& expression, const std::string& where) {
  CustomIntegratorCondition condition;
  int depth = 0;
  for (std::size_t k = 0; k < expression.size(); k++) {
    depth += expression[k] == '(' ? 1 : expression[k] == ')' ? -1 : 0;
    if (depth != 0)
      continue;
    for (int op = 0; op < 7; op++) {
      const std::string symbol = kComparisons[op];
      if (expression.compare(k, symbol.size(), symbol) == 0) {
        condition.comparison = op;
        condition.left = expression.substr(0, k);
        condition.right = expression.substr(k + symbol.size());
        return condition;
      }
    }
  }
  throw OpenMMException("CustomIntegrator: " + where + ": the condition '" + expression +
                        "' has no comparison (< <= > >= = == !=)");
}

bool CustomIntegratorCondition::holds(int comparison, double a, double b) {
  switch (comparison) {
  case 0: return a <= b;
  case 1: return a >= b;
  case 2: return a != b;
  case 4: return a < b;
  case 5: return a > b;
  default: return a == b;
  }
}

} // namespace OpenMM
