// ComputeCustomTerms: the device side of one Custom force's expression: its per-term parameters and global
// parameters in device arrays, its tabulated functions, and the code (ComputeExpressionWriter) computing the energy,
// its derivatives by the force's geometric variables and its energy-parameter derivatives. The force kernels of
// the Custom forces inject that code into the bonded or the nonbonded utility and refresh the globals before each
// evaluation.
#pragma once

#include "ComputeExpressionWriter.h"
#include "ComputeKernelArgument.h"
#include "ComputeTabulatedFunctions.h"

#include "ExpressionNode.h"

#include "compute/PrecisionArray.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace OpenMM {

class ComputePlatformData;
class ContextImpl;
class CustomForceParameters;
class TabulatedFunction;

class ComputeCustomTerms {
public:
  /** prefix: unique per force. variables: the expression's geometric (and other computed) variables -> the device
   * code of their values; perTerm: the names of the per-term values read from the parameter table (with
   * `termCount` terms). */
  ComputeCustomTerms(ComputePlatformData& data, std::string prefix, const std::string& energy,
                     std::map<std::string, std::string> variables, const std::vector<std::string>& perTerm,
                     std::size_t termCount, const CustomForceParameters& parameters,
                     const std::vector<std::string>& functionNames = {},
                     const std::vector<const TabulatedFunction*>& functions = {});
  /** The same for an energy parsed already (its tabulated functions among functionNames); `extraFunctions` are
   * further functions the device code calls by name (their macros come from the caller). */
  ComputeCustomTerms(ComputePlatformData& data, std::string prefix, Expression energy, const std::string& text,
                     std::map<std::string, std::string> variables, const std::vector<std::string>& perTerm,
                     std::size_t termCount, const CustomForceParameters& parameters,
                     const std::vector<std::string>& functionNames, const std::vector<const TabulatedFunction*>& functions,
                     std::map<std::string, ComputeExpressionWriter::Function> extraFunctions);
  /** The code defining `energyName` (the energy) and, for each name in `derivatives`, `<prefix>d_<name>`, dE/d that
   * variable; then adding the energy-parameter derivatives to derivs[k] (scaled by `derivativeScale`, code). */
  std::string code(const std::string& energyName, const std::vector<std::string>& derivatives,
                   const std::string& derivativeScale = "");
  /** The name of dE/d(variable) in code() (characters that are not letters or digits become '_'). */
  std::string derivative(const std::string& variable) const;
  /** The per-term table (index * perTerm + j), the globals and the tabulated functions as kernel arguments (the
   * code reads them as <prefix>params, <prefix>globals, ...). */
  std::vector<ComputeKernelArgument> arguments();
  /** New per-term values (one vector per term). */
  void setTermValues(const std::vector<std::vector<double>>& values);
  /** Uploads the Context's values of the globals when they changed. */
  void loadGlobals(const ContextImpl& context);
  /** The parsed energy expression. */
  const Expression& expression() const { return _expression; }
  ComputeTabulatedFunctions* tabulated() { return _tabulated.get(); }

private:
  /** Throws, as the Reference platform does, where the expression reads a variable it does not know. */
  void checkVariables(const Expression& expression, const std::string& text) const;

  ComputePlatformData& _data;
  std::string _prefix;
  Expression _expression;
  std::map<std::string, std::string> _variables;
  std::vector<std::string> _globalNames, _derivativeNames;
  std::vector<double> _globalValues;
  std::size_t _perTerm = 0;
  std::unique_ptr<ComputeTabulatedFunctions> _tabulated;
  std::map<std::string, ComputeExpressionWriter::Function> _extraFunctions;
  mardyn::compute::PrecisionArray _params, _globals;
};

} // namespace OpenMM
