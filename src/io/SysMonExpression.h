// SysMonExpression: ls1-mardyn's system-monitor expressions: reverse Polish notation over integer and float
// values, variables "group:name" (from /proc and sysinfo), + - * / and ls1's functions.
#pragma once

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace mardyn {

class SysMonExpression {
 public:
  /// An integer or a float; integer operands give integer results (as ls1: integer division).
  struct Value {
    bool isFloat = false;
    long i = 0;
    double f = 0.0;
    double asDouble() const { return isFloat ? f : static_cast<double>(i); }
  };
  /// Parses `text`; on a problem returns nullopt and sets `error` (the token and what was expected).
  static std::optional<SysMonExpression> parse(const std::string& text, std::string& error);

  /// The value, with each variable from `lookup` (nullopt: unknown now: the result is a float NaN).
  Value evaluate(const std::function<std::optional<Value>(const std::string&)>& lookup) const;
  /// The groups of the variables it uses ("procloadavg", ...).
  const std::set<std::string>& groups() const { return _groups; }
  const std::string& text() const { return _text; }

 private:
  struct Token {
    enum class Kind { Number, Variable, Operator, Function } kind;
    Value value;
    std::string name;  ///< variable, operator or function
    int arity = 0;
  };
  std::vector<Token> _tokens;
  std::set<std::string> _groups;
  std::string _text;
};

}  // namespace mardyn
