// ComputeExpressionWriter: device code for expressions of the expression engine (the Custom forces' energies and
// their derivatives): one `const real` temporary per distinct subexpression, shared between all expressions
// written by one writer, the variables replaced by the device code that holds them, the tabulated functions
// called through ComputeTabulatedFunctions.
#pragma once

#include "ExpressionNode.h"

#include <map>
#include <string>
#include <vector>

namespace OpenMM {

class ComputeExpressionWriter {
public:
  /** How device code calls a function of the expressions (a tabulated function): `call` is the name of a device
   * function taking the arguments and then one derivative order per argument. */
  struct Function {
    std::string call;
  };
  /** variables: expression name -> device code of its value; prefix: of the temporaries (unique per writer). */
  ComputeExpressionWriter(std::map<std::string, std::string> variables, std::string prefix,
                          std::map<std::string, Function> functions = {});
  /** Code that computes the expression (and what it needs that is not computed yet); returns the device code of
   * its value (a temporary or a constant). */
  std::string write(const Expression& expression, std::string& code);
  /** A constant as device code of type `real`. */
  static std::string constant(double value);

private:
  std::string node(const Expression& expression, std::string& code);
  std::string power(const std::string& base, const Expression& exponent, std::string& code);

  std::map<std::string, std::string> _variables;
  std::string _prefix;
  std::map<std::string, Function> _functions;
  std::map<std::string, std::string> _written;  ///< subexpression text -> its temporary
  int _count = 0;
};

} // namespace OpenMM
