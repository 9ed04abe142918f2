// NoseHooverIntegrator on the common-compute platforms: half a step of the chains, velocity Verlet with
// constraints (and the hard wall), the forces at the new positions, the second half kick, half a step of the
// chains; the Reference platform's order of operations.
#include "ComputeNoseHooverKernel.h"

#include "ComputePlatformData.h"
#include "openmm/NoseHooverIntegrator.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/internal/PhysicalConstants.h"

#include <algorithm>

namespace OpenMM {

using mardyn::compute::mm_int2;
using mardyn::compute::PrecisionArray;

void ComputeIntegrateNoseHooverStepKernel::initialize(const System&, const NoseHooverIntegrator& integrator) {
  mardyn::compute::ComputeProgram& program = _data.program();
  _step = program.createKernel("integrateVerlet");
  _kick = program.createKernel("kickVelocities");
  _sumKinetic = program.createKernel("sumNoseHooverKinetic");
  _scale = program.createKernel("scaleNoseHoover");
  _hardWall = program.createKernel("noseHooverHardWall");
  _countMoved = program.createKernel("countMovedPositions");
  _chains.initialize(integrator);
  std::vector<mm_int2> entries;
  _first.assign(1, 0);
  for (int c = 0; c < integrator.getNumThermostats(); c++) {
    const NoseHooverChain& chain = integrator.getThermostat(c);
    for (int p : chain.getThermostatedAtoms()) entries.push_back(mm_int2{p, -1});
    for (const auto& pair : chain.getThermostatedPairs()) entries.push_back(mm_int2{pair.first, pair.second});
    _first.push_back(static_cast<int>(entries.size()));
  }
  mardyn::compute::ComputeContext& ctx = _data.context();
  _entries.initialize(ctx, std::max<std::size_t>(1, entries.size()), "noseHooverEntries");
  if (!entries.empty()) _entries.uploadBytes(entries.data(), 0, entries.size() * sizeof(mm_int2));
  std::vector<mm_int2> pairs;
  std::vector<double> kT;
  for (const auto& [p1, p2, temperature] : integrator.getAllThermostatedPairs()) {
    pairs.push_back(mm_int2{p1, p2});
    kT.push_back(BOLTZ * temperature);
  }
  _numWallPairs = static_cast<int>(pairs.size());
  _wallPairs.initialize(ctx, std::max<std::size_t>(1, pairs.size()), "noseHooverWallPairs");
  if (!pairs.empty()) _wallPairs.uploadBytes(pairs.data(), 0, pairs.size() * sizeof(mm_int2));
  kT.resize(std::max<std::size_t>(1, kT.size()), 0.0);
  _wallKT = PrecisionArray(ctx, PrecisionArray::Kind::Mixed, 1, kT.size(), "noseHooverWallKT");
  _wallKT.upload(kT);
  const std::size_t slots = static_cast<std::size_t>(_data.paddedAtoms());
  _keptPosq = PrecisionArray(ctx, PrecisionArray::Kind::Mixed, 4, slots, "noseHooverKeptPosq");
  _keptForce.initialize(ctx, 3 * slots, "noseHooverKeptForce");
  _hasKeptForces = false;
}

void ComputeIntegrateNoseHooverStepKernel::propagateChains(const NoseHooverIntegrator& integrator) {
  for (int c = 0; c < integrator.getNumThermostats(); c++) {
    const int first = _first[static_cast<std::size_t>(c)], count = _first[static_cast<std::size_t>(c) + 1] - first;
    if (count == 0) continue;
    mardyn::compute::KernelCall call = _sumKinetic->call();
    call.arg(first).arg(count).arg(_entries).arg(_data.slotOfAtom()).arg(_data.velm());
    const std::vector<double> kinetic = _data.sumOverBlocks(call, 2);
    const auto [absoluteScale, relativeScale] = _chains.propagate(integrator, c, kinetic[0], kinetic[1]);
    if (absoluteScale == 1.0 && relativeScale == 1.0) continue;
    _scale->call()
        .arg(first)
        .arg(count)
        .arg(_entries)
        .arg(_data.slotOfAtom())
        .arg(_data.velm())
        .mixedArg(absoluteScale)
        .mixedArg(relativeScale)
        .execute(static_cast<std::size_t>(count));
  }
}

bool ComputeIntegrateNoseHooverStepKernel::forcesAreCurrent(ContextImpl& context, int groups) {
  if (!_hasKeptForces || groups != _keptGroups || _data.reorderVersion() != _keptReorder ||
      context.getForceParametersVersion() != _keptForceParameters)
    return false;
  for (int k = 0; k < 3; k++)
    if (_data.box[k] != _keptBox[k])
      return false;
  if (context.getParameters() != _keptParameters)
    return false;
  mardyn::compute::KernelCall call = _countMoved->call();
  call.arg(_data.numAtoms()).arg(_data.posq()).arg(_keptPosq.array());
  return _data.sumOverBlocks(call, 1)[0] == 0.0;
}

void ComputeIntegrateNoseHooverStepKernel::keepForces(ContextImpl& context, int groups) {
  _data.posq().copyTo(_keptPosq.array());
  _data.force().copyTo(_keptForce);
  _keptReorder = _data.reorderVersion();
  for (int k = 0; k < 3; k++) _keptBox[k] = _data.box[k];
  _keptParameters = context.getParameters();
  _keptForceParameters = context.getForceParametersVersion();
  _keptGroups = groups;
  _hasKeptForces = true;
}

void ComputeIntegrateNoseHooverStepKernel::execute(ContextImpl& context, const NoseHooverIntegrator& integrator) {
  const int groups = integrator.getIntegrationForceGroups();
  const double dt = integrator.getStepSize(), tol = integrator.getConstraintTolerance();
  const std::size_t atoms = static_cast<std::size_t>(_data.numAtoms());
  const bool changed = context.updateContextState();
  if (changed || !forcesAreCurrent(context, groups))
    context.calcForcesAndEnergy(true, false, groups);
  else
    _keptForce.copyTo(_data.force());
  propagateChains(integrator);
  ComputeConstraints& constraints = _data.constraints();
  auto step = _step->call();
  step.arg(_data.numAtoms()).mixedArg(0.5 * dt).mixedArg(dt).arg(_data.posq()).arg(_data.velm()).arg(_data.force());
  constraints.referenceArguments(step);
  step.execute(atoms);
  constraints.applyToPositions(tol, 1.0 / dt);
  _data.virtualSites().computePositions();
  if (integrator.getMaximumPairDistance() > 0.0 && _numWallPairs > 0) {
    mardyn::compute::KernelCall wall = _hardWall->call();
    wall.arg(_numWallPairs)
        .arg(_wallPairs)
        .arg(_wallKT.array())
        .mixedArg(integrator.getMaximumPairDistance())
        .mixedArg(dt)
        .arg(_data.slotOfAtom())
        .arg(_data.cellOffset())
        .mixed4Arg(_data.box[0][0], _data.box[1][1], _data.box[2][2])
        .arg(_data.posq())
        .arg(_data.velm())
        .execute(static_cast<std::size_t>(_numWallPairs));
  }
  context.calcForcesAndEnergy(true, false, groups);
  _kick->call().arg(_data.numAtoms()).mixedArg(0.5 * dt).arg(_data.velm()).arg(_data.force()).execute(atoms);
  if (!constraints.empty()) constraints.applyToVelocities(tol);
  propagateChains(integrator);
  _data.time += dt;
  _data.stepCount++;
  keepForces(context, groups);
}

double ComputeIntegrateNoseHooverStepKernel::computeKineticEnergy(ContextImpl&, const NoseHooverIntegrator&) {
  // Velocity Verlet: the velocities are at the time of the positions.
  return _data.kineticEnergy(0.0);
}

double ComputeIntegrateNoseHooverStepKernel::computeHeatBathEnergy(ContextImpl&, const NoseHooverIntegrator& integrator) {
  return _chains.heatBathEnergy(integrator);
}

std::vector<double> ComputeIntegrateNoseHooverStepKernel::getChainStates() const { return _chains.getStates(); }

void ComputeIntegrateNoseHooverStepKernel::setChainStates(const std::vector<double>& states) {
  _chains.setStates(states);
  _hasKeptForces = false;
}

} // namespace OpenMM
