// ComputeIntegrateCustomStepKernel: the steps of a CustomIntegrator in order, per-DOF ones on the device, global ones
// and conditions on the host; the per-DOF variables the integrator holds are uploaded when they changed there and
// handed back after each step that wrote them.
#include "ComputeIntegrateCustomStepKernel.h"

#include "ComputePlatformData.h"
#include "ComputeTabulatedFunctions.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/CustomIntegratorSteps.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"

#include "compute/KernelSources.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace OpenMM {

using mardyn::compute::PrecisionArray;

namespace {

const int kTargetX = -1, kTargetV = -2, kTargetSum = -3;

/** A uniform number in (0, 1] from (seed, counter) on the host: the device's hash (kernels/AtomSteps.cc) with
 * the atom index -1, which no atom has. */
double hostUniform(std::uint64_t seed, std::uint64_t counter, int stream) {
  auto mix = [](std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
  };
  const std::uint64_t h =
      mix(seed ^ mix(counter * 0x100000001b3ULL + static_cast<std::uint64_t>(-8) + static_cast<std::uint64_t>(stream)));
  return (static_cast<double>(h >> 11) + 1.0) * (1.0 / 9007199254740992.0);
}

} // namespace

ComputeIntegrateCustomStepKernel::ComputeIntegrateCustomStepKernel(std::string name, const Platform& platform,
                                                                   ComputePlatformData& data)
    : IntegrateCustomStepKernel(name, platform), _data(data) {}

ComputeIntegrateCustomStepKernel::~ComputeIntegrateCustomStepKernel() = default;

void ComputeIntegrateCustomStepKernel::initialize(const System&, const CustomIntegrator& integrator) {
  auto& ctx = _data.context();
  const std::string prefix = "ci" + std::to_string(_data.nextId()) + "_";
  const TabulatedFunctionList& functions = integrator.tabulatedFunctions();
  std::map<std::string, ComputeExpressionWriter::Function> deviceFunctions;
  if (!functions.names().empty()) {
    _tabulated = std::make_unique<ComputeTabulatedFunctions>(_data, prefix, functions.names(), functions.functions());
    deviceFunctions = _tabulated->functions();
  }
  _program = std::make_unique<ComputeCustomStepProgram>(integrator, deviceFunctions);
  std::vector<std::pair<std::string, std::string>> arguments;
  if (_tabulated)
    for (const auto& a : _tabulated->arguments())
      arguments.emplace_back(a.type, a.name);
  const std::string generated = _program->deviceSource(_tabulated ? _tabulated->macros() : "", arguments);
  auto defines = _data.commonDefines();
  _data.blockReduceDefines(defines);
  const std::string source =
      mardyn::compute::KernelSources::withRequirements(
          std::vector<std::string>{"openmm/common/kernels/Integration.cc", "openmm/common/kernels/BondedGeometry.cc",
                                   "openmm/common/kernels/TabulatedFunctions.cc"}) +
      generated + mardyn::compute::KernelSources::get("openmm/common/kernels/CustomIntegrator.cc");
  _device = _data.compile(source, defines, "openmm-custom-integrator", "CustomIntegrator");
  _perDofKernel = _device->createKernel("customPerDof");
  _cacheKernel = _device->createKernel("customCacheForces");
  _saveStart = _device->createKernel("customSaveStart");
  _loadStart = _device->createKernel("customLoadStart");

  const std::size_t dofs = 3 * static_cast<std::size_t>(_data.numAtoms());
  const int numPerDof = _program->numPerDof();
  _perDof = PrecisionArray(ctx, PrecisionArray::Kind::Mixed, 1, std::max<std::size_t>(1, numPerDof * dofs),
                           prefix + "perDof");
  _forceCache = PrecisionArray(ctx, PrecisionArray::Kind::Mixed, 1,
                               std::max<std::size_t>(1, _program->forceSymbols().size() * dofs), prefix + "forces");
  _globalValues.assign(1 + _program->numGlobals() + _program->energySymbols().size(), 0.0);
  _globals = PrecisionArray(ctx, PrecisionArray::Kind::Mixed, 1, _globalValues.size(), prefix + "globals");
  _start =
      PrecisionArray(ctx, PrecisionArray::Kind::Mixed, 4, static_cast<std::size_t>(_data.numAtoms()), prefix + "start");
  _posqCopy = PrecisionArray(ctx, PrecisionArray::Kind::Mixed, 4, _data.posq().size(), prefix + "posqCopy");
  // The device copy starts out unlike any values, so the first step uploads the integrator's.
  _hostPerDof.assign(static_cast<std::size_t>(numPerDof), {});
  _data.seedRandom(integrator.getRandomNumberSeed());
}

