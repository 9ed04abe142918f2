// SysMonExpression: the RPN tokens of ls1's Expression (numbers, "group:name" variables, + - * /, abs float int
// floor ceil round sqrt ln lb lg exp sin cos tan asin acos atan min max mod pow) and their evaluation.
#include "io/SysMonExpression.h"

#include <cmath>
#include <map>
#include <sstream>

namespace mardyn {

namespace {
const std::map<std::string, int>& functions() {
  static const std::map<std::string, int> f = {
      {"abs", 1},  {"float", 1}, {"int", 1},  {"floor", 1}, {"ceil", 1}, {"round", 1}, {"sqrt", 1},
      {"ln", 1},   {"loge", 1},  {"lb", 1},   {"log2", 1},  {"lg", 1},   {"log10", 1}, {"exp", 1},
      {"sin", 1},  {"cos", 1},   {"tan", 1},  {"asin", 1},  {"acos", 1}, {"atan", 1},  {"min", 2},
      {"max", 2},  {"mod", 2},   {"pow", 2}};
  return f;
}
std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}
SysMonExpression::Value fromDouble(double d) {
  SysMonExpression::Value v;
  v.isFloat = true;
  v.f = d;
  return v;
}
SysMonExpression::Value fromLong(long l) {
  SysMonExpression::Value v;
  v.i = l;
  return v;
}
}  // namespace

std::optional<SysMonExpression> SysMonExpression::parse(const std::string& text, std::string& error) {
  SysMonExpression e;
  e._text = text;
  std::istringstream in(text);
  std::string t;
  int depth = 0;
  while (in >> t) {
    Token tok{Token::Kind::Number, {}, t, 0};
    if (t.size() == 1 && std::string("+-*/").find(t) != std::string::npos) {
      tok.kind = Token::Kind::Operator;
      tok.arity = 2;
    } else if (t.find_first_not_of("0123456789.-E") == std::string::npos) {
      std::istringstream num(t);
      if (t.find_first_not_of("0123456789-") == std::string::npos) {
        num >> tok.value.i;
      } else {
        tok.value.isFloat = true;
        num >> tok.value.f;
      }
      if (num.fail()) {
        error = "'" + t + "' is not a number";
        return std::nullopt;
      }
    } else if (t.find(':') != std::string::npos) {
      tok.kind = Token::Kind::Variable;
      e._groups.insert(t.substr(0, t.find(':')));
    } else {
      const auto f = functions().find(lower(t));
      if (f == functions().end()) {
        error = "unknown function '" + t + "' (expected a number, a variable group:name, + - * / or one of ls1's "
                "functions abs float int floor ceil round sqrt ln lb lg exp sin cos tan asin acos atan min max mod pow)";
        return std::nullopt;
      }
      tok.kind = Token::Kind::Function;
      tok.name = f->first;
      tok.arity = f->second;
    }
    depth += 1 - tok.arity;
    if (depth < 1) {
      error = "'" + t + "' lacks an operand (reverse Polish notation: operands first)";
      return std::nullopt;
    }
    e._tokens.push_back(tok);
  }
  if (depth != 1) {
    error = e._tokens.empty() ? "empty expression" : "the expression leaves " + std::to_string(depth) + " values (expected one)";
    return std::nullopt;
  }
  return e;
}

SysMonExpression::Value SysMonExpression::evaluate(
    const std::function<std::optional<Value>(const std::string&)>& lookup) const {
  std::vector<Value> stack;
  for (const Token& t : _tokens) {
    if (t.kind == Token::Kind::Number) {
      stack.push_back(t.value);
      continue;
    }
    if (t.kind == Token::Kind::Variable) {
      stack.push_back(lookup(t.name).value_or(fromDouble(std::nan(""))));
      continue;
    }
    const Value b = stack.back();
    stack.pop_back();
    if (t.arity == 1) {
      const double x = b.asDouble();
      const std::string& f = t.name;
      Value r;
      if (f == "float") r = fromDouble(x);
      else if (f == "int") r = fromLong(static_cast<long>(x));
      else if (f == "abs") r = b.isFloat ? fromDouble(std::abs(x)) : fromLong(std::labs(b.i));
      else if (f == "floor") r = fromDouble(std::floor(x));
      else if (f == "ceil") r = fromDouble(std::ceil(x));
      else if (f == "round") r = fromDouble(std::round(x));
      else if (f == "sqrt") r = fromDouble(std::sqrt(x));
      else if (f == "ln" || f == "loge") r = fromDouble(std::log(x));
      else if (f == "lb" || f == "log2") r = fromDouble(std::log2(x));
      else if (f == "lg" || f == "log10") r = fromDouble(std::log10(x));
      else if (f == "exp") r = fromDouble(std::exp(x));
      else if (f == "sin") r = fromDouble(std::sin(x));
      else if (f == "cos") r = fromDouble(std::cos(x));
      else if (f == "tan") r = fromDouble(std::tan(x));
      else if (f == "asin") r = fromDouble(std::asin(x));
      else if (f == "acos") r = fromDouble(std::acos(x));
      else r = fromDouble(std::atan(x));
      stack.push_back(r);
      continue;
    }
    const Value a = stack.back();
    stack.pop_back();
    const bool ints = !a.isFloat && !b.isFloat;
    const std::string& op = t.name;
    Value r;
    if (op == "+") r = ints ? fromLong(a.i + b.i) : fromDouble(a.asDouble() + b.asDouble());
    else if (op == "-") r = ints ? fromLong(a.i - b.i) : fromDouble(a.asDouble() - b.asDouble());
    else if (op == "*") r = ints ? fromLong(a.i * b.i) : fromDouble(a.asDouble() * b.asDouble());
    else if (op == "/") r = ints ? (b.i ? fromLong(a.i / b.i) : fromDouble(std::nan(""))) : fromDouble(a.asDouble() / b.asDouble());
    else if (op == "min") r = ints ? fromLong(std::min(a.i, b.i)) : fromDouble(std::min(a.asDouble(), b.asDouble()));
    else if (op == "max") r = ints ? fromLong(std::max(a.i, b.i)) : fromDouble(std::max(a.asDouble(), b.asDouble()));
    else if (op == "mod") r = ints ? (b.i ? fromLong(a.i % b.i) : fromDouble(std::nan(""))) : fromDouble(std::fmod(a.asDouble(), b.asDouble()));
    else r = fromDouble(std::pow(a.asDouble(), b.asDouble()));
    stack.push_back(r);
  }
  return stack.back();
}

}  // namespace mardyn
