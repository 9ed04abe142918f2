// ExpressionParser: a recursive-descent parser (sum > product > unary minus > power > primary), with the
// definitions after ';' substituted for their names (each definition may use those that follow it).
#include "ExpressionParser.h"

#include "openmm/OpenMMException.h"

#include <cctype>
#include <cstdlib>
#include <map>
#include <set>
#include <vector>

namespace OpenMM {

namespace {

using Op = ExpressionNode::Operation;

class Parser {
public:
  Parser(const std::string& text, const std::string& whole, const std::map<std::string, Expression>& definitions,
         const CustomFunctionMap& functions)
      : _text(text), _whole(whole), _definitions(definitions), _functions(functions) {}

  Expression parseAll() {
    Expression e = parseSum();
    skipSpace();
    if (_pos != _text.size())
      fail("unexpected '" + std::string(1, _text[_pos]) + "'");
    return e;
  }

private:
  [[noreturn]] void fail(const std::string& what) const {
    throw OpenMMException("Parse error in expression \"" + _whole + "\": " + what + " at position " +
                          std::to_string(_pos) + " of \"" + _text + "\"");
  }
  void skipSpace() {
    while (_pos < _text.size() && std::isspace(static_cast<unsigned char>(_text[_pos])))
      _pos++;
  }
  bool accept(char c) {
    skipSpace();
    if (_pos < _text.size() && _text[_pos] == c) {
      _pos++;
      return true;
    }
    return false;
  }
  Expression parseSum() {
    Expression e = parseProduct();
    while (true) {
      if (accept('+'))
        e = makeNode(Op::Add, {e, parseProduct()});
      else if (accept('-'))
        e = makeNode(Op::Subtract, {e, parseProduct()});
      else
        return e;
    }
  }
  Expression parseProduct() {
    Expression e = parseUnary();
    while (true) {
      if (accept('*'))
        e = makeNode(Op::Multiply, {e, parseUnary()});
      else if (accept('/'))
        e = makeNode(Op::Divide, {e, parseUnary()});
      else
        return e;
    }
  }
  Expression parseUnary() {
    if (accept('-'))
      return makeNode(Op::Negate, {parseUnary()});
    if (accept('+'))
      return parseUnary();
    return parsePower();
  }
  Expression parsePower() {
    Expression base = parsePrimary();
    if (accept('^'))
      return makeNode(Op::Power, {base, parseUnary()}); // right-associative; binds tighter than unary minus
    return base;
  }
  Expression parsePrimary() {
    skipSpace();
    if (_pos >= _text.size())
      fail("unexpected end");
    char c = _text[_pos];
    if (accept('(')) {
      Expression e = parseSum();
      if (!accept(')'))
        fail("missing ')'");
      return e;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
      const char* start = _text.c_str() + _pos;
      char* end = nullptr;
      double value = std::strtod(start, &end);
      if (end == start)
        fail("bad number");
      _pos += end - start;
      return makeConstant(value);
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t start = _pos;
      while (_pos < _text.size() && (std::isalnum(static_cast<unsigned char>(_text[_pos])) || _text[_pos] == '_'))
        _pos++;
      std::string name = _text.substr(start, _pos - start);
      if (accept('(')) {
        Op op = Op::Custom;
        int numArgs;
        auto custom = _functions.find(name);
        if (custom != _functions.end())
          numArgs = custom->second->getNumArguments();
        else if (!ExpressionNode::lookupFunction(name, op, numArgs))
          fail("unknown function '" + name + "'");
        std::vector<Expression> args;
        if (!accept(')')) {
          do
            args.push_back(parseSum());
          while (accept(','));
          if (!accept(')'))
            fail("missing ')' after the arguments of " + name);
        }
        if (static_cast<int>(args.size()) != numArgs)
          fail("function " + name + " takes " + std::to_string(numArgs) + " arguments, got " +
               std::to_string(args.size()));
        if (op == Op::Custom) {
          std::vector<int> order(args.size(), 0);
          return makeCustomNode(name, custom->second, std::move(order), std::move(args));
        }
        return makeNode(op, std::move(args));
      }
      auto definition = _definitions.find(name);
      if (definition != _definitions.end())
        return definition->second;
      return makeVariable(name);
    }
    fail("unexpected '" + std::string(1, c) + "'");
  }

  const std::string& _text;
  const std::string& _whole;
  const std::map<std::string, Expression>& _definitions;
  const CustomFunctionMap& _functions;
  size_t _pos = 0;
};

} // namespace

Expression ExpressionParser::parse(const std::string& text) { return parse(text, CustomFunctionMap()); }

Expression ExpressionParser::parse(const std::string& text, const CustomFunctionMap& functions) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    size_t end = text.find(';', start);
    parts.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos)
      break;
    start = end + 1;
  }
  // Definitions are parsed last to first, so each may use the ones after it.
  std::map<std::string, Expression> definitions;
  for (size_t i = parts.size(); i-- > 1;) {
    const std::string& part = parts[i];
    if (part.find_first_not_of(" \t\r\n") == std::string::npos)
      continue;
    size_t eq = part.find('=');
    if (eq == std::string::npos)
      throw OpenMMException("Parse error in expression \"" + text + "\": \"" + part +
                            "\" after ';' is not a definition name=value");
    std::string name = part.substr(0, eq);
    name.erase(0, name.find_first_not_of(" \t\r\n"));
    name.erase(name.find_last_not_of(" \t\r\n") + 1);
    std::string value = part.substr(eq + 1);
    definitions[name] = Parser(value, text, definitions, functions).parseAll();
  }
  return Parser(parts[0], text, definitions, functions).parseAll();
}

} // namespace OpenMM