void ComputeIntegrateCustomStepKernel::uploadPerDof(const CustomIntegrator& integrator) {
  const std::size_t dofs = 3 * static_cast<std::size_t>(_data.numAtoms());
  std::vector<Vec3> values;
  for (int p = 0; p < _program->numPerDof(); p++) {
    integrator.getPerDofVariable(p, values);
    if (values == _hostPerDof[static_cast<std::size_t>(p)])
      continue;
    if (values.size() * 3 != dofs)
      throw OpenMMException("CustomIntegrator: the per-DOF variable '" + integrator.getPerDofVariableName(p) +
                            "' has " + std::to_string(values.size()) + " values for a System of " +
                            std::to_string(_data.numAtoms()) + " particles");
    std::vector<double> flat;
    flat.reserve(dofs);
    for (const Vec3& v : values)
      flat.insert(flat.end(), {v[0], v[1], v[2]});
    _perDof.uploadAt(flat, static_cast<std::size_t>(p) * dofs);
    _hostPerDof[static_cast<std::size_t>(p)] = values;
  }
}

void ComputeIntegrateCustomStepKernel::downloadPerDof(CustomIntegrator& integrator) {
  const std::size_t dofs = 3 * static_cast<std::size_t>(_data.numAtoms());
  for (int p : _written) {
    // Only the variables written: their 3N values, float or double as the device keeps them.
    const std::vector<char> raw = _perDof.downloadRaw(static_cast<std::size_t>(p) * dofs, dofs);
    std::vector<Vec3>& values = _hostPerDof[static_cast<std::size_t>(p)];
    values.resize(dofs / 3);
    for (std::size_t k = 0; k < dofs; k++) {
      double value;
      if (_perDof.isDouble()) {
        std::memcpy(&value, raw.data() + k * sizeof(double), sizeof(double));
      } else {
        float single;
        std::memcpy(&single, raw.data() + k * sizeof(float), sizeof(float));
        value = single;
      }
      values[k / 3][static_cast<int>(k % 3)] = value;
    }
    integrator.setPerDofVariable(p, values);
  }
  _written.clear();
}

void ComputeIntegrateCustomStepKernel::placeVirtualSites() {
  if (!_data.virtualSites().empty())
    _data.virtualSites().computePositions();
}

void ComputeIntegrateCustomStepKernel::positionsChanged() {
  _evaluated.clear();
  _energies.clear();
}

void ComputeIntegrateCustomStepKernel::evaluateGroups(ContextImpl& context, const CustomIntegrator& integrator,
                                                      int groups) {
  if (_evaluated.count(groups))
    return;
  _energies[groups] = context.calcForcesAndEnergy(true, true, groups);
  const auto& symbols = _program->forceSymbols();
  for (std::size_t k = 0; k < symbols.size(); k++)
    if (ComputeCustomStepProgram::groupMask(symbols[k], integrator.getIntegrationForceGroups()) == groups)
      _cacheKernel->call()
          .arg(_data.numAtoms())
          .arg(static_cast<int>(k))
          .arg(_data.atomIndex())
          .arg(_data.force())
          .arg(_forceCache.array())
          .execute(static_cast<std::size_t>(_data.numAtoms()));
  _evaluated.insert(groups);
}

