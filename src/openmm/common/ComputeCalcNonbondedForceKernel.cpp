// ComputeCalcNonbondedForceKernel: the force's interaction code, its parameters on the device, and the
// reciprocal space.
#include "ComputeCalcNonbondedForceKernel.h"

#include "ComputeBondedUtilities.h"
#include "ComputeNonbondedUtilities.h"
#include "ComputePlatformData.h"
#include "ReferenceCalcNonbondedForceKernel.h"
#include "openmm/NonbondedForce.h"
#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/internal/NonbondedForceImpl.h"
#include "openmm/internal/PhysicalConstants.h"

#include <cmath>
#include <functional>
#include <iomanip>
#include <sstream>

namespace OpenMM {

using mardyn::compute::PrecisionArray;

namespace {

std::string number(double v) {
  std::ostringstream s;
  s << std::setprecision(17) << v;
  return s.str();
}

std::string literal(double v) { return "(real) " + number(v); }

/// Registers terms of `atomsPerTerm` atoms with `width` mixed parameters each as one bonded interaction.
void addBondedTerms(ComputePlatformData& data, PrecisionArray& params, const std::string& owner, int group,
                    bool periodic, int atomsPerTerm, const std::vector<int>& atoms, int width,
                    const std::vector<double>& values, const std::string& call,
                    std::function<bool(int)> enabled) {
  params = PrecisionArray(data.context(), PrecisionArray::Kind::Mixed, width, values.size() / width, owner);
  params.upload(values);
  ComputeBondedUtilities::Interaction interaction;
  interaction.owner = "NonbondedForce";
  interaction.forceGroup = group;
  interaction.periodic = periodic;
  interaction.atomsPerTerm = atomsPerTerm;
  interaction.atoms = atoms;
  interaction.arguments.push_back({"params", "const mixed" + std::to_string(width), &params.array()});
  interaction.kernelFiles.push_back("openmm/common/kernels/StandardBondedTerms.cc");
  interaction.source = "mixed4 force1, force2;\nenergy += " + call + ";";
  interaction.enabled = std::move(enabled);
  data.bonded().addInteraction(std::move(interaction));
}

} // namespace

ComputeCalcNonbondedForceKernel::~ComputeCalcNonbondedForceKernel() = default;

void ComputeCalcNonbondedForceKernel::initialize(const System& system, const NonbondedForce& force) {
  auto& ctx = _data->context();
  _force = &force;
  _method = force.getNonbondedMethod();
  _cutoff = force.getCutoffDistance();
  _parameters.read(force);
  const int n = force.getNumParticles();
  const bool useCutoff = _method != NonbondedForce::NoCutoff;
  const bool periodic = _method != NonbondedForce::NoCutoff && _method != NonbondedForce::CutoffNonPeriodic;
  _switching = useCutoff && _method != NonbondedForce::LJPME && force.getUseSwitchingFunction();
  _periodicExceptions = periodic && force.getExceptionsUsePeriodicBoundaryConditions();
  if (useCutoff && !usesEwald()) {
    const double eps = force.getReactionFieldDielectric();
    _krf = (eps - 1.0) / ((2.0 * eps + 1.0) * _cutoff * _cutoff * _cutoff);
    _crf = 3.0 * eps / ((2.0 * eps + 1.0) * _cutoff);
  }
  if (_method == NonbondedForce::Ewald) NonbondedForceImpl::calcEwaldParameters(system, force, _alpha, _kmax[0], _kmax[1], _kmax[2]);
  if (_method == NonbondedForce::PME || _method == NonbondedForce::LJPME)
    NonbondedForceImpl::calcPMEParameters(system, force, _alpha, _grid[0], _grid[1], _grid[2]);
  if (_method == NonbondedForce::LJPME)
    NonbondedForceImpl::calcLJPMEParameters(system, force, _ljAlpha, _ljGrid[0], _ljGrid[1], _ljGrid[2]);

  // The terms the particles have (a value or an offset); the others are left out of the pair code.
  _hasCharges = _hasLJ = false;
  for (int i = 0; i < n; i++) {
    _hasCharges = _hasCharges || _parameters.charges[i] != 0.0;
    _hasLJ = _hasLJ || _parameters.epsilons[i] != 0.0;
  }
  for (int i = 0; i < force.getNumParticleParameterOffsets(); i++) {
    std::string name;
    int index;
    double q, s, e;
    force.getParticleParameterOffset(i, name, index, q, s, e);
    _hasCharges = _hasCharges || q != 0.0;
    _hasLJ = _hasLJ || e != 0.0;
  }
  _sigmaEpsilon = PrecisionArray(ctx, PrecisionArray::Kind::Real, 2, static_cast<std::size_t>(n), "nonbondedSigmaEpsilon");
  _charges = PrecisionArray(ctx, PrecisionArray::Kind::Real, 1, static_cast<std::size_t>(n), "nonbondedCharges");
  if (_method == NonbondedForce::LJPME)
    _dispersion = PrecisionArray(ctx, PrecisionArray::Kind::Real, 1, static_cast<std::size_t>(n), "nonbondedDispersion");
  _posqCharges = _hasCharges && _data->requestPosqCharges();
  // The direct space (pairs, exceptions, exclusion corrections) follows setIncludeDirectSpace at every evaluation.
  const int group = force.getForceGroup();
  auto direct = [this, group](int groups) { return _force->getIncludeDirectSpace() && ((groups >> group) & 1) != 0; };

  ComputeNonbondedUtilities::Interaction interaction;
  interaction.owner = "NonbondedForce";
  interaction.forceGroup = force.getForceGroup();
  interaction.cutoff = _cutoff;
  interaction.kernelFiles.push_back("openmm/common/kernels/NonbondedPairTerms.cc");
  if (_hasLJ) interaction.parameters.push_back({"sigmaEpsilon", "real2", &_sigmaEpsilon.array()});
  if (_hasCharges && !_posqCharges) interaction.parameters.push_back({"charge", "real", &_charges.array()});
  if (_hasLJ && _method == NonbondedForce::LJPME)
    interaction.parameters.push_back({"dispersion", "real", &_dispersion.array()});
  interaction.source = pairSource();
  interaction.enabled = direct;
  if (_hasCharges || _hasLJ)
    _data->nonbonded(useCutoff, periodic, _parameters.excluded).addInteraction(std::move(interaction));

  // Exceptions with parameters, and with Ewald the excluded pairs' corrections, as bonded terms.
  uploadParameters();
  std::vector<int> atoms;
  std::vector<double> values;
  for (const auto& e : _parameters.exceptions) {
    atoms.insert(atoms.end(), {e.particle1, e.particle2});
    values.insert(values.end(), {ONE_4PI_EPS0 * e.chargeProd, e.sigma, 4.0 * e.epsilon, 0.0});
  }
  if (!atoms.empty())
    addBondedTerms(*_data, _exceptionParams, "nonbondedExceptions", force.getForceGroup(), _periodicExceptions, 2, atoms,
                   4, values, "nonbondedExceptionTerm(DELTA(pos2, pos1), params[index], &force1, &force2)", direct);
  if (usesEwald()) {
    atoms.clear();
    for (int i = 0; i < n; i++)
      for (int j : _parameters.excluded[i])
        if (j > i) {
          _exclusionPairs.emplace_back(i, j);
          atoms.insert(atoms.end(), {i, j});
        }
    values.assign(2 * _exclusionPairs.size(), 0.0);
    if (!atoms.empty())
      addBondedTerms(*_data, _exclusionParams, "nonbondedExclusions", force.getForceGroup(), true, 2, atoms, 2, values,
                     "ewaldExclusionTerm(DELTA(pos2, pos1), params[index], (mixed) " + number(_alpha) + ", (mixed) " +
                         number(_method == NonbondedForce::LJPME ? _ljAlpha : 0.0) +
                         ", &force1, &force2)",
                     direct);
    uploadParameters();
  }
  if (_method == NonbondedForce::Ewald) _ewald = std::make_unique<ComputeEwaldSum>(*_data, _alpha, _kmax);
  if (_method == NonbondedForce::PME || _method == NonbondedForce::LJPME)
    _pme = std::make_unique<ComputePmeGrid>(*_data, _grid[0], _grid[1], _grid[2], _alpha, ComputePmeGrid::Kernel::Coulomb);
  if (_method == NonbondedForce::LJPME)
    _ljPme = std::make_unique<ComputePmeGrid>(*_data, _ljGrid[0], _ljGrid[1], _ljGrid[2], _ljAlpha,
                                              ComputePmeGrid::Kernel::Dispersion);
}

std::string ComputeCalcNonbondedForceKernel::pairSource() const {
  std::ostringstream s;
  if (_hasCharges) {
    s << (_posqCharges ? "const real qq = posq1.w * posq2.w;\n" : "const real qq = charge1 * charge2;\n");
    if (_method == NonbondedForce::NoCutoff)
      s << "tempEnergy += coulombPair(withEnergy, invR, qq, &dEdR);\n";
    else if (!usesEwald())
      s << "tempEnergy += coulombReactionFieldPair(withEnergy, r2, invR, qq, " << literal(_krf) << ", " << literal(_crf)
        << ", &dEdR);\n";
    else
      s << "tempEnergy += coulombEwaldPair(withEnergy, r, invR, qq, " << literal(_alpha) << ", &dEdR);\n";
  }
  if (_hasLJ) {
    const std::string sigma = "sigmaEpsilon1.x + sigmaEpsilon2.x", eps4 = "sigmaEpsilon1.y * sigmaEpsilon2.y";
    if (_method == NonbondedForce::LJPME) {
      double unused;
      const double shift = ReferenceCalcNonbondedForceKernel::dispersionGridPart(_ljAlpha, _cutoff, unused);
      s << "tempEnergy += ljpmePair(withEnergy, r2, invR, " << sigma << ", " << eps4 << ", dispersion1 * dispersion2, "
        << literal(_ljAlpha) << ", " << literal(1.0 / _cutoff) << ", " << literal(shift) << ", &dEdR);\n";
    } else if (_switching) {
      s << "tempEnergy += lennardJonesSwitchedPair(withEnergy, r2, invR, " << sigma << ", " << eps4 << ", "
        << literal(_force->getSwitchingDistance()) << ", " << literal(_cutoff - _force->getSwitchingDistance())
        << ", &dEdR);\n";
    } else {
      s << "tempEnergy += lennardJonesPair(withEnergy, invR, " << sigma << ", " << eps4 << ", &dEdR);\n";
    }
  }
  return s.str();
}

void ComputeCalcNonbondedForceKernel::uploadParameters() {
  const int n = static_cast<int>(_parameters.charges.size());
  const double chargeScale = std::sqrt(ONE_4PI_EPS0);
  std::vector<double> sigmaEpsilon(2 * static_cast<std::size_t>(n)), charges(n), dispersion(n);
  _selfEnergy = 0.0;
  _totalCharge = 0.0;
  for (int i = 0; i < n; i++) {
    const double q = _parameters.charges[i], sigma = _parameters.sigmas[i], epsilon = _parameters.epsilons[i];
    sigmaEpsilon[2 * i] = 0.5 * sigma;
    sigmaEpsilon[2 * i + 1] = 2.0 * std::sqrt(epsilon);
    charges[i] = q * chargeScale;
    dispersion[i] = 2.0 * std::pow(sigma, 3) * std::sqrt(epsilon);
    if (usesEwald()) _selfEnergy -= ONE_4PI_EPS0 * q * q * _alpha / std::sqrt(M_PI);
    _totalCharge += q;
    if (_method == NonbondedForce::LJPME) _selfEnergy += dispersion[i] * dispersion[i] * std::pow(_ljAlpha, 6) / 12.0;
  }
  _sigmaEpsilon.upload(sigmaEpsilon);
  _charges.upload(charges);
  if (_method == NonbondedForce::LJPME) _dispersion.upload(dispersion);
  if (_posqCharges) {
    for (int i = 0; i < n; i++) _data->charges[i] = charges[i];
    _data->uploadCharges();
  }
  if (_exceptionParams.size() > 0) {
    std::vector<double> values;
    for (const auto& e : _parameters.exceptions)
      values.insert(values.end(), {ONE_4PI_EPS0 * e.chargeProd, e.sigma, 4.0 * e.epsilon, 0.0});
    _exceptionParams.upload(values);
  }
  if (_exclusionParams.size() > 0) {
    std::vector<double> values;
    for (const auto& [i, j] : _exclusionPairs)
      values.insert(values.end(), {ONE_4PI_EPS0 * _parameters.charges[i] * _parameters.charges[j],
                                   _method == NonbondedForce::LJPME ? dispersion[i] * dispersion[j] : 0.0});
    _exclusionParams.upload(values);
  }
  for (auto* utility : _data->nonbondedUtilities()) utility->parametersChanged();
  _dispersionCoefficient = NonbondedForceImpl::calcDispersionCorrection(*_force, _parameters.sigmas, _parameters.epsilons);
}

void ComputeCalcNonbondedForceKernel::copyParametersToContext(ContextImpl& context, const NonbondedForce& force) {
  if (force.getNumParticles() != _data->numAtoms())
    throw OpenMMException("NonbondedForce: updateParametersInContext() cannot change the number of particles");
  _parameters.update(force);
  _parameters.apply(context, true);
  for (int i = 0; i < force.getNumParticles(); i++) {
    if (_parameters.charges[i] != 0.0 && !_hasCharges)
      throw OpenMMException("NonbondedForce: updateParametersInContext() cannot give particles charges on the " +
                            getPlatform().getName() +
                            " platform when every charge was zero as the Context was created (its kernels leave "
                            "Coulomb out); create the Context with a nonzero charge");
    if (_parameters.epsilons[i] != 0.0 && !_hasLJ)
      throw OpenMMException("NonbondedForce: updateParametersInContext() cannot give particles a Lennard-Jones "
                            "epsilon on the " + getPlatform().getName() +
                            " platform when every epsilon was zero as the Context was created (its kernels leave "
                            "Lennard-Jones out); create the Context with a nonzero epsilon");
  }
  uploadParameters();
}

void ComputeCalcNonbondedForceKernel::getPMEParameters(double& alpha, int& nx, int& ny, int& nz) const {
  if (_method != NonbondedForce::PME && _method != NonbondedForce::LJPME)
    throw OpenMMException("NonbondedForce: getPMEParametersInContext(): this Context is not using PME or LJPME");
  alpha = _alpha;
  nx = _grid[0];
  ny = _grid[1];
  nz = _grid[2];
}

void ComputeCalcNonbondedForceKernel::getLJPMEParameters(double& alpha, int& nx, int& ny, int& nz) const {
  if (_method != NonbondedForce::LJPME)
    throw OpenMMException("NonbondedForce: getLJPMEParametersInContext(): this Context is not using LJPME");
  alpha = _ljAlpha;
  nx = _ljGrid[0];
  ny = _ljGrid[1];
  nz = _ljGrid[2];
}

double ComputeCalcNonbondedForceKernel::execute(ContextImpl& context, bool, bool includeEnergy, bool includeDirect,
                                                bool includeReciprocal) {
  const Vec3* box = _data->box;
  const bool periodic = _method != NonbondedForce::NoCutoff && _method != NonbondedForce::CutoffNonPeriodic;
  if (periodic && (_cutoff > 0.5 * box[0][0] || _cutoff > 0.5 * box[1][1] || _cutoff > 0.5 * box[2][2]))
    throw OpenMMException("NonbondedForce: The cutoff distance cannot be greater than half the periodic box size.");
  if (_parameters.apply(context)) uploadParameters();
  double energy = 0.0;
  if (includeReciprocal && usesEwald()) {
    if (_ewald) _ewald->compute(_charges.array());
    if (_pme) _pme->compute(_charges.array(), includeEnergy);
    if (_ljPme) _ljPme->compute(_dispersion.array(), includeEnergy);
    energy += _selfEnergy +
              NonbondedForceImpl::calcNeutralizingPlasmaEnergy(_totalCharge, _alpha, box[0][0] * box[1][1] * box[2][2]);
  }
  // The pair terms, exceptions and exclusion corrections run with every interaction when the evaluation finishes.
  if (includeDirect && _dispersionCoefficient != 0.0) energy += _dispersionCoefficient / (box[0][0] * box[1][1] * box[2][2]);
  return includeEnergy ? energy : 0.0;
}

} // namespace OpenMM
