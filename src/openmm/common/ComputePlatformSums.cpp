// ComputePlatformData's sums over the atoms on the device: kinetic energy and momentum in per-block partial sums
// (REDUCE_GROUPS blocks of REDUCE_BLOCK work-items) added up on the device, the kinetic energy with constrained
// degrees of freedom projected out, and the removal of the centre-of-mass momentum.
#include "ComputePlatformData.h"

#include "ComputeConstraints.h"

namespace OpenMM {

void ComputePlatformData::sumKineticBlocks(double shift, int groups, mardyn::compute::PrecisionArray& partials) {
  applyDueMomentumRemoval();
  _sumKinetic->call()
      .arg(_numAtoms)
      .mixedArg(shift)
      .arg(_velm.array())
      .arg(_force)
      .arg(partials.array())
      .blockShape(reduceBlock)
      .executeBlocks(static_cast<std::size_t>(groups));
}

void ComputePlatformData::sumKineticAndMomentum(double shift) {
  sumKineticBlocks(shift, _reduceGroups, _partials);
  addPartials();
}

void ComputePlatformData::addPartials() {
  _sumPartials->call()
      .arg(_partials.array())
      .arg(_reduceGroups)
      .arg(4)
      .arg(_sums.array())
      .arg(0)
      .blockShape(reduceBlock)
      .executeBlocks(1);
}

std::vector<double> ComputePlatformData::sumOverBlocks(mardyn::compute::KernelCall& call, int width) {
  call.arg(_partials.array()).blockShape(reduceBlock).executeBlocks(static_cast<std::size_t>(_reduceGroups));
  return sumPartials(width);
}

void ComputePlatformData::blockReduceDefines(mardyn::compute::ComputeContext::Defines& defines) const {
  defines["REDUCE_BLOCK"] = std::to_string(reduceBlock);
  defines["MOMENTUM_GROUPS"] = std::to_string(momentumGroups);
  defines["REDUCE_GROUPS"] = std::to_string(_reduceGroups);
}

std::vector<double> ComputePlatformData::sumPartials(int width) {
  addPartials();
  std::vector<double> s;
  _sums.download(s);
  s.resize(static_cast<std::size_t>(width));
  return s;
}

double ComputePlatformData::kineticEnergy(double shift, Vec3* momentum) {
  applyDueMomentumRemoval();
  if (_constraints->empty()) {
    sumKineticAndMomentum(shift);
  } else {
    // Constrained degrees of freedom carry no kinetic energy: project the shifted velocities, sum, restore.
    _velm.array().copyTo(_savedVelm.array());
    if (shift != 0.0)
      _shiftVelocities->call().arg(_numAtoms).mixedArg(shift).arg(_velm.array()).arg(_force).execute(
          static_cast<std::size_t>(_numAtoms));
    _constraints->applyToVelocities(1e-6);
    sumKineticAndMomentum(0.0);
    _savedVelm.array().copyTo(_velm.array());
  }
  std::vector<double> s;
  _sums.download(s);
  if (momentum) *momentum = Vec3(s[1], s[2], s[3]);
  return s[0];
}

void ComputePlatformData::removeCenterOfMassMotion() {
  if (_totalMass == 0.0) return;
  // The momentum never leaves the device: the sums of momentumGroups blocks (few, so that the correction adds
  // their partial sums itself), then every atom's correction from them, in the next clearing launch (a step's
  // force evaluation follows at once) or alone before anything else reads the velocities.
  sumKineticBlocks(0.0, momentumGroups, _momentum);
  _momentumRemovalDue = true;
}

void ComputePlatformData::applyDueMomentumRemoval() {
  if (!_momentumRemovalDue) return;
  _momentumRemovalDue = false;
  _removeMomentum->call().arg(_numAtoms).arg(_momentum.array()).mixedArg(_totalMass).arg(_velm.array()).execute(
      static_cast<std::size_t>(_numAtoms));
}

} // namespace OpenMM