double ComputeIntegrateCustomStepKernel::energy(ContextImpl& context, const CustomIntegrator& integrator, int symbol) {
  const int groups = ComputeCustomStepProgram::groupMask(symbol, integrator.getIntegrationForceGroups());
  evaluateGroups(context, integrator, groups);
  return _energies[groups];
}

double ComputeIntegrateCustomStepKernel::evaluateGlobal(ContextImpl& context, const CustomIntegrator& integrator,
                                                        const ComputeCustomStepProgram::HostExpression& expression) {
  std::vector<double> values(_program->variables().size(), 0.0);
  values[ComputeCustomStepProgram::kDt] = integrator.getStepSize();
  for (int g = 0; g < _program->numGlobals(); g++)
    values[static_cast<std::size_t>(ComputeCustomStepProgram::kFirstGlobal + g)] = integrator.getGlobalVariable(g);
  for (std::size_t k = 0; k < expression.energySymbols.size(); k++)
    values[static_cast<std::size_t>(expression.energySlots[k])] =
        energy(context, integrator, expression.energySymbols[k]);
  if (expression.uniform || expression.gaussian) {
    const std::uint64_t counter = _data.randomCounter++;
    values[ComputeCustomStepProgram::kUniform] = hostUniform(_data.randomSeed, counter, 0);
    values[ComputeCustomStepProgram::kGaussian] =
        std::sqrt(-2.0 * std::log(hostUniform(_data.randomSeed, counter, 1))) *
        std::cos(6.283185307179586 * hostUniform(_data.randomSeed, counter, 2));
  }
  return expression.program.evaluate(values.data());
}

double ComputeIntegrateCustomStepKernel::runPerDof(ContextImpl& context, const CustomIntegrator& integrator,
                                                   const ComputeCustomStepProgram::DeviceExpression& expression,
                                                   int target) {
  for (int symbol : expression.forceSymbols)
    evaluateGroups(context, integrator,
                   ComputeCustomStepProgram::groupMask(symbol, integrator.getIntegrationForceGroups()));
  _globalValues[0] = integrator.getStepSize();
  for (int g = 0; g < _program->numGlobals(); g++)
    _globalValues[static_cast<std::size_t>(1 + g)] = integrator.getGlobalVariable(g);
  const auto& energies = _program->energySymbols();
  for (int symbol : expression.energySymbols) {
    const std::size_t k =
        static_cast<std::size_t>(std::find(energies.begin(), energies.end(), symbol) - energies.begin());
    _globalValues[1 + static_cast<std::size_t>(_program->numGlobals()) + k] = energy(context, integrator, symbol);
  }
  _globals.upload(_globalValues);
  const Vec3* box = _data.box;
  auto call = _perDofKernel->call();
  call.arg(_data.numAtoms())
      .arg(expression.which)
      .arg(target)
      .arg(static_cast<unsigned long long>(_data.randomSeed))
      .arg(static_cast<unsigned long long>(expression.random ? _data.randomCounter++ : 0))
      .mixed4Arg(box[0][0], box[1][1], box[2][2])
      .arg(_data.atomIndex())
      .arg(_data.posq())
      .arg(_data.velm())
      .arg(_data.cellOffset())
      .arg(_data.force())
      .arg(_globals.array())
      .arg(_perDof.array())
      .arg(_forceCache.array())
      .arg(_data.partialSums());
  if (_tabulated)
    for (const auto& a : _tabulated->arguments())
      call.arg(*a.array);
  // A sum needs exactly the blocks of its partial sums; a store, one thread per atom.
  if (target != kTargetSum) {
    call.blockShape(ComputePlatformData::reduceBlock).execute(static_cast<std::size_t>(_data.numAtoms()));
    return 0.0;
  }
  call.blockShape(ComputePlatformData::reduceBlock).executeBlocks(static_cast<std::size_t>(_data.reduceGroups()));
  return _data.sumPartials(1)[0];
}

