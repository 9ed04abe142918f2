// ComputeConstraints: the clusters of the System's constraints (SETTLE or SHAKE), their tables and launches.
#include "ComputeConstraints.h"

#include "ComputePlatformData.h"
#include "openmm/OpenMMException.h"
#include "openmm/System.h"

#include "compute/ComputeException.h"
#include "compute/KernelSources.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <vector>

namespace OpenMM {

using mardyn::compute::PrecisionArray;

namespace {

struct Constraint {
  int atom1, atom2;
  double length;
};

int findRoot(std::vector<int>& parent, int a) {
  while (parent[a] != a)
    a = parent[a] = parent[parent[a]];
  return a;
}

/// The centre of a rigid triangle that SETTLE can solve (centre-a and centre-b of equal length, a and b of
/// equal mass, all three massive and the triangle non-degenerate), or -1.
int settleCentre(const std::vector<Constraint>& c, const System& system, double& centreLength, double& outerLength) {
  if (c.size() != 3)
    return -1;
  std::map<int, int> degree;
  for (const Constraint& k : c) {
    degree[k.atom1]++;
    degree[k.atom2]++;
  }
  if (degree.size() != 3)
    return -1;
  for (const auto& entry : degree)
    if (system.getParticleMass(entry.first) == 0.0)
      return -1;
  for (const auto& entry : degree) {
    const int centre = entry.first;
    std::vector<double> toCentre;
    std::vector<int> outer;
    double other = 0.0;
    for (const Constraint& k : c) {
      if (k.atom1 == centre || k.atom2 == centre) {
        toCentre.push_back(k.length);
        outer.push_back(k.atom1 == centre ? k.atom2 : k.atom1);
      } else {
        other = k.length;
      }
    }
    if (toCentre.size() != 2)
      continue;
    if (std::fabs(toCentre[0] - toCentre[1]) > 1e-10 * toCentre[0])
      continue;
    if (system.getParticleMass(outer[0]) != system.getParticleMass(outer[1]))
      continue;
    if (!(other < 2.0 * toCentre[0]) || other <= 0.0)
      continue;
    centreLength = toCentre[0];
    outerLength = other;
    return centre;
  }
  return -1;
}

/// The atoms of a SHAKE cluster that is one centre constrained to one, two or three distinct others (bonds to
/// hydrogen: applyShakeStar), in the cluster's constraint order, with their lengths; false otherwise.
bool starCluster(const std::vector<Constraint>& c, mardyn::compute::mm_int4& atoms, std::vector<double>& lengths) {
  if (c.empty() || c.size() > 3)
    return false;
  // The centre is in every constraint: atom1 or atom2 of the first one.
  for (const int centre : {c[0].atom1, c[0].atom2}) {
    std::vector<int> others;
    for (const Constraint& k : c) {
      if (k.atom1 != centre && k.atom2 != centre)
        break;
      const int other = k.atom1 == centre ? k.atom2 : k.atom1;
      if (other == centre || std::find(others.begin(), others.end(), other) != others.end())
        break;
      others.push_back(other);
    }
    if (others.size() != c.size())
      continue;
    others.resize(3, -1);
    atoms = {centre, others[0], others[1], others[2]};
    lengths.clear();
    for (const Constraint& k : c)
      lengths.push_back(k.length);
    lengths.resize(4, 0.0);
    return true;
  }
  return false;
}

} // namespace

ComputeConstraints::ComputeConstraints(ComputePlatformData& data, const System& system) : _data(data) {
  const int n = system.getNumParticles();
  std::vector<Constraint> constraints;
  for (int i = 0; i < system.getNumConstraints(); i++) {
    Constraint k;
    system.getConstraintParameters(i, k.atom1, k.atom2, k.length);
    // Neither atom moves: nothing to hold.
    if (system.getParticleMass(k.atom1) == 0.0 && system.getParticleMass(k.atom2) == 0.0)
      continue;
    constraints.push_back(k);
  }
  if (constraints.empty())
    return;
  std::vector<int> parent(static_cast<std::size_t>(n));
  std::iota(parent.begin(), parent.end(), 0);
  for (const Constraint& k : constraints)
    parent[findRoot(parent, k.atom1)] = findRoot(parent, k.atom2);
  std::map<int, std::vector<Constraint>> clusters;
  for (const Constraint& k : constraints)
    clusters[findRoot(parent, k.atom1)].push_back(k);

  std::vector<mardyn::compute::mm_int4> settleAtoms;
  std::vector<double> settleParams, shakeLength;
  std::vector<int> shakeStart{0};
  std::vector<mardyn::compute::mm_int2> shakePairs;
  std::vector<mardyn::compute::mm_int4> starAtoms;
  std::vector<double> starLength, lengths;
  for (const auto& entry : clusters) {
    const std::vector<Constraint>& c = entry.second;
    double centreLength = 0.0, outerLength = 0.0;
    const int centre = settleCentre(c, system, centreLength, outerLength);
    if (centre >= 0) {
      std::vector<int> outer;
      for (const Constraint& k : c)
        if (k.atom1 == centre || k.atom2 == centre)
          outer.push_back(k.atom1 == centre ? k.atom2 : k.atom1);
      settleAtoms.push_back({centre, outer[0], outer[1], 0});
      settleParams.push_back(centreLength);
      settleParams.push_back(outerLength);
      continue;
    }
    mardyn::compute::mm_int4 star;
    if (starCluster(c, star, lengths)) {
      starAtoms.push_back(star);
      starLength.insert(starLength.end(), lengths.begin(), lengths.end());
      continue;
    }
    for (const Constraint& k : c) {
      shakePairs.push_back({k.atom1, k.atom2});
      shakeLength.push_back(k.length);
    }
    shakeStart.push_back(static_cast<int>(shakePairs.size()));
  }
  _numSettle = static_cast<int>(settleAtoms.size());
  _numShake = static_cast<int>(shakeStart.size()) - 1;
  _numStar = static_cast<int>(starAtoms.size());

  auto& ctx = _data.context();
  const auto kind = PrecisionArray::Kind::Mixed;
  const std::size_t slots = static_cast<std::size_t>(_data.paddedAtoms());
  _reference = PrecisionArray(ctx, kind, 4, slots, "constraintReference");
  _failed.initialize(ctx, 1, "constraintFailed");
  _failed.zero();
  if (_numSettle > 0) {
    _settleAtoms.initialize(ctx, settleAtoms.size(), "settleAtoms");
    _settleAtoms.upload(settleAtoms);
    _settleParams = PrecisionArray(ctx, kind, 2, settleAtoms.size(), "settleParams");
    _settleParams.upload(settleParams);
  }
  if (_numShake > 0) {
    _shakeStart.initialize(ctx, shakeStart.size(), "shakeClusterStart");
    _shakeStart.upload(shakeStart);
    _shakePairs.initialize(ctx, shakePairs.size(), "shakePairs");
    _shakePairs.upload(shakePairs);
    _shakeLength = PrecisionArray(ctx, kind, 1, shakeLength.size(), "shakeLength");
    _shakeLength.upload(shakeLength);
    _delta = PrecisionArray(ctx, kind, 4, static_cast<std::size_t>(n), "shakeDisplacement");
    _delta.zero();
  }
  if (_numStar > 0) {
    _starAtoms.initialize(ctx, starAtoms.size(), "shakeStarAtoms");
    _starAtoms.upload(starAtoms);
    _starLength = PrecisionArray(ctx, kind, 4, starAtoms.size(), "shakeStarLength");
    _starLength.upload(starLength);
  }
  if (_numShake == 0) {
    // The work-groups of the fused Langevin-middle step: whole clusters (triangles, then stars), then the atoms of
    // no cluster, at most fusedGroup atoms to a group; start[g] = (its first atom, its first cluster).
    std::vector<int> atoms;
    std::vector<mardyn::compute::mm_int2> start{{0, 0}};
    std::vector<char> placed(static_cast<std::size_t>(n), 0);
    int clusters = 0;
    auto place = [&](const std::vector<int>& unit, bool cluster) {
      if (static_cast<int>(atoms.size() + unit.size()) - start.back().x > fusedGroup)
        start.push_back({static_cast<int>(atoms.size()), clusters});
      atoms.insert(atoms.end(), unit.begin(), unit.end());
      for (int a : unit) placed[static_cast<std::size_t>(a)] = 1;
      if (cluster) clusters++;
    };
    for (const auto& a : settleAtoms) place({a.x, a.y, a.z}, true);
    for (const auto& a : starAtoms) {
      std::vector<int> unit{a.x};
      for (int o : {a.y, a.z, a.w})
        if (o >= 0) unit.push_back(o);
      place(unit, true);
    }
    for (int i = 0; i < n; i++)
      if (!placed[static_cast<std::size_t>(i)]) place({i}, false);
    start.push_back({static_cast<int>(atoms.size()), clusters});
    _fusedGroups = static_cast<int>(start.size()) - 1;
    _groupStart.initialize(ctx, start.size(), "fusedStepGroupStart");
    _groupStart.upload(start);
    _groupAtoms.initialize(ctx, atoms.size(), "fusedStepGroupAtoms");
    _groupAtoms.upload(atoms);
  }
  createKernels();
}

ComputeConstraints::~ComputeConstraints() = default;

void ComputeConstraints::createKernels() {
  _program = _data.compile(mardyn::compute::KernelSources::withRequirements("openmm/common/kernels/Constraints.cc"),
                           _data.commonDefines(), "openmm-constraints", "the constraints");
  _settleAndStar = _program->createKernel("applySettleAndShakeStar");
  _settleAndStarVelocities = _program->createKernel("constrainSettleAndStarVelocities");
  _shake = _program->createKernel("applyShake");
  _shakeVelocities = _program->createKernel("constrainShakeVelocities");
  _kickAndConstrain = _program->createKernel("kickAndConstrainVelocities");
  _driftAndConstrain = _program->createKernel("driftAndConstrainPositions");
}

void ComputeConstraints::saveReference() {
  if (!empty())
    _data.posq().copyTo(_reference.array());
}

void ComputeConstraints::referenceArguments(mardyn::compute::KernelCall& call) {
  if (empty())
    call.arg(0).arg(_data.posq());
  else
    call.arg(1).arg(_reference.array());
}

void ComputeConstraints::clusterArguments(mardyn::compute::KernelCall& call, bool withLengths) {
  // The other kind's arrays where a kind is absent (never read).
  call.arg(_numSettle).arg(_numSettle > 0 ? _settleAtoms : _starAtoms);
  if (withLengths) call.arg(_numSettle > 0 ? _settleParams.array() : _starLength.array());
  call.arg(_numStar).arg(_numStar > 0 ? _starAtoms : _settleAtoms);
  if (withLengths) call.arg(_numStar > 0 ? _starLength.array() : _settleParams.array());
}

void ComputeConstraints::applyToPositions(double tolerance, double invDt) {
  if (_numSettle + _numStar > 0) {
    auto call = _settleAndStar->call();
    clusterArguments(call, true);
    call.mixedArg(tolerance)
        .mixedArg(invDt)
        .arg(maxIterations)
        .arg(_data.slotOfAtom())
        .arg(_reference.array())
        .arg(_data.posq())
        .arg(_data.velm())
        .arg(_failed)
        .execute(static_cast<std::size_t>(_numSettle + _numStar));
  }
  if (_numShake > 0)
    _shake->call()
        .arg(_numShake)
        .arg(_shakeStart)
        .arg(_shakePairs)
        .arg(_shakeLength.array())
        .mixedArg(tolerance)
        .mixedArg(invDt)
        .arg(maxIterations)
        .arg(_data.slotOfAtom())
        .arg(_reference.array())
        .arg(_data.posq())
        .arg(_data.velm())
        .arg(_delta.array())
        .arg(_failed)
        .execute(static_cast<std::size_t>(_numShake));
}

void ComputeConstraints::applyToCurrentPositions(double tolerance) {
  if (empty())
    return;
  saveReference();
  applyToPositions(tolerance, 0.0);
}

void ComputeConstraints::applyToVelocities(double tolerance) {
  if (_numSettle + _numStar > 0) {
    auto call = _settleAndStarVelocities->call();
    clusterArguments(call, false);
    call.mixedArg(tolerance)
        .arg(maxIterations)
        .arg(_data.slotOfAtom())
        .arg(_data.posq())
        .arg(_data.velm())
        .arg(_failed)
        .execute(static_cast<std::size_t>(_numSettle + _numStar));
  }
  if (_numShake > 0)
    _shakeVelocities->call()
        .arg(_numShake)
        .arg(_shakeStart)
        .arg(_shakePairs)
        .mixedArg(tolerance)
        .arg(maxIterations)
        .arg(_data.slotOfAtom())
        .arg(_data.posq())
        .arg(_data.velm())
        .arg(_failed)
        .execute(static_cast<std::size_t>(_numShake));
}

void ComputeConstraints::kickAndConstrainVelocities(double dt, double tolerance) {
  auto call = _kickAndConstrain->call();
  call.arg(_fusedGroups).arg(_groupStart).arg(_groupAtoms);
  clusterArguments(call, false);
  call.mixedArg(dt)
      .mixedArg(tolerance)
      .arg(maxIterations)
      .arg(_data.slotOfAtom())
      .arg(_data.posq())
      .arg(_data.velm())
      .arg(_data.force())
      .arg(_failed)
      .blockShape(fusedGroup)
      .executeBlocks(static_cast<std::size_t>(_fusedGroups));
}

void ComputeConstraints::driftAndConstrainPositions(double dt, double vscale, double noisescale, double tolerance) {
  auto call = _driftAndConstrain->call();
  call.arg(_fusedGroups).arg(_groupStart).arg(_groupAtoms);
  clusterArguments(call, true);
  call.mixedArg(dt)
      .mixedArg(vscale)
      .mixedArg(noisescale);
  _data.randomDrawArguments(call);
  call.mixedArg(tolerance)
      .mixedArg(1.0 / dt)
      .arg(maxIterations)
      .arg(_data.slotOfAtom())
      .arg(_reference.array())
      .arg(_data.posq())
      .arg(_data.velm())
      .arg(_failed)
      .blockShape(fusedGroup)
      .executeBlocks(static_cast<std::size_t>(_fusedGroups));
}

void ComputeConstraints::checkFailure() {
  if (empty())
    return;
  int failed = 0;
  _failed.downloadBytes(&failed, 0, sizeof failed);
  if (failed == 0)
    return;
  _failed.zero();
  const std::string what = failed == 2 ? "SETTLE could not place a rigid triangle (its atoms moved too far in one step)"
                           : failed == 3 ? "the velocity constraints did not converge within " +
                                               std::to_string(maxIterations) + " iterations"
                                         : "SHAKE did not converge within " + std::to_string(maxIterations) +
                                               " iterations (or a bond turned by 90 degrees in one step)";
  throw OpenMMException(_data.platformName() + " platform: constraints could not be satisfied: " + what +
                        "; step size too large or constraints inconsistent");
}

} // namespace OpenMM
