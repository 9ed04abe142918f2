// ReferenceParameterDerivatives: the derivatives of a Custom force's energy expression with respect to the global
// parameters it requests (addEnergyParameterDerivative), compiled over the same variables as the energy, and their
// running sums over the force's terms during one evaluation.
#pragma once

#include "CompiledExpression.h"

#include <map>
#include <string>
#include <vector>

namespace OpenMM {

class ReferenceParameterDerivatives {
public:
  /** Differentiates expression by each of names (global parameters among variables) and zeroes the sums. */
  void initialize(const Expression& expression, const std::vector<std::string>& variables,
                  const std::vector<std::string>& names) {
    _names = names;
    _programs.clear();
    for (const auto& name : names)
      _programs.emplace_back(differentiate(expression, name), variables);
    _sums.assign(names.size(), 0.0);
  }
  int size() const { return static_cast<int>(_programs.size()); }
  const std::vector<std::string>& names() const { return _names; }
  /** dE/d(names[k]) at the variable values. */
  double evaluate(int k, const double* variables) const { return _programs[k].evaluate(variables); }
  /** Adds scale * dE/d(names[k]) at the variable values to each sum. */
  void accumulate(const double* variables, double scale) {
    for (size_t k = 0; k < _programs.size(); k++)
      _sums[k] += scale * _programs[k].evaluate(variables);
  }
  /** Adds the sums to derivatives[name] and zeroes them. */
  void flush(std::map<std::string, double>& derivatives) {
    for (size_t k = 0; k < _names.size(); k++) {
      derivatives[_names[k]] += _sums[k];
      _sums[k] = 0.0;
    }
  }

private:
  std::vector<std::string> _names;
  std::vector<CompiledExpression> _programs;
  std::vector<double> _sums;
};

} // namespace OpenMM
