// ExpressionParser: reads OpenMM's expression syntax into an Expression tree: numbers, variables, + - * / ^,
// unary minus, the functions of ExpressionNode, and intermediate values defined after the main expression
// ("k*(r-r0)^2; r0=a+b; a=0.1").
#pragma once

#include "ExpressionNode.h"

#include <string>

namespace OpenMM {

class ExpressionParser {
public:
  /** Parses text; throws OpenMMException naming the position of a syntax error. */
  static Expression parse(const std::string& text);
  /** The same where the named functions may be called (they take precedence over built-in ones). */
  static Expression parse(const std::string& text, const CustomFunctionMap& functions);
};

} // namespace OpenMM
