// ExpressionNode: an immutable node of an algebraic expression tree (constants, variables, + - * / ^ and the
// functions of OpenMM's expression syntax), with simplification and symbolic differentiation.
#pragma once

#include "CustomFunction.h"

#include <memory>
#include <string>
#include <vector>

namespace OpenMM {

class ExpressionNode;
using Expression = std::shared_ptr<const ExpressionNode>;

class ExpressionNode {
public:
  enum Operation {
    Constant,
    Variable,
    Add,
    Subtract,
    Multiply,
    Divide,
    Power,
    Negate,
    Sqrt,
    Exp,
    Log,
    Sin,
    Cos,
    Sec,
    Csc,
    Tan,
    Cot,
    Asin,
    Acos,
    Atan,
    Atan2,
    Sinh,
    Cosh,
    Tanh,
    Erf,
    Erfc,
    Step,
    Delta,
    Square,
    Cube,
    Recip,
    Min,
    Max,
    Abs,
    Floor,
    Ceil,
    Select,
    Custom ///< a CustomFunction (or one of its derivatives) of its children
  };

  ExpressionNode(Operation op, std::vector<Expression> children, double value = 0.0, std::string name = {})
      : _op(op), _children(std::move(children)), _value(value), _name(std::move(name)) {}
  /** A Custom node: function (called `name` in expressions) or its derivative of order derivOrder. */
  ExpressionNode(std::string name, std::shared_ptr<const CustomFunction> function, std::vector<int> derivOrder,
                 std::vector<Expression> children)
      : _op(Custom), _children(std::move(children)), _value(0.0), _name(std::move(name)),
        _function(std::move(function)), _derivOrder(std::move(derivOrder)) {}

  Operation getOperation() const { return _op; }
  const std::vector<Expression>& getChildren() const { return _children; }
  const Expression& child(int i) const { return _children[i]; }
  double getValue() const { return _value; }
  const std::string& getName() const { return _name; }
  const std::shared_ptr<const CustomFunction>& getFunction() const { return _function; }
  const std::vector<int>& getDerivOrder() const { return _derivOrder; }
  bool isConstant(double value) const { return _op == Constant && _value == value; }

  /** The function of that name and its number of arguments; false if there is none. */
  static bool lookupFunction(const std::string& name, Operation& op, int& numArgs);
  /** Applies op to constant arguments. */
  static double apply(Operation op, const double* args);
  /** The expression's text (for messages and tests). */
  std::string toString() const;

private:
  Operation _op;
  std::vector<Expression> _children;
  double _value;
  std::string _name;
  std::shared_ptr<const CustomFunction> _function;
  std::vector<int> _derivOrder;
};

Expression makeConstant(double value);
Expression makeVariable(const std::string& name);
/** A node of op over children, simplified (constants folded, 0 and 1 terms dropped). */
Expression makeNode(ExpressionNode::Operation op, std::vector<Expression> children);

/** A call of a CustomFunction (evaluated at once if every argument is constant). */
Expression makeCustomNode(const std::string& name, std::shared_ptr<const CustomFunction> function,
                          std::vector<int> derivOrder, std::vector<Expression> children);

/** d expression / d variable, simplified. */
Expression differentiate(const Expression& expression, const std::string& variable);
/** Whether the expression reads the variable. */
bool usesVariable(const Expression& expression, const std::string& variable);
/** Replaces every occurrence of the variable by value. */
Expression substitute(const Expression& expression, const std::string& variable, const Expression& value);

} // namespace OpenMM
