// ReferenceCustomTerms: parses the energy once, differentiates it symbolically by each geometric variable and
// evaluates the compiled programs term by term.
#include "ReferenceCustomTerms.h"

#include "ExpressionParser.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/internal/CustomForceParameters.h"

#include <algorithm>

namespace OpenMM {

void ReferenceCustomTerms::initialize(const std::string& energy, const std::vector<std::string>& geometry,
                                      const CustomForceParameters& parameters) {
  std::vector<std::string> globals;
  for (const auto& global : parameters.globals())
    globals.push_back(global.first);
  initialize(energy, geometry, parameters.perTermNames(), globals);
}

void ReferenceCustomTerms::initialize(const std::string& energy, const std::vector<std::string>& geometry,
                                      const std::vector<std::string>& termNames,
                                      const std::vector<std::string>& globalNames,
                                      const CustomFunctionMap& functions) {
  std::vector<std::string> names = geometry;
  names.insert(names.end(), termNames.begin(), termNames.end());
  names.insert(names.end(), globalNames.begin(), globalNames.end());
  _globalNames = globalNames;
  Expression expression = ExpressionParser::parse(energy, functions);
  _numGeometry = static_cast<int>(geometry.size());
  _numTermValues = static_cast<int>(termNames.size());
  _energy = CompiledExpression(expression, names);
  _expression = expression;
  _variableNames = names;
  _parameterDerivatives.initialize(expression, names, {});
  _derivatives.clear();
  for (const auto& variable : geometry)
    _derivatives.emplace_back(differentiate(expression, variable), names);
  _variables.assign(names.size(), 0.0);
}

void ReferenceCustomTerms::loadGlobals(ContextImpl& context) {
  size_t offset = _variables.size() - _globalNames.size();
  for (size_t i = 0; i < _globalNames.size(); i++)
    _variables[offset + i] = context.getParameter(_globalNames[i]);
}

double ReferenceCustomTerms::evaluate(const double* geometry, const double* termValues, double* derivatives) {
  std::copy(geometry, geometry + _numGeometry, _variables.begin());
  std::copy(termValues, termValues + _numTermValues, _variables.begin() + _numGeometry);
  for (int k = 0; k < _numGeometry; k++)
    derivatives[k] = _derivatives[k].evaluate(_variables.data());
  return _energy.evaluate(_variables.data());
}

void ReferenceCustomTerms::setParameterDerivatives(const std::vector<std::string>& names) {
  _parameterDerivatives.initialize(_expression, _variableNames, names);
}

void ReferenceCustomTerms::accumulateParameterDerivatives(double scale) {
  _parameterDerivatives.accumulate(_variables.data(), scale);
}

double ReferenceCustomTerms::evaluateParameterDerivative(int k, const double* geometry, const double* termValues) {
  std::copy(geometry, geometry + _numGeometry, _variables.begin());
  std::copy(termValues, termValues + _numTermValues, _variables.begin() + _numGeometry);
  return _parameterDerivatives.evaluate(k, _variables.data());
}

void ReferenceCustomTerms::flushParameterDerivatives(std::map<std::string, double>& derivatives) {
  _parameterDerivatives.flush(derivatives);
}

} // namespace OpenMM
