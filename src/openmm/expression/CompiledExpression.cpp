// CompiledExpression: post-order flattening of the tree and a stack machine that runs it.
#include "CompiledExpression.h"

#include "openmm/OpenMMException.h"

#include <algorithm>

namespace OpenMM {

CompiledExpression::CompiledExpression(const Expression& expression, const std::vector<std::string>& variables) {
  compile(expression, variables, expression->toString());
  // Depth of the stack: simulate the program.
  int depth = 0, maxDepth = 1;
  for (const auto& in : _program) {
    depth += 1 - in.numArgs;
    maxDepth = std::max(maxDepth, depth);
  }
  _stack.resize(maxDepth + 1);
}

void CompiledExpression::compile(const Expression& e, const std::vector<std::string>& variables,
                                 const std::string& text) {
  for (const auto& child : e->getChildren())
    compile(child, variables, text);
  Instruction in{e->getOperation(), -1, e->getValue(), static_cast<int>(e->getChildren().size()), e->getFunction(),
                 e->getDerivOrder()};
  if (in.op == ExpressionNode::Variable) {
    auto it = std::find(variables.begin(), variables.end(), e->getName());
    if (it == variables.end())
      throw OpenMMException("Unknown variable '" + e->getName() + "' in expression " + text);
    in.variable = static_cast<int>(it - variables.begin());
  }
  _program.push_back(in);
}

double CompiledExpression::evaluate(const double* values) const {
  double* top = _stack.data() - 1; // points at the top element
  for (const auto& in : _program) {
    switch (in.op) {
    case ExpressionNode::Constant:
      *++top = in.value;
      break;
    case ExpressionNode::Variable:
      *++top = values[in.variable];
      break;
    case ExpressionNode::Add:
      top[-1] += top[0];
      top--;
      break;
    case ExpressionNode::Subtract:
      top[-1] -= top[0];
      top--;
      break;
    case ExpressionNode::Multiply:
      top[-1] *= top[0];
      top--;
      break;
    case ExpressionNode::Divide:
      top[-1] /= top[0];
      top--;
      break;
    case ExpressionNode::Negate:
      top[0] = -top[0];
      break;
    case ExpressionNode::Square:
      top[0] *= top[0];
      break;
    case ExpressionNode::Custom:
      top -= in.numArgs - 1;
      top[0] = in.function->evaluate(top, in.derivOrder.data());
      break;
    default: {
      top -= in.numArgs - 1;
      top[0] = ExpressionNode::apply(in.op, top);
    }
    }
  }
  return top[0];
}

} // namespace OpenMM
