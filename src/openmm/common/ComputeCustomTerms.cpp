// ComputeCustomTerms: the expression's variables on the device and the code of its energy and derivatives.
#include "ComputeCustomTerms.h"

#include "ComputeExpressionWriter.h"
#include "ComputePlatformData.h"
#include "ExpressionParser.h"
#include "TabulatedFunctionEvaluator.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/internal/CustomForceParameters.h"

#include <cctype>

namespace OpenMM {

using mardyn::compute::PrecisionArray;

void ComputeCustomTerms::checkVariables(const Expression& expression, const std::string& text) const {
  if (expression->getOperation() == ExpressionNode::Variable && _variables.count(expression->getName()) == 0)
    throw OpenMMException("Unknown variable '" + expression->getName() + "' in expression " + text);
  for (const auto& child : expression->getChildren()) checkVariables(child, text);
}

ComputeCustomTerms::ComputeCustomTerms(ComputePlatformData& data, std::string prefix, const std::string& energy,
                                       std::map<std::string, std::string> variables,
                                       const std::vector<std::string>& perTerm, std::size_t termCount,
                                       const CustomForceParameters& parameters,
                                       const std::vector<std::string>& functionNames,
                                       const std::vector<const TabulatedFunction*>& functions)
    : ComputeCustomTerms(data, std::move(prefix),
                         ExpressionParser::parse(energy, createTabulatedFunctionEvaluators(functionNames, functions)),
                         energy, std::move(variables), perTerm, termCount, parameters, functionNames, functions, {}) {}

ComputeCustomTerms::ComputeCustomTerms(ComputePlatformData& data, std::string prefix, Expression energy,
                                       const std::string& text, std::map<std::string, std::string> variables,
                                       const std::vector<std::string>& perTerm, std::size_t termCount,
                                       const CustomForceParameters& parameters,
                                       const std::vector<std::string>& functionNames,
                                       const std::vector<const TabulatedFunction*>& functions,
                                       std::map<std::string, ComputeExpressionWriter::Function> extraFunctions)
    : _data(data), _prefix(std::move(prefix)), _expression(std::move(energy)), _variables(std::move(variables)),
      _perTerm(perTerm.size()), _extraFunctions(std::move(extraFunctions)) {
  if (!functionNames.empty())
    _tabulated = std::make_unique<ComputeTabulatedFunctions>(data, _prefix, functionNames, functions);
  for (std::size_t j = 0; j < perTerm.size(); j++)
    _variables[perTerm[j]] = _prefix + "params[index * " + std::to_string(perTerm.size()) + " + " + std::to_string(j) + "]";
  for (const auto& global : parameters.globals()) {
    _variables[global.first] = _prefix + "globals[" + std::to_string(_globalNames.size()) + "]";
    _globalNames.push_back(global.first);
  }
  checkVariables(_expression, text);
  parameters.checkDerivativeNames();
  _derivativeNames = parameters.derivativeNames();
  for (const auto& name : _derivativeNames) data.energyDerivativeIndex(name);
  _params = PrecisionArray(data.context(), PrecisionArray::Kind::Real, 1, std::max<std::size_t>(1, termCount * _perTerm),
                           _prefix + "params");
  _globals = PrecisionArray(data.context(), PrecisionArray::Kind::Real, 1, std::max<std::size_t>(1, _globalNames.size()),
                            _prefix + "globals");
  for (const auto& global : parameters.globals()) _globalValues.push_back(global.second);
  std::vector<double> globals(_globals.size(), 0.0);
  for (std::size_t j = 0; j < _globalValues.size(); j++) globals[j] = _globalValues[j];
  _globals.upload(globals);
}

std::string ComputeCustomTerms::derivative(const std::string& variable) const {
  std::string name = _prefix + "d_" + variable;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
  return name;
}

std::string ComputeCustomTerms::code(const std::string& energyName, const std::vector<std::string>& derivatives,
                                     const std::string& derivativeScale) {
  auto functions = _tabulated ? _tabulated->functions() : std::map<std::string, ComputeExpressionWriter::Function>{};
  functions.insert(_extraFunctions.begin(), _extraFunctions.end());
  ComputeExpressionWriter writer(_variables, _prefix + "t", functions);
  std::string code = _tabulated ? _tabulated->macros() : "";
  const std::string energy = writer.write(_expression, code);
  code += "const real " + energyName + " = " + energy + ";\n";
  for (const auto& variable : derivatives) {
    const std::string value = writer.write(differentiate(_expression, variable), code);
    code += "const real " + derivative(variable) + " = " + value + ";\n";
  }
  for (const auto& name : _derivativeNames) {
    const std::string value = writer.write(differentiate(_expression, name), code);
    code += "derivs[" + std::to_string(_data.energyDerivativeIndex(name)) + "] += " +
            (derivativeScale.empty() ? "" : derivativeScale + " * ") + value + ";\n";
  }
  return code;
}

std::vector<ComputeKernelArgument> ComputeCustomTerms::arguments() {
  std::vector<ComputeKernelArgument> list{{_prefix + "params", "const real", &_params.array()},
                                          {_prefix + "globals", "const real", &_globals.array()}};
  if (_tabulated)
    for (const auto& a : _tabulated->arguments()) list.push_back(a);
  return list;
}

void ComputeCustomTerms::setTermValues(const std::vector<std::vector<double>>& values) {
  if (_perTerm == 0) return;
  std::vector<double> flat;
  for (const auto& v : values) flat.insert(flat.end(), v.begin(), v.end());
  if (flat.size() != _params.size())
    throw OpenMMException("updateParametersInContext(): the number of terms cannot change on the " +
                          _data.platformName() + " platform");
  _params.upload(flat);
}

void ComputeCustomTerms::loadGlobals(const ContextImpl& context) {
  bool changed = false;
  for (std::size_t j = 0; j < _globalNames.size(); j++) {
    const double value = context.getParameter(_globalNames[j]);
    if (value != _globalValues[j]) {
      _globalValues[j] = value;
      changed = true;
    }
  }
  if (!changed) return;
  std::vector<double> globals(_globals.size(), 0.0);
  for (std::size_t j = 0; j < _globalValues.size(); j++) globals[j] = _globalValues[j];
  _globals.upload(globals);
}

} // namespace OpenMM
