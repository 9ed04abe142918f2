// ExpressionNode: the function table, constant folding with algebraic simplification, and the derivative rules
// of every operation.
#include "ExpressionNode.h"

#include "openmm/OpenMMException.h"

#include <cmath>
#include <map>
#include <sstream>

namespace OpenMM {

using Op = ExpressionNode::Operation;

namespace {

struct FunctionInfo {
  Op op;
  int numArgs;
};

const std::map<std::string, FunctionInfo>& functionTable() {
  static const std::map<std::string, FunctionInfo> table = {
      {"sqrt", {Op::Sqrt, 1}},     {"exp", {Op::Exp, 1}},   {"log", {Op::Log, 1}},     {"sin", {Op::Sin, 1}},
      {"cos", {Op::Cos, 1}},       {"sec", {Op::Sec, 1}},   {"csc", {Op::Csc, 1}},     {"tan", {Op::Tan, 1}},
      {"cot", {Op::Cot, 1}},       {"asin", {Op::Asin, 1}}, {"acos", {Op::Acos, 1}},   {"atan", {Op::Atan, 1}},
      {"atan2", {Op::Atan2, 2}},   {"sinh", {Op::Sinh, 1}}, {"cosh", {Op::Cosh, 1}},   {"tanh", {Op::Tanh, 1}},
      {"erf", {Op::Erf, 1}},       {"erfc", {Op::Erfc, 1}}, {"step", {Op::Step, 1}},   {"delta", {Op::Delta, 1}},
      {"square", {Op::Square, 1}}, {"cube", {Op::Cube, 1}}, {"recip", {Op::Recip, 1}}, {"min", {Op::Min, 2}},
      {"max", {Op::Max, 2}},       {"abs", {Op::Abs, 1}},   {"floor", {Op::Floor, 1}}, {"ceil", {Op::Ceil, 1}},
      {"select", {Op::Select, 3}}};
  return table;
}

} // namespace

bool ExpressionNode::lookupFunction(const std::string& name, Operation& op, int& numArgs) {
  auto it = functionTable().find(name);
  if (it == functionTable().end())
    return false;
  op = it->second.op;
  numArgs = it->second.numArgs;
  return true;
}

double ExpressionNode::apply(Operation op, const double* a) {
  switch (op) {
  case Add:
    return a[0] + a[1];
  case Subtract:
    return a[0] - a[1];
  case Multiply:
    return a[0] * a[1];
  case Divide:
    return a[0] / a[1];
  case Power:
    return std::pow(a[0], a[1]);
  case Negate:
    return -a[0];
  case Sqrt:
    return std::sqrt(a[0]);
  case Exp:
    return std::exp(a[0]);
  case Log:
    return std::log(a[0]);
  case Sin:
    return std::sin(a[0]);
  case Cos:
    return std::cos(a[0]);
  case Sec:
    return 1.0 / std::cos(a[0]);
  case Csc:
    return 1.0 / std::sin(a[0]);
  case Tan:
    return std::tan(a[0]);
  case Cot:
    return 1.0 / std::tan(a[0]);
  case Asin:
    return std::asin(a[0]);
  case Acos:
    return std::acos(a[0]);
  case Atan:
    return std::atan(a[0]);
  case Atan2:
    return std::atan2(a[0], a[1]);
  case Sinh:
    return std::sinh(a[0]);
  case Cosh:
    return std::cosh(a[0]);
  case Tanh:
    return std::tanh(a[0]);
  case Erf:
    return std::erf(a[0]);
  case Erfc:
    return std::erfc(a[0]);
  case Step:
    return a[0] >= 0.0 ? 1.0 : 0.0;
  case Delta:
    return a[0] == 0.0 ? 1.0 : 0.0;
  case Square:
    return a[0] * a[0];
  case Cube:
    return a[0] * a[0] * a[0];
  case Recip:
    return 1.0 / a[0];
  case Min:
    return std::fmin(a[0], a[1]);
  case Max:
    return std::fmax(a[0], a[1]);
  case Abs:
    return std::fabs(a[0]);
  case Floor:
    return std::floor(a[0]);
  case Ceil:
    return std::ceil(a[0]);
  case Select:
    return a[0] != 0.0 ? a[1] : a[2];
  default:
    throw OpenMMException("Expression: operation cannot be applied to constants");
  }
}

std::string ExpressionNode::toString() const {
  std::ostringstream out;
  out.precision(17);
  switch (_op) {
  case Constant:
    out << _value;
    break;
  case Variable:
    out << _name;
    break;
  case Add:
    out << "(" << child(0)->toString() << "+" << child(1)->toString() << ")";
    break;
  case Subtract:
    out << "(" << child(0)->toString() << "-" << child(1)->toString() << ")";
    break;
  case Multiply:
    out << "(" << child(0)->toString() << "*" << child(1)->toString() << ")";
    break;
  case Divide:
    out << "(" << child(0)->toString() << "/" << child(1)->toString() << ")";
    break;
  case Power:
    out << "(" << child(0)->toString() << "^" << child(1)->toString() << ")";
    break;
  case Negate:
    out << "(-" << child(0)->toString() << ")";
    break;
  case Custom: {
    out << _name;
    bool derivative = false;
    for (int order : _derivOrder)
      derivative = derivative || order != 0;
    if (derivative) {
      out << "_d";
      for (size_t i = 0; i < _derivOrder.size(); i++)
        out << (i > 0 ? "," : "") << _derivOrder[i];
    }
    out << "(";
    for (size_t i = 0; i < _children.size(); i++)
      out << (i > 0 ? "," : "") << _children[i]->toString();
    out << ")";
    break;
  }
  default:
    for (const auto& entry : functionTable())
      if (entry.second.op == _op)
        out << entry.first;
    out << "(";
    for (size_t i = 0; i < _children.size(); i++)
      out << (i > 0 ? "," : "") << _children[i]->toString();
    out << ")";
  }
  return out.str();
}

Expression makeConstant(double value) {
  return std::make_shared<ExpressionNode>(Op::Constant, std::vector<Expression>{}, value);
}

Expression makeVariable(const std::string& name) {
  return std::make_shared<ExpressionNode>(Op::Variable, std::vector<Expression>{}, 0.0, name);
}

Expression makeNode(Op op, std::vector<Expression> c) {
  bool allConstant = true;
  for (const auto& child : c)
    allConstant = allConstant && child->getOperation() == Op::Constant;
  if (allConstant) {
    double args[3] = {0, 0, 0};
    for (size_t i = 0; i < c.size(); i++)
      args[i] = c[i]->getValue();
    return makeConstant(ExpressionNode::apply(op, args));
  }
  switch (op) {
  case Op::Add:
    if (c[0]->isConstant(0.0))
      return c[1];
    if (c[1]->isConstant(0.0))
      return c[0];
    if (c[1]->getOperation() == Op::Negate)
      return makeNode(Op::Subtract, {c[0], c[1]->child(0)});
    break;
  case Op::Subtract:
    if (c[1]->isConstant(0.0))
      return c[0];
    if (c[0]->isConstant(0.0))
      return makeNode(Op::Negate, {c[1]});
    if (c[1]->getOperation() == Op::Negate)
      return makeNode(Op::Add, {c[0], c[1]->child(0)});
    break;
  case Op::Multiply:
    if (c[0]->isConstant(0.0) || c[1]->isConstant(0.0))
      return makeConstant(0.0);
    if (c[0]->isConstant(1.0))
      return c[1];
    if (c[1]->isConstant(1.0))
      return c[0];
    if (c[0]->isConstant(-1.0))
      return makeNode(Op::Negate, {c[1]});
    if (c[1]->isConstant(-1.0))
      return makeNode(Op::Negate, {c[0]});
    if (c[0]->getOperation() == Op::Negate && c[1]->getOperation() == Op::Negate)
      return makeNode(Op::Multiply, {c[0]->child(0), c[1]->child(0)});
    if (c[0]->getOperation() == Op::Negate)
      return makeNode(Op::Negate, {makeNode(Op::Multiply, {c[0]->child(0), c[1]})});
    if (c[1]->getOperation() == Op::Negate)
      return makeNode(Op::Negate, {makeNode(Op::Multiply, {c[0], c[1]->child(0)})});
    break;
  case Op::Divide:
    if (c[0]->isConstant(0.0))
      return makeConstant(0.0);
    if (c[1]->isConstant(1.0))
      return c[0];
    if (c[0]->isConstant(1.0))
      return makeNode(Op::Recip, {c[1]});
    break;
  case Op::Power:
    if (c[1]->isConstant(1.0))
      return c[0];
    if (c[1]->isConstant(0.0))
      return makeConstant(1.0);
    if (c[1]->isConstant(2.0))
      return makeNode(Op::Square, {c[0]});
    if (c[1]->isConstant(3.0))
      return makeNode(Op::Cube, {c[0]});
    if (c[1]->isConstant(-1.0))
      return makeNode(Op::Recip, {c[0]});
    if (c[1]->isConstant(0.5))
      return makeNode(Op::Sqrt, {c[0]});
    break;
  case Op::Negate:
    if (c[0]->getOperation() == Op::Negate)
      return c[0]->child(0);
    break;
  default:
    break;
  }
  return std::make_shared<ExpressionNode>(op, std::move(c));
}

Expression makeCustomNode(const std::string& name, std::shared_ptr<const CustomFunction> function,
                          std::vector<int> derivOrder, std::vector<Expression> children) {
  bool allConstant = true;
  for (const auto& child : children)
    allConstant = allConstant && child->getOperation() == Op::Constant;
  if (allConstant) {
    std::vector<double> args;
    for (const auto& child : children)
      args.push_back(child->getValue());
    return makeConstant(function->evaluate(args.data(), derivOrder.data()));
  }
  return std::make_shared<ExpressionNode>(name, std::move(function), std::move(derivOrder), std::move(children));
}

bool usesVariable(const Expression& e, const std::string& variable) {
  if (e->getOperation() == Op::Variable)
    return e->getName() == variable;
  for (const auto& c : e->getChildren())
    if (usesVariable(c, variable))
      return true;
  return false;
}

Expression substitute(const Expression& e, const std::string& variable, const Expression& value) {
  if (e->getOperation() == Op::Variable)
    return e->getName() == variable ? value : e;
  if (e->getChildren().empty() || !usesVariable(e, variable))
    return e;
  std::vector<Expression> children;
  for (const auto& c : e->getChildren())
    children.push_back(substitute(c, variable, value));
  if (e->getOperation() == Op::Custom)
    return makeCustomNode(e->getName(), e->getFunction(), e->getDerivOrder(), std::move(children));
  return makeNode(e->getOperation(), std::move(children));
}

namespace {

Expression c(double v) { return makeConstant(v); }
Expression node(Op op, Expression a) { return makeNode(op, {std::move(a)}); }
Expression node(Op op, Expression a, Expression b) { return makeNode(op, {std::move(a), std::move(b)}); }
Expression mul(Expression a, Expression b) { return node(Op::Multiply, std::move(a), std::move(b)); }

} // namespace

Expression differentiate(const Expression& e, const std::string& x) {
  if (!usesVariable(e, x))
    return c(0.0);
  const auto& ch = e->getChildren();
  auto d = [&](int i) { return differentiate(ch[i], x); };
  switch (e->getOperation()) {
  case Op::Variable:
    return c(1.0);
  case Op::Add:
    return node(Op::Add, d(0), d(1));
  case Op::Subtract:
    return node(Op::Subtract, d(0), d(1));
  case Op::Multiply:
    return node(Op::Add, mul(d(0), ch[1]), mul(ch[0], d(1)));
  case Op::Divide:
    return node(Op::Subtract, node(Op::Divide, d(0), ch[1]),
                node(Op::Divide, mul(ch[0], d(1)), node(Op::Square, ch[1])));
  case Op::Power:
    if (!usesVariable(ch[1], x))
      return mul(mul(ch[1], node(Op::Power, ch[0], node(Op::Subtract, ch[1], c(1.0)))), d(0));
    return mul(e, node(Op::Add, mul(d(1), node(Op::Log, ch[0])), node(Op::Divide, mul(ch[1], d(0)), ch[0])));
  case Op::Negate:
    return node(Op::Negate, d(0));
  case Op::Sqrt:
    return node(Op::Divide, mul(c(0.5), d(0)), e);
  case Op::Exp:
    return mul(e, d(0));
  case Op::Log:
    return node(Op::Divide, d(0), ch[0]);
  case Op::Sin:
    return mul(node(Op::Cos, ch[0]), d(0));
  case Op::Cos:
    return node(Op::Negate, mul(node(Op::Sin, ch[0]), d(0)));
  case Op::Sec:
    return mul(mul(e, node(Op::Tan, ch[0])), d(0));
  case Op::Csc:
    return node(Op::Negate, mul(mul(e, node(Op::Cot, ch[0])), d(0)));
  case Op::Tan:
    return mul(node(Op::Square, node(Op::Sec, ch[0])), d(0));
  case Op::Cot:
    return node(Op::Negate, mul(node(Op::Square, node(Op::Csc, ch[0])), d(0)));
  case Op::Asin:
    return node(Op::Divide, d(0), node(Op::Sqrt, node(Op::Subtract, c(1.0), node(Op::Square, ch[0]))));
  case Op::Acos:
    return node(Op::Negate,
                node(Op::Divide, d(0), node(Op::Sqrt, node(Op::Subtract, c(1.0), node(Op::Square, ch[0])))));
  case Op::Atan:
    return node(Op::Divide, d(0), node(Op::Add, c(1.0), node(Op::Square, ch[0])));
  case Op::Atan2:
    return node(Op::Divide, node(Op::Subtract, mul(ch[1], d(0)), mul(ch[0], d(1))),
                node(Op::Add, node(Op::Square, ch[0]), node(Op::Square, ch[1])));
  case Op::Sinh:
    return mul(node(Op::Cosh, ch[0]), d(0));
  case Op::Cosh:
    return mul(node(Op::Sinh, ch[0]), d(0));
  case Op::Tanh:
    return mul(node(Op::Subtract, c(1.0), node(Op::Square, e)), d(0));
  case Op::Erf:
  case Op::Erfc: {
    Expression g = mul(mul(c(2.0 / std::sqrt(M_PI)), node(Op::Exp, node(Op::Negate, node(Op::Square, ch[0])))), d(0));
    return e->getOperation() == Op::Erf ? g : node(Op::Negate, g);
  }
  case Op::Step:
  case Op::Delta:
  case Op::Floor:
  case Op::Ceil:
    return c(0.0);
  case Op::Square:
    return mul(mul(c(2.0), ch[0]), d(0));
  case Op::Cube:
    return mul(mul(c(3.0), node(Op::Square, ch[0])), d(0));
  case Op::Recip:
    return node(Op::Negate, node(Op::Divide, d(0), node(Op::Square, ch[0])));
  case Op::Min:
    return makeNode(Op::Select, {node(Op::Step, node(Op::Subtract, ch[0], ch[1])), d(1), d(0)});
  case Op::Max:
    return makeNode(Op::Select, {node(Op::Step, node(Op::Subtract, ch[0], ch[1])), d(0), d(1)});
  case Op::Abs:
    return mul(node(Op::Subtract, mul(c(2.0), node(Op::Step, ch[0])), c(1.0)), d(0));
  case Op::Select:
    return makeNode(Op::Select, {ch[0], d(1), d(2)});
  case Op::Custom: {
    // Chain rule: sum over the arguments of (partial derivative in that argument) * d argument.
    Expression sum = c(0.0);
    for (size_t i = 0; i < ch.size(); i++) {
      Expression inner = d(static_cast<int>(i));
      if (inner->isConstant(0.0))
        continue;
      std::vector<int> order = e->getDerivOrder();
      order[i]++;
      sum = node(Op::Add, sum, mul(makeCustomNode(e->getName(), e->getFunction(), order, ch), inner));
    }
    return sum;
  }
  default:
    throw OpenMMException("Expression: cannot differentiate " + e->toString());
  }
}

} // namespace OpenMM
