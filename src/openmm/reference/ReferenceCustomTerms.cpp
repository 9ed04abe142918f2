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
  std::vector<std::string> names = geometry;
  names.insert(names.end(), parameters.perTermNames().begin(), parameters.perTermNames().end());
  _globalNames.clear();
  for (const auto& global : parameters.globals()) {
    names.push_back(global.first);
    _globalNames.push_back(global.first);
  }
  Expression expression = ExpressionParser::parse(energy);
  _numGeometry = static_cast<int>(geometry.size());
  _energy = CompiledExpression(expression, names);
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

double ReferenceCustomTerms::evaluate(int term, const double* geometry, double* derivatives) {
  std::copy(geometry, geometry + _numGeometry, _variables.begin());
  std::copy(_termValues[term].begin(), _termValues[term].end(), _variables.begin() + _numGeometry);
  for (int k = 0; k < _numGeometry; k++)
    derivatives[k] = _derivatives[k].evaluate(_variables.data());
  return _energy.evaluate(_variables.data());
}

} // namespace OpenMM
