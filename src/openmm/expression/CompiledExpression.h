// CompiledExpression: an Expression flattened into a postfix program over numbered variables, evaluated
// without allocation in the force loops (one instance per thread: evaluation uses its own stack).
#pragma once

#include "ExpressionNode.h"

#include <string>
#include <vector>

namespace OpenMM {

class CompiledExpression {
public:
  CompiledExpression() = default;
  /** variables[i] is read from values[i] by evaluate(); a variable not in the list is an error naming it. */
  CompiledExpression(const Expression& expression, const std::vector<std::string>& variables);
  double evaluate(const double* values) const;
  bool isConstantZero() const {
    return _program.size() == 1 && _program[0].op == ExpressionNode::Constant && _program[0].value == 0.0;
  }

private:
  struct Instruction {
    ExpressionNode::Operation op;
    int variable;
    double value;
    int numArgs;
    std::shared_ptr<const CustomFunction> function; ///< for Custom
    std::vector<int> derivOrder;                    ///< for Custom
  };
  void compile(const Expression& e, const std::vector<std::string>& variables, const std::string& text);

  std::vector<Instruction> _program;
  mutable std::vector<double> _stack;
};

} // namespace OpenMM
