// ReferenceIntegrateCustomStepKernel: expressions compiled over one variable table (x v f m dt energy uniform
// gaussian f0..f31 energy0..energy31, then the globals, then the per-DOF variables; the integrator's tabulated
// functions callable by name); per-DOF computations run
// over the 3N degrees of freedom (particles without mass keep their positions and velocities); blocks jump to their
// matching end; constraints correct along the positions at the start of the step.
#include "ReferenceIntegrateCustomStepKernel.h"

#include "ExpressionParser.h"
#include "ReferenceIntegrationUtilities.h"
#include "ReferencePlatform.h"
#include "TabulatedFunctionEvaluator.h"
#include "openmm/OpenMMException.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/internal/CustomIntegratorSteps.h"

#include <algorithm>
#include <set>

namespace OpenMM {

using namespace CustomIntegratorSteps;

namespace {
/** The integrator's integration force groups, resolved when the value is needed (no single group is mask 0). */
const int kIntegrationGroups = 0;

void collect(const Expression& e, std::set<std::string>& names) {
  if (e->getOperation() == ExpressionNode::Variable)
    names.insert(e->getName());
  for (const auto& child : e->getChildren())
    collect(child, names);
}
} // namespace

ReferenceIntegrateCustomStepKernel::Compiled
ReferenceIntegrateCustomStepKernel::compile(const std::string& text, bool perDof, const std::string& where) const {
  Compiled c;
  Expression e = ExpressionParser::parse(text, _functions);
  std::set<std::string> names;
  collect(e, names);
  for (const auto& name : names) {
    auto it = std::find(_variables.begin(), _variables.end(), name);
    if (it == _variables.end())
      throw OpenMMException("CustomIntegrator: " + where + ": unknown variable '" + name + "' in '" + text + "'");
    const int slot = static_cast<int>(it - _variables.begin());
    const bool dofOnly = slot == kX || slot == kV || slot == kF || slot == kM ||
                         (slot >= kForceGroup && slot < kEnergyGroup) || slot >= kFirstGlobal + _numGlobals;
    if (dofOnly && !perDof)
      throw OpenMMException("CustomIntegrator: " + where + ": the global expression '" + text +
                            "' uses the per-DOF quantity '" + name + "'");
    if (slot == kF || (slot >= kForceGroup && slot < kEnergyGroup)) {
      c.forceSlots.push_back(slot);
      c.forceGroups.push_back(slot == kF ? kIntegrationGroups : 1 << (slot - kForceGroup));
    }
    if (slot == kEnergy || (slot >= kEnergyGroup && slot < kFirstGlobal)) {
      c.energySlots.push_back(slot);
      c.energyGroups.push_back(slot == kEnergy ? kIntegrationGroups : 1 << (slot - kEnergyGroup));
    }
    c.uniform |= slot == kUniform;
    c.gaussian |= slot == kGaussian;
  }
  c.program = CompiledExpression(e, _variables);
  return c;
}

void ReferenceIntegrateCustomStepKernel::initialize(const System&, const CustomIntegrator& integrator) {
  _functions = createTabulatedFunctionEvaluators(integrator.tabulatedFunctions().names(),
                                                 integrator.tabulatedFunctions().functions());
  _variables = CustomIntegratorSteps::variables(integrator);
  _numGlobals = integrator.getNumGlobalVariables();
  _numPerDof = integrator.getNumPerDofVariables();
  _steps.clear();
  for (const CustomIntegratorStep& resolved : CustomIntegratorSteps::resolve(integrator)) {
    Step step;
    step.type = resolved.type;
    step.target = resolved.target;
    step.comparison = resolved.comparison;
    step.blockStart = resolved.blockStart;
    step.blockEnd = resolved.blockEnd;
    switch (step.type) {
    case CustomIntegrator::ComputeGlobal:
    case CustomIntegrator::ComputeSum:
      step.targetIsGlobal = true;
      step.expression = compile(resolved.expression, step.type == CustomIntegrator::ComputeSum, resolved.where);
      break;
    case CustomIntegrator::ComputePerDof:
      step.expression = compile(resolved.expression, true, resolved.where);
      break;
    case CustomIntegrator::IfBlockStart:
    case CustomIntegrator::WhileBlockStart:
      step.expression = compile(resolved.expression, false, resolved.where);
      step.rightSide = compile(resolved.right, false, resolved.where);
      break;
    default:
      break;
    }
    _steps.push_back(std::move(step));
  }
  _kinetic = compile(integrator.getKineticEnergyExpression(), true, "the kinetic energy expression");
  if (!_kinetic.energySlots.empty() || _kinetic.uniform || _kinetic.gaussian ||
      std::any_of(_kinetic.forceSlots.begin(), _kinetic.forceSlots.end(), [](int slot) { return slot != kF; }))
    throw OpenMMException("CustomIntegrator: the kinetic energy expression may use x, v, f, m, dt and the "
                          "integrator's variables only");
  _forces.clear();
  _energies.clear();
}

void ReferenceIntegrateCustomStepKernel::positionsChanged() {
  _forces.clear();
  _energies.clear();
}

const std::vector<Vec3>& ReferenceIntegrateCustomStepKernel::forces(ContextImpl& context, int groups) {
  auto it = _forces.find(groups);
  if (it != _forces.end())
    return it->second;
  auto& data = ReferencePlatform::getPlatformData(context);
  data.computeVirtualSites();
  _energies[groups] = context.calcForcesAndEnergy(true, true, groups);
  return _forces[groups] = data.forces;
}

double ReferenceIntegrateCustomStepKernel::energy(ContextImpl& context, int groups) {
  auto it = _energies.find(groups);
  if (it != _energies.end())
    return it->second;
  forces(context, groups);
  return _energies[groups];
}

void ReferenceIntegrateCustomStepKernel::setInputs(ContextImpl& context, const Compiled& c,
                                                   std::vector<double>& values, int particle, int dof,
                                                   ReferencePlatformData& data) {
  const int integration = _integrator->getIntegrationForceGroups();
  for (size_t k = 0; k < c.energySlots.size(); k++)
    values[c.energySlots[k]] =
        energy(context, c.energyGroups[k] == kIntegrationGroups ? integration : c.energyGroups[k]);
  if (c.uniform)
    values[kUniform] = data.random.uniform();
  if (c.gaussian)
    values[kGaussian] = data.random.gaussian();
  if (particle < 0)
    return;
  values[kX] = data.positions[particle][dof];
  values[kV] = data.velocities[particle][dof];
  values[kM] = data.masses[particle];
  for (size_t k = 0; k < c.forceSlots.size(); k++)
    values[c.forceSlots[k]] =
        forces(context, c.forceGroups[k] == kIntegrationGroups ? integration : c.forceGroups[k])[particle][dof];
  for (int p = 0; p < _numPerDof; p++)
    values[kFirstGlobal + _numGlobals + p] = _perDof[p][particle][dof];
}

double ReferenceIntegrateCustomStepKernel::evaluate(ContextImpl& context, const Compiled& c,
                                                    std::vector<double>& values, int particle, int dof,
                                                    ReferencePlatformData& data) {
  setInputs(context, c, values, particle, dof, data);
  return c.program.evaluate(values.data());
}

bool ReferenceIntegrateCustomStepKernel::condition(ContextImpl& context, const Step& step,
                                                   std::vector<double>& values, ReferencePlatformData& data) {
  const double a = evaluate(context, step.expression, values, -1, 0, data);
  const double b = evaluate(context, step.rightSide, values, -1, 0, data);
  return CustomIntegratorSteps::holds(step.comparison, a, b);
}

void ReferenceIntegrateCustomStepKernel::execute(ContextImpl& context, CustomIntegrator& integrator) {
  ReferenceIntegrationUtilities::seedRandom(context);
  auto& data = ReferencePlatform::getPlatformData(context);
  _integrator = &integrator;
  // Forces kept from the previous step are used only for the same configuration.
  bool same = data.positions == _cachedPositions && context.getParameters() == _cachedParameters &&
              context.getForceParametersVersion() == _cachedForceParameters;
  for (int k = 0; k < 3; k++)
    same = same && data.periodicBoxVectors[k] == _cachedBox[k];
  if (!same)
    positionsChanged();
  _perDof.resize(_numPerDof);
  for (int p = 0; p < _numPerDof; p++)
    integrator.getPerDofVariable(p, _perDof[p]);
  std::vector<double> values(_variables.size(), 0.0);
  auto loadGlobals = [&] {
    values[kDt] = integrator.getStepSize();
    for (int g = 0; g < _numGlobals; g++)
      values[kFirstGlobal + g] = integrator.getGlobalVariable(g);
  };
  _stepStart = data.positions;
  const int n = data.numParticles;
  for (size_t pc = 0; pc < _steps.size(); pc++) {
    const Step& step = _steps[pc];
    loadGlobals();
    switch (step.type) {
    case CustomIntegrator::ComputeGlobal:
    case CustomIntegrator::ComputeSum: {
      double result = 0.0;
      if (step.type == CustomIntegrator::ComputeGlobal)
        result = evaluate(context, step.expression, values, -1, 0, data);
      else
        for (int i = 0; i < n; i++)
          for (int d = 0; d < 3; d++)
            result += evaluate(context, step.expression, values, i, d, data);
      if (step.target == -1)
        integrator.setStepSize(result);
      else
        integrator.setGlobalVariable(step.target, result);
      break;
    }
    case CustomIntegrator::ComputePerDof: {
      std::vector<Vec3> results(static_cast<size_t>(n));
      for (int i = 0; i < n; i++)
        for (int d = 0; d < 3; d++)
          results[i][d] = evaluate(context, step.expression, values, i, d, data);
      for (int i = 0; i < n; i++) {
        if (step.target == -1 && data.inverseMasses[i] != 0.0)
          data.positions[i] = results[i];
        else if (step.target == -2 && data.inverseMasses[i] != 0.0)
          data.velocities[i] = results[i];
        else if (step.target >= 0)
          _perDof[step.target][i] = results[i];
      }
      if (step.target == -1) {
        data.computeVirtualSites();
        positionsChanged();
      }
      break;
    }
    case CustomIntegrator::ConstrainPositions:
      if (data.constraints.getNumConstraints() > 0) {
        data.constraints.apply(_stepStart, data.positions, data.inverseMasses, integrator.getConstraintTolerance());
        positionsChanged();
      }
      data.computeVirtualSites();
      break;
    case CustomIntegrator::ConstrainVelocities:
      if (data.constraints.getNumConstraints() > 0)
        data.constraints.applyToVelocities(data.positions, data.velocities, data.inverseMasses,
                                           integrator.getConstraintTolerance());
      break;
    case CustomIntegrator::UpdateContextState:
      if (context.updateContextState())
        positionsChanged();
      break;
    case CustomIntegrator::IfBlockStart:
      if (!condition(context, step, values, data))
        pc = static_cast<size_t>(step.blockEnd);
      break;
    case CustomIntegrator::WhileBlockStart:
      if (!condition(context, step, values, data))
        pc = static_cast<size_t>(step.blockEnd);
      break;
    case CustomIntegrator::BlockEnd:
      if (_steps[step.blockStart].type == CustomIntegrator::WhileBlockStart)
        pc = static_cast<size_t>(step.blockStart) - 1; // the loop's increment returns to the condition
      break;
    }
    for (int p = 0; p < _numPerDof; p++)
      if (step.type == CustomIntegrator::ComputePerDof && step.target == p)
        integrator.setPerDofVariable(p, _perDof[p]);
  }
  data.time += integrator.getStepSize();
  data.stepCount++;
  _cachedPositions = data.positions;
  _cachedParameters = context.getParameters();
  _cachedForceParameters = context.getForceParametersVersion();
  for (int k = 0; k < 3; k++)
    _cachedBox[k] = data.periodicBoxVectors[k];
}

double ReferenceIntegrateCustomStepKernel::computeKineticEnergy(ContextImpl& context, CustomIntegrator& integrator) {
  auto& data = ReferencePlatform::getPlatformData(context);
  _integrator = &integrator;
  _perDof.resize(_numPerDof);
  for (int p = 0; p < _numPerDof; p++)
    integrator.getPerDofVariable(p, _perDof[p]);
  std::vector<double> values(_variables.size(), 0.0);
  values[kDt] = integrator.getStepSize();
  for (int g = 0; g < _numGlobals; g++)
    values[kFirstGlobal + g] = integrator.getGlobalVariable(g);
  double sum = 0.0;
  for (int i = 0; i < data.numParticles; i++)
    for (int d = 0; d < 3; d++) {
      values[kX] = data.positions[i][d];
      values[kV] = data.velocities[i][d];
      values[kM] = data.masses[i];
      values[kF] = data.forces[i][d];
      for (int p = 0; p < _numPerDof; p++)
        values[kFirstGlobal + _numGlobals + p] = _perDof[p][i][d];
      sum += _kinetic.program.evaluate(values.data());
    }
  return sum;
}

} // namespace OpenMM
