// ReferenceCustomTerms: the energy expression of a Custom bonded force compiled over its geometric variables
// (r, theta, x/y/z), per-term parameters and global parameters, with its analytic derivatives with respect to
// the geometric variables; the Reference Custom kernels compute the geometry and apply the chain rule.
#pragma once

#include "CompiledExpression.h"
#include "CustomFunction.h"
#include "ReferenceParameterDerivatives.h"

#include <map>
#include <string>
#include <vector>

namespace OpenMM {

class ContextImpl;
class CustomForceParameters;

class ReferenceCustomTerms {
public:
  void initialize(const std::string& energy, const std::vector<std::string>& geometry,
                  const CustomForceParameters& parameters);
  /** The same with explicit names of the per-term values and of the global parameters. */
  void initialize(const std::string& energy, const std::vector<std::string>& geometry,
                  const std::vector<std::string>& termNames, const std::vector<std::string>& globalNames,
                  const CustomFunctionMap& functions = {});
  /** Sets the per-term parameter values. */
  void setTermParameters(std::vector<std::vector<double>> values) { _termValues = std::move(values); }
  /** Reads the current values of the global parameters from the Context. */
  void loadGlobals(ContextImpl& context);
  /** Energy of term `term` at the geometry values; derivatives[k] = dE/d geometry[k]. */
  double evaluate(int term, const double* geometry, double* derivatives) {
    return evaluate(geometry, _termValues[term].data(), derivatives);
  }
  /** The same with the per-term values given. */
  double evaluate(const double* geometry, const double* termValues, double* derivatives);
  int numTerms() const { return static_cast<int>(_termValues.size()); }

  /** Compiles dE/d(global) for each name (which CustomForceParameters::checkDerivativeNames has checked) and
   * zeroes their sums. Call after initialize(). */
  void setParameterDerivatives(const std::vector<std::string>& names);
  int numParameterDerivatives() const { return _parameterDerivatives.size(); }
  /** Adds scale * dE/d(global k) at the variables of the latest evaluate() to the sums. */
  void accumulateParameterDerivatives(double scale = 1.0);
  /** dE/d(global k) at the given geometry and per-term values (not added to the sums). */
  double evaluateParameterDerivative(int k, const double* geometry, const double* termValues);
  /** Adds the sums to derivatives[name] and zeroes them. */
  void flushParameterDerivatives(std::map<std::string, double>& derivatives);

private:
  int _numGeometry = 0, _numTermValues = 0;
  CompiledExpression _energy;
  std::vector<CompiledExpression> _derivatives;
  std::vector<std::string> _globalNames;
  Expression _expression;
  std::vector<std::string> _variableNames;
  ReferenceParameterDerivatives _parameterDerivatives;
  std::vector<std::vector<double>> _termValues;
  std::vector<double> _variables;
};

} // namespace OpenMM
