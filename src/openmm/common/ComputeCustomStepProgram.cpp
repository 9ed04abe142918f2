// ComputeCustomStepProgram: the checks of a CustomIntegrator's program (the Reference platform's messages) and the
// device code of its per-DOF expressions.
#include "ComputeCustomStepProgram.h"

#include "ExpressionParser.h"
#include "TabulatedFunctionEvaluator.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/CustomIntegratorSteps.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace OpenMM {

namespace {

using CustomIntegratorSteps::kF;
using CustomIntegratorSteps::kForceGroup;
using CustomIntegratorSteps::kM;
using CustomIntegratorSteps::kV;
using CustomIntegratorSteps::kX;

void collect(const Expression& e, std::set<std::string>& names) {
  if (e->getOperation() == ExpressionNode::Variable)
    names.insert(e->getName());
  for (const auto& child : e->getChildren())
    collect(child, names);
}

/** `code` with the word `from` replaced by `to` (the writer's `real` temporaries computed in `mixed`). */
std::string replaceWord(const std::string& code, const std::string& from, const std::string& to) {
  std::string out;
  auto isName = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (std::size_t i = 0; i < code.size();) {
    if (code.compare(i, from.size(), from) == 0 && (i == 0 || !isName(code[i - 1])) &&
        (i + from.size() == code.size() || !isName(code[i + from.size()]))) {
      out += to;
      i += from.size();
    } else {
      out += code[i++];
    }
  }
  return out;
}

} // namespace

ComputeCustomStepProgram::ComputeCustomStepProgram(
    const CustomIntegrator& integrator, std::map<std::string, ComputeExpressionWriter::Function> deviceFunctions)
    : _deviceFunctions(std::move(deviceFunctions)) {
  _functions = createTabulatedFunctionEvaluators(integrator.tabulatedFunctions().names(),
                                                 integrator.tabulatedFunctions().functions());
  _variables = CustomIntegratorSteps::variables(integrator);
  _numGlobals = integrator.getNumGlobalVariables();
  _numPerDof = integrator.getNumPerDofVariables();
  for (const CustomIntegratorStep& resolved : CustomIntegratorSteps::resolve(integrator)) {
    Step step;
    step.type = resolved.type;
    step.target = resolved.target;
    step.comparison = resolved.comparison;
    step.blockStart = resolved.blockStart;
    step.blockEnd = resolved.blockEnd;
    switch (step.type) {
    case CustomIntegrator::ComputeGlobal:
      step.host = compileHost(resolved.expression, resolved.where);
      break;
    case CustomIntegrator::ComputeSum:
    case CustomIntegrator::ComputePerDof:
      step.device = compileDevice(resolved.expression, resolved.where, false);
      break;
    case CustomIntegrator::IfBlockStart:
    case CustomIntegrator::WhileBlockStart:
      step.host = compileHost(resolved.expression, resolved.where);
      step.right = compileHost(resolved.right, resolved.where);
      break;
    default:
      break;
    }
    _steps.push_back(std::move(step));
  }
  _kinetic = compileDevice(integrator.getKineticEnergyExpression(), "the kinetic energy expression", true);
}

Expression ComputeCustomStepProgram::parse(const std::string& text, bool perDof, const std::string& where) const {
  Expression e = ExpressionParser::parse(text, _functions);
  std::set<std::string> names;
  collect(e, names);
  for (const auto& name : names) {
    const auto it = std::find(_variables.begin(), _variables.end(), name);
    if (it == _variables.end())
      throw OpenMMException("CustomIntegrator: " + where + ": unknown variable '" + name + "' in '" + text + "'");
    const int index = static_cast<int>(it - _variables.begin());
    const bool dofOnly = index == kX || index == kV || index == kF || index == kM ||
                         (index >= kForceGroup && index < kEnergyGroup) || index >= kFirstGlobal + _numGlobals;
    if (dofOnly && !perDof)
      throw OpenMMException("CustomIntegrator: " + where + ": the global expression '" + text +
                            "' uses the per-DOF quantity '" + name + "'");
  }
  return e;
}

ComputeCustomStepProgram::HostExpression ComputeCustomStepProgram::compileHost(const std::string& text,
                                                                               const std::string& where) const {
  HostExpression h;
  Expression e = parse(text, false, where);
  std::set<std::string> names;
  collect(e, names);
  for (const auto& name : names) {
    const int index = static_cast<int>(std::find(_variables.begin(), _variables.end(), name) - _variables.begin());
    if (index == kEnergy || (index >= kEnergyGroup && index < kFirstGlobal)) {
      h.energySymbols.push_back(index == kEnergy ? kIntegrationGroups : index - kEnergyGroup);
      h.energySlots.push_back(index);
    }
    h.uniform |= index == kUniform;
    h.gaussian |= index == kGaussian;
  }
  h.program = CompiledExpression(e, _variables);
  return h;
}

