// CustomIntegrator: variables and computations with validation (unique names, known targets, balanced blocks);
// the platform's IntegrateCustomStep kernel runs them. Time advances by dt each step.
#include "openmm/CustomIntegrator.h"

#include "ExpressionParser.h"
#include "TabulatedFunctionEvaluator.h"
#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/kernels/IntegrateCustomStepKernel.h"

#include <istream>
#include <ostream>

namespace OpenMM {

namespace {
bool reserved(const std::string& name) {
  if (name == "x" || name == "v" || name == "f" || name == "m" || name == "dt" || name == "energy" ||
      name == "uniform" || name == "gaussian")
    return true;
  for (int g = 0; g < 32; g++)
    if (name == "f" + std::to_string(g) || name == "energy" + std::to_string(g))
      return true;
  return false;
}
} // namespace

CustomIntegrator::CustomIntegrator(double stepSize) { setStepSize(stepSize); }

int CustomIntegrator::addGlobalVariable(const std::string& name, double initialValue) {
  if (_context != nullptr)
    throw OpenMMException("CustomIntegrator: variables cannot be added once it is bound to a Context");
  if (reserved(name) || globalIndex(name, nullptr) >= 0 || perDofIndex(name, nullptr) >= 0)
    throw OpenMMException("CustomIntegrator: the variable name '" + name + "' is already in use");
  _globalNames.push_back(name);
  _globalValues.push_back(initialValue);
  return getNumGlobalVariables() - 1;
}

int CustomIntegrator::addPerDofVariable(const std::string& name, double initialValue) {
  if (_context != nullptr)
    throw OpenMMException("CustomIntegrator: variables cannot be added once it is bound to a Context");
  if (reserved(name) || globalIndex(name, nullptr) >= 0 || perDofIndex(name, nullptr) >= 0)
    throw OpenMMException("CustomIntegrator: the variable name '" + name + "' is already in use");
  _perDofNames.push_back(name);
  _perDofInitial.push_back(initialValue);
  _perDofValues.emplace_back();
  return getNumPerDofVariables() - 1;
}

void CustomIntegrator::checkGlobal(int index) const {
  if (index < 0 || index >= getNumGlobalVariables())
    throw OpenMMException("CustomIntegrator: no global variable with index " + std::to_string(index));
}

void CustomIntegrator::checkPerDof(int index) const {
  if (index < 0 || index >= getNumPerDofVariables())
    throw OpenMMException("CustomIntegrator: no per-DOF variable with index " + std::to_string(index));
}

int CustomIntegrator::globalIndex(const std::string& name, const char* what) const {
  for (int i = 0; i < getNumGlobalVariables(); i++)
    if (_globalNames[i] == name)
      return i;
  if (what != nullptr)
    throw OpenMMException(std::string("CustomIntegrator::") + what + ": no global variable named '" + name + "'");
  return -1;
}

int CustomIntegrator::perDofIndex(const std::string& name, const char* what) const {
  for (int i = 0; i < getNumPerDofVariables(); i++)
    if (_perDofNames[i] == name)
      return i;
  if (what != nullptr)
    throw OpenMMException(std::string("CustomIntegrator::") + what + ": no per-DOF variable named '" + name + "'");
  return -1;
}

const std::string& CustomIntegrator::getGlobalVariableName(int index) const {
  checkGlobal(index);
  return _globalNames[index];
}

const std::string& CustomIntegrator::getPerDofVariableName(int index) const {
  checkPerDof(index);
  return _perDofNames[index];
}

double CustomIntegrator::getGlobalVariable(int index) const {
  checkGlobal(index);
  return _globalValues[index];
}

double CustomIntegrator::getGlobalVariableByName(const std::string& name) const {
  return _globalValues[globalIndex(name, "getGlobalVariableByName")];
}

void CustomIntegrator::setGlobalVariable(int index, double value) {
  checkGlobal(index);
  _globalValues[index] = value;
}

void CustomIntegrator::setGlobalVariableByName(const std::string& name, double value) {
  _globalValues[globalIndex(name, "setGlobalVariableByName")] = value;
}

void CustomIntegrator::getPerDofVariable(int index, std::vector<Vec3>& values) const {
  checkPerDof(index);
  values = _perDofValues[index];
}

void CustomIntegrator::getPerDofVariableByName(const std::string& name, std::vector<Vec3>& values) const {
  getPerDofVariable(perDofIndex(name, "getPerDofVariableByName"), values);
}

void CustomIntegrator::setPerDofVariable(int index, const std::vector<Vec3>& values) {
  checkPerDof(index);
  if (_context != nullptr && values.size() != _perDofValues[index].size())
    throw OpenMMException("CustomIntegrator::setPerDofVariable: " + std::to_string(values.size()) +
                          " values for a System of " + std::to_string(_perDofValues[index].size()) + " particles");
  _perDofValues[index] = values;
}

void CustomIntegrator::setPerDofVariableByName(const std::string& name, const std::vector<Vec3>& values) {
  setPerDofVariable(perDofIndex(name, "setPerDofVariableByName"), values);
}

int CustomIntegrator::add(ComputationType type, const std::string& variable, const std::string& expression) {
  if (_context != nullptr)
    throw OpenMMException("CustomIntegrator: computations cannot be added once it is bound to a Context");
  _computations.push_back({type, variable, expression});
  return getNumComputations() - 1;
}

int CustomIntegrator::addComputeGlobal(const std::string& variable, const std::string& expression) {
  return add(ComputeGlobal, variable, expression);
}
int CustomIntegrator::addComputePerDof(const std::string& variable, const std::string& expression) {
  return add(ComputePerDof, variable, expression);
}
int CustomIntegrator::addComputeSum(const std::string& variable, const std::string& expression) {
  return add(ComputeSum, variable, expression);
}
int CustomIntegrator::addConstrainPositions() { return add(ConstrainPositions, "", ""); }
int CustomIntegrator::addConstrainVelocities() { return add(ConstrainVelocities, "", ""); }
int CustomIntegrator::addUpdateContextState() { return add(UpdateContextState, "", ""); }
int CustomIntegrator::beginIfBlock(const std::string& condition) { return add(IfBlockStart, "", condition); }
int CustomIntegrator::beginWhileBlock(const std::string& condition) { return add(WhileBlockStart, "", condition); }
int CustomIntegrator::endBlock() { return add(BlockEnd, "", ""); }

void CustomIntegrator::getComputationStep(int index, ComputationType& type, std::string& variable,
                                          std::string& expression) const {
  if (index < 0 || index >= getNumComputations())
    throw OpenMMException("CustomIntegrator: no computation with index " + std::to_string(index));
  type = _computations[index].type;
  variable = _computations[index].variable;
  expression = _computations[index].expression;
}

void CustomIntegrator::setKineticEnergyExpression(const std::string& expression) {
  if (_context != nullptr)
    throw OpenMMException("CustomIntegrator: the kinetic energy expression cannot change once bound to a Context");
  _kineticEnergy = expression;
}

void CustomIntegrator::initialize(ContextImpl& context) {
  const size_t n = static_cast<size_t>(context.getSystem().getNumParticles());
  for (int i = 0; i < getNumPerDofVariables(); i++)
    if (_perDofValues[i].size() != n)
      _perDofValues[i].assign(n, Vec3(_perDofInitial[i], _perDofInitial[i], _perDofInitial[i]));
  _context = &context;
  _owner = &context.getOwner();
  try {
    _kernel = context.getPlatform().createKernel(IntegrateCustomStepKernel::Name(), context);
    _kernel.getAs<IntegrateCustomStepKernel>().initialize(context.getSystem(), *this);
  } catch (...) {
    cleanup();
    throw;
  }
}

void CustomIntegrator::cleanup() {
  _kernel = Kernel();
  Integrator::cleanup();
}

std::vector<std::string> CustomIntegrator::getKernelNames() { return {IntegrateCustomStepKernel::Name()}; }

double CustomIntegrator::computeKineticEnergy() {
  return _kernel.getAs<IntegrateCustomStepKernel>().computeKineticEnergy(boundContext("CustomIntegrator"), *this);
}


bool CustomIntegrator::kineticEnergyRequiresForce() const {
  return usesVariable(ExpressionParser::parse(_kineticEnergy, createTabulatedFunctionEvaluators(
                                                                 _functions.names(), _functions.functions())),
                      "f");
}

void CustomIntegrator::step(int steps) {
  ContextImpl& context = boundContext("CustomIntegrator");
  for (int i = 0; i < steps; i++)
    _kernel.getAs<IntegrateCustomStepKernel>().execute(context, *this);
}

void CustomIntegrator::createCheckpoint(std::ostream& stream) const {
  auto put = [&](double value) { stream.write(reinterpret_cast<const char*>(&value), sizeof(value)); };
  put(static_cast<double>(_globalValues.size()));
  for (double value : _globalValues)
    put(value);
  for (const auto& values : _perDofValues) {
    put(static_cast<double>(values.size()));
    for (const Vec3& v : values)
      for (int d = 0; d < 3; d++)
        put(v[d]);
  }
}

void CustomIntegrator::loadCheckpoint(std::istream& stream) {
  auto get = [&]() {
    double value = 0.0;
    stream.read(reinterpret_cast<char*>(&value), sizeof(value));
    if (!stream)
      throw OpenMMException("CustomIntegrator: the checkpoint is truncated");
    return value;
  };
  if (get() != static_cast<double>(_globalValues.size()))
    throw OpenMMException("CustomIntegrator: the checkpoint holds other global variables than this integrator");
  for (double& value : _globalValues)
    value = get();
  for (auto& values : _perDofValues) {
    if (get() != static_cast<double>(values.size()))
      throw OpenMMException("CustomIntegrator: the checkpoint holds per-DOF variables of another System");
    for (Vec3& v : values)
      for (int d = 0; d < 3; d++)
        v[d] = get();
  }
}

} // namespace OpenMM
