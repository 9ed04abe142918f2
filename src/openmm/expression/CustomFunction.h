// CustomFunction: a function of N arguments supplied from outside the expression syntax (the tabulated
// functions of the Custom forces), with its partial derivatives of any order, callable by name in expressions.
#pragma once

#include <map>
#include <memory>
#include <string>

namespace OpenMM {

class CustomFunction {
public:
  virtual ~CustomFunction() = default;
  virtual int getNumArguments() const = 0;
  /** The value (all derivOrder zero) or the partial derivative of order derivOrder[i] in argument i. */
  virtual double evaluate(const double* arguments, const int* derivOrder) const = 0;
};

/** Functions by the name under which expressions call them. */
using CustomFunctionMap = std::map<std::string, std::shared_ptr<const CustomFunction>>;

} // namespace OpenMM