void ComputeIntegrateCustomStepKernel::launchStartPositions(mardyn::compute::ComputeKernel& kernel) {
  const Vec3* box = _data.box;
  kernel.call()
      .arg(_data.numAtoms())
      .mixed4Arg(box[0][0], box[1][1], box[2][2])
      .arg(_data.atomIndex())
      .arg(_data.posq())
      .arg(_data.cellOffset())
      .arg(_start.array())
      .execute(static_cast<std::size_t>(_data.numAtoms()));
}

void ComputeIntegrateCustomStepKernel::restoreConstraintReference() {
  // The slots were reordered within the step: the start positions into posq, the reference from them, posq back.
  const Vec3* box = _data.box;
  const std::size_t bytes = _data.posq().size() * _data.posq().elementSize();
  _data.posq().copyBytesTo(_posqCopy.array(), 0, 0, bytes);
  launchStartPositions(*_loadStart);
  _data.constraints().saveReference();
  _posqCopy.array().copyBytesTo(_data.posq(), 0, 0, bytes);
  _referenceVersion = _data.reorderVersion();
}

void ComputeIntegrateCustomStepKernel::execute(ContextImpl& context, CustomIntegrator& integrator) {
  uploadPerDof(integrator);
  // Forces are not kept from one step to the next: the positions may have been set in between.
  positionsChanged();
  ComputeConstraints& constraints = _data.constraints();
  if (!constraints.empty()) {
    launchStartPositions(*_saveStart);
    constraints.saveReference();
    _referenceVersion = _data.reorderVersion();
  }
  const auto& steps = _program->steps();
  for (std::size_t pc = 0; pc < steps.size(); pc++) {
    const ComputeCustomStepProgram::Step& step = steps[pc];
    switch (step.type) {
    case CustomIntegrator::ComputeGlobal:
    case CustomIntegrator::ComputeSum: {
      const double result = step.type == CustomIntegrator::ComputeGlobal
                                ? evaluateGlobal(context, integrator, step.host)
                                : runPerDof(context, integrator, step.device, kTargetSum);
      if (step.target == -1)
        integrator.setStepSize(result);
      else
        integrator.setGlobalVariable(step.target, result);
      break;
    }
    case CustomIntegrator::ComputePerDof:
      runPerDof(context, integrator, step.device,
                step.target == -1   ? kTargetX
                : step.target == -2 ? kTargetV
                                    : step.target);
      if (step.target == -1) {
        placeVirtualSites();
        positionsChanged();
      }
      if (step.target >= 0)
        _written.insert(step.target);
      break;
    case CustomIntegrator::ConstrainPositions:
      if (!constraints.empty()) {
        if (_data.reorderVersion() != _referenceVersion)
          restoreConstraintReference();
        constraints.applyToPositions(integrator.getConstraintTolerance(), 0.0);
        positionsChanged();
      }
      placeVirtualSites();
      break;
    case CustomIntegrator::ConstrainVelocities:
      if (!constraints.empty())
        constraints.applyToVelocities(integrator.getConstraintTolerance());
      break;
    case CustomIntegrator::UpdateContextState:
      if (context.updateContextState())
        positionsChanged();
      break;
    case CustomIntegrator::IfBlockStart:
    case CustomIntegrator::WhileBlockStart: {
      const double a = evaluateGlobal(context, integrator, step.host);
      const double b = evaluateGlobal(context, integrator, step.right);
      const bool holds = CustomIntegratorSteps::holds(step.comparison, a, b);
      if (!holds)
        pc = static_cast<std::size_t>(step.blockEnd);
      break;
    }
    case CustomIntegrator::BlockEnd:
      if (steps[static_cast<std::size_t>(step.blockStart)].type == CustomIntegrator::WhileBlockStart)
        pc = static_cast<std::size_t>(step.blockStart) - 1; // the loop's increment returns to the condition
      break;
    }
  }
  downloadPerDof(integrator);
  _data.finishStep(integrator.getStepSize());
}

double ComputeIntegrateCustomStepKernel::computeKineticEnergy(ContextImpl& context, CustomIntegrator& integrator) {
  uploadPerDof(integrator);
  return runPerDof(context, integrator, _program->kinetic(), kTargetSum);
}

} // namespace OpenMM