ComputeCustomStepProgram::DeviceExpression
ComputeCustomStepProgram::compileDevice(const std::string& text, const std::string& where, bool kinetic) {
  DeviceExpression d;
  Expression e = parse(text, true, where);
  std::set<std::string> names;
  collect(e, names);
  for (const auto& name : names) {
    const int index = static_cast<int>(std::find(_variables.begin(), _variables.end(), name) - _variables.begin());
    const bool force = index == kF || (index >= kForceGroup && index < kEnergyGroup);
    const bool energy = index == kEnergy || (index >= kEnergyGroup && index < kFirstGlobal);
    if (kinetic && (energy || index == kUniform || index == kGaussian || (force && index != kF)))
      throw OpenMMException("CustomIntegrator: the kinetic energy expression may use x, v, f, m, dt and the "
                            "integrator's variables only");
    if (force && !kinetic) {
      const int symbol = index == kF ? kIntegrationGroups : index - kForceGroup;
      d.forceSymbols.push_back(symbol);
      if (std::find(_forceSymbols.begin(), _forceSymbols.end(), symbol) == _forceSymbols.end())
        _forceSymbols.push_back(symbol);
    }
    if (energy) {
      const int symbol = index == kEnergy ? kIntegrationGroups : index - kEnergyGroup;
      d.energySymbols.push_back(symbol);
      if (std::find(_energySymbols.begin(), _energySymbols.end(), symbol) == _energySymbols.end())
        _energySymbols.push_back(symbol);
    }
    d.random |= index == kUniform || index == kGaussian;
  }
  d.which = static_cast<int>(_deviceExpressions.size());
  _deviceExpressions.push_back(e);
  _deviceIsKinetic.push_back(kinetic);
  return d;
}

int ComputeCustomStepProgram::slot(const std::vector<int>& symbols, int symbol) const {
  return static_cast<int>(std::find(symbols.begin(), symbols.end(), symbol) - symbols.begin());
}

std::string
ComputeCustomStepProgram::deviceSource(const std::string& macros,
                                       const std::vector<std::pair<std::string, std::string>>& arguments) const {
  std::string args, names;
  for (const auto& [type, name] : arguments) {
    args += ", GLOBAL " + type + "* RESTRICT " + name;
    names += ", " + name;
  }
  std::string source = "#define CUSTOM_STEP_GENERATED 1\n#define CUSTOM_STEP_ARGS " + args +
                       "\n#define CUSTOM_STEP_NAMES " + names + "\n" + macros +
                       "DEVICE mixed customDofValue(int which, mixed x, mixed v, mixed f, mixed m, int atom, int d, "
                       "int dof, mm_ulong seed, mm_ulong counter, GLOBAL const mixed* RESTRICT globals, GLOBAL const "
                       "mixed* RESTRICT perDof, GLOBAL const mixed* RESTRICT forceCache CUSTOM_STEP_ARGS) {\n"
                       "  switch (which) {\n";
  const std::string dofs = " * 3 * NUM_ATOMS + dof]";
  for (std::size_t w = 0; w < _deviceExpressions.size(); w++) {
    std::map<std::string, std::string> variables{{"x", "x"},
                                                 {"v", "v"},
                                                 {"m", "m"},
                                                 {"dt", "globals[0]"},
                                                 {"uniform", "uniformValue"},
                                                 {"gaussian", "gaussianValue"}};
    variables["f"] =
        _deviceIsKinetic[w] ? "f" : "forceCache[" + std::to_string(slot(_forceSymbols, kIntegrationGroups)) + dofs;
    for (int g = 0; g < 32; g++) {
      variables["f" + std::to_string(g)] = "forceCache[" + std::to_string(slot(_forceSymbols, g)) + dofs;
      variables["energy" + std::to_string(g)] =
          "globals[" + std::to_string(1 + _numGlobals + slot(_energySymbols, g)) + "]";
    }
    variables["energy"] = "globals[" + std::to_string(1 + _numGlobals + slot(_energySymbols, kIntegrationGroups)) + "]";
    for (int g = 0; g < _numGlobals; g++)
      variables[_variables[static_cast<std::size_t>(kFirstGlobal + g)]] = "globals[" + std::to_string(1 + g) + "]";
    for (int p = 0; p < _numPerDof; p++)
      variables[_variables[static_cast<std::size_t>(kFirstGlobal + _numGlobals + p)]] =
          "perDof[" + std::to_string(p) + dofs;
    std::set<std::string> used;
    collect(_deviceExpressions[w], used);
    std::string code;
    // Independent numbers for each DOF and draw: uniform on streams 6..8, gaussian on 0..5.
    if (used.count("uniform"))
      code += "const mixed uniformValue = randomUniform(seed, counter, atom, 6 + d);\n";
    if (used.count("gaussian"))
      code += "const mixed gaussianValue = randomGaussian(seed, counter, atom, d);\n";
    ComputeExpressionWriter writer(variables, "cs" + std::to_string(w) + "_", _deviceFunctions);
    std::string computed;
    const std::string value = writer.write(_deviceExpressions[w], computed);
    code += replaceWord(computed, "real", "mixed");
    source += "  case " + std::to_string(w) + ": {\n" + code + "return (mixed) (" +
              replaceWord(value, "real", "mixed") + ");\n  }\n";
  }
  source += "  }\n  return 0;\n}\n";
  return source;
}

} // namespace OpenMM
