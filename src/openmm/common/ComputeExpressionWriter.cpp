// ComputeExpressionWriter: the device code of each operation of the expression engine, as ExpressionNode::apply
// computes it on the host.
#include "ComputeExpressionWriter.h"

#include "openmm/OpenMMException.h"

#include <cmath>
#include <iomanip>
#include <sstream>

namespace OpenMM {

ComputeExpressionWriter::ComputeExpressionWriter(std::map<std::string, std::string> variables, std::string prefix,
                                                 std::map<std::string, Function> functions)
    : _variables(std::move(variables)), _prefix(std::move(prefix)), _functions(std::move(functions)) {}

std::string ComputeExpressionWriter::constant(double value) {
  if (std::isinf(value)) return value > 0 ? "((real) INFINITY)" : "(-(real) INFINITY)";
  if (std::isnan(value)) return "((real) NAN)";
  std::ostringstream s;
  s << std::setprecision(17) << value;
  std::string text = s.str();
  if (text.find_first_of(".eE") == std::string::npos) text += ".0";
  return "((real) " + text + ")";
}

std::string ComputeExpressionWriter::write(const Expression& expression, std::string& code) {
  return node(expression, code);
}

std::string ComputeExpressionWriter::power(const std::string& base, const Expression& exponent, std::string& code) {
  if (exponent->getOperation() == ExpressionNode::Constant) {
    const double p = exponent->getValue();
    if (p == 0.5) return "sqrt(" + base + ")";
    if (p == -0.5) return "((real) 1 / sqrt(" + base + "))";
    if (p == std::floor(p) && std::fabs(p) <= 16) {
      // Repeated squaring of the base.
      int n = static_cast<int>(std::fabs(p));
      if (n == 0) return "((real) 1)";
      std::string result, square = base;
      bool first = true;
      while (n > 0) {
        if (n & 1) {
          result = first ? square : "(" + result + " * " + square + ")";
          first = false;
        }
        n >>= 1;
        if (n > 0) {
          const std::string next = _prefix + std::to_string(_count++);
          code += "const real " + next + " = " + square + " * " + square + ";\n";
          square = next;
        }
      }
      return p < 0 ? "((real) 1 / " + result + ")" : result;
    }
  }
  return "pow(" + base + ", " + node(exponent, code) + ")";
}

std::string ComputeExpressionWriter::node(const Expression& expression, std::string& code) {
  using Op = ExpressionNode;
  const auto op = expression->getOperation();
  if (op == Op::Constant) return constant(expression->getValue());
  if (op == Op::Variable) {
    auto it = _variables.find(expression->getName());
    if (it == _variables.end())
      throw OpenMMException("device expression: unknown variable '" + expression->getName() + "'");
    return it->second;
  }
  const std::string key = expression->toString();
  auto done = _written.find(key);
  if (done != _written.end()) return done->second;
  std::vector<std::string> a;
  if (op != Op::Power)
    for (const auto& child : expression->getChildren()) a.push_back(node(child, code));
  std::string value;
  switch (op) {
  case Op::Add: value = a[0] + " + " + a[1]; break;
  case Op::Subtract: value = a[0] + " - " + a[1]; break;
  case Op::Multiply: value = a[0] + " * " + a[1]; break;
  case Op::Divide: value = a[0] + " / " + a[1]; break;
  case Op::Power: value = power(node(expression->child(0), code), expression->child(1), code); break;
  case Op::Negate: value = "-" + a[0]; break;
  case Op::Sqrt: value = "sqrt(" + a[0] + ")"; break;
  case Op::Exp: value = "exp(" + a[0] + ")"; break;
  case Op::Log: value = "log(" + a[0] + ")"; break;
  case Op::Sin: value = "sin(" + a[0] + ")"; break;
  case Op::Cos: value = "cos(" + a[0] + ")"; break;
  case Op::Sec: value = "(real) 1 / cos(" + a[0] + ")"; break;
  case Op::Csc: value = "(real) 1 / sin(" + a[0] + ")"; break;
  case Op::Tan: value = "tan(" + a[0] + ")"; break;
  case Op::Cot: value = "(real) 1 / tan(" + a[0] + ")"; break;
  case Op::Asin: value = "asin(" + a[0] + ")"; break;
  case Op::Acos: value = "acos(" + a[0] + ")"; break;
  case Op::Atan: value = "atan(" + a[0] + ")"; break;
  case Op::Atan2: value = "atan2(" + a[0] + ", " + a[1] + ")"; break;
  case Op::Sinh: value = "sinh(" + a[0] + ")"; break;
  case Op::Cosh: value = "cosh(" + a[0] + ")"; break;
  case Op::Tanh: value = "tanh(" + a[0] + ")"; break;
  case Op::Erf: value = "erf(" + a[0] + ")"; break;
  case Op::Erfc: value = "erfc(" + a[0] + ")"; break;
  case Op::Step: value = "(" + a[0] + " >= (real) 0 ? (real) 1 : (real) 0)"; break;
  case Op::Delta: value = "(" + a[0] + " == (real) 0 ? (real) 1 : (real) 0)"; break;
  case Op::Square: value = a[0] + " * " + a[0]; break;
  case Op::Cube: value = a[0] + " * " + a[0] + " * " + a[0]; break;
  case Op::Recip: value = "(real) 1 / " + a[0]; break;
  case Op::Min: value = "fmin(" + a[0] + ", " + a[1] + ")"; break;
  case Op::Max: value = "fmax(" + a[0] + ", " + a[1] + ")"; break;
  case Op::Abs: value = "fabs(" + a[0] + ")"; break;
  case Op::Floor: value = "floor(" + a[0] + ")"; break;
  case Op::Ceil: value = "ceil(" + a[0] + ")"; break;
  case Op::Select: value = "(" + a[0] + " != (real) 0 ? " + a[1] + " : " + a[2] + ")"; break;
  case Op::Custom: {
    auto f = _functions.find(expression->getName());
    if (f == _functions.end())
      throw OpenMMException("device expression: the function '" + expression->getName() + "' has no device code");
    value = f->second.call + "(";
    for (std::size_t i = 0; i < a.size(); i++) value += (i > 0 ? ", " : "") + a[i];
    for (int order : expression->getDerivOrder()) value += ", " + std::to_string(order);
    value += ")";
    break;
  }
  default:
    throw OpenMMException("device expression: unsupported operation in " + key);
  }
  const std::string name = _prefix + std::to_string(_count++);
  code += "const real " + name + " = " + value + ";\n";
  _written[key] = name;
  return name;
}

} // namespace OpenMM
