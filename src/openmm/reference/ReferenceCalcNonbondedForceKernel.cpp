// ReferenceCalcNonbondedForceKernel: all-pairs LJ + Coulomb (reaction field with a cutoff), exceptions
// without cutoff, switching of LJ, and the dispersion correction C/V for CutoffPeriodic. LJPME: Coulomb as PME, and
// the dispersion -C6_ij/r^6 with geometric-combination C6_ij = c_i c_j (c_i = 2 sigma_i^3 sqrt(eps_i)) split as for
// Ewald with g(x) = exp(-x^2)(1 + x^2 + x^4/2): -C6 (1 - g(beta r))/r^6 over all pairs and images on a second PME
// grid, and within the cutoff the Lorentz-Berthelot LJ with the grid's part backed out, shifted to 0 at the cutoff.
#include "ReferenceCalcNonbondedForceKernel.h"

#include "ReferenceEwaldSum.h"
#include "ReferenceGeometry.h"
#include "ReferencePlatform.h"
#include "ReferencePmeGrid.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/internal/NonbondedForceImpl.h"
#include "openmm/internal/PhysicalConstants.h"

#include <algorithm>
#include <cmath>

namespace OpenMM {

ReferenceCalcNonbondedForceKernel::ReferenceCalcNonbondedForceKernel(std::string name, const Platform& platform)
    : CalcNonbondedForceKernel(name, platform) {}

ReferenceCalcNonbondedForceKernel::~ReferenceCalcNonbondedForceKernel() = default;

void ReferenceCalcNonbondedForceKernel::readParameters(const NonbondedForce& force) {
  _force = &force;
  _numParticles = force.getNumParticles();
  _baseCharges.resize(_numParticles);
  _baseSigmas.resize(_numParticles);
  _baseEpsilons.resize(_numParticles);
  for (int i = 0; i < _numParticles; i++)
    force.getParticleParameters(i, _baseCharges[i], _baseSigmas[i], _baseEpsilons[i]);
  _exclusions.assign(_numParticles, std::set<int>());
  _baseExceptions.resize(force.getNumExceptions());
  for (int i = 0; i < force.getNumExceptions(); i++) {
    Exception& e = _baseExceptions[i];
    force.getExceptionParameters(i, e.particle1, e.particle2, e.chargeProd, e.sigma, e.epsilon);
    _exclusions[e.particle1].insert(e.particle2);
    _exclusions[e.particle2].insert(e.particle1);
  }
  _globalNames.clear();
  for (int i = 0; i < force.getNumGlobalParameters(); i++)
    _globalNames.push_back(force.getGlobalParameterName(i));
  auto readOffsets = [&](bool particles, std::vector<Offset>& offsets) {
    int count = particles ? force.getNumParticleParameterOffsets() : force.getNumExceptionParameterOffsets();
    offsets.resize(count);
    for (int i = 0; i < count; i++) {
      std::string name;
      Offset& o = offsets[i];
      if (particles)
        force.getParticleParameterOffset(i, name, o.index, o.chargeScale, o.sigmaScale, o.epsilonScale);
      else
        force.getExceptionParameterOffset(i, name, o.index, o.chargeScale, o.sigmaScale, o.epsilonScale);
      o.parameter = static_cast<int>(std::find(_globalNames.begin(), _globalNames.end(), name) - _globalNames.begin());
    }
  };
  readOffsets(true, _particleOffsets);
  readOffsets(false, _exceptionOffsets);
  std::vector<double> defaults;
  for (int i = 0; i < force.getNumGlobalParameters(); i++)
    defaults.push_back(force.getGlobalParameterDefaultValue(i));
  _appliedGlobals = defaults;
  // Effective parameters at the default global values; execute() re-applies them at the Context's values.
  _charges = _baseCharges;
  _sigmas = _baseSigmas;
  _epsilons = _baseEpsilons;
  std::vector<Exception> exceptions = _baseExceptions;
  for (const Offset& o : _particleOffsets) {
    double p = defaults[o.parameter];
    _charges[o.index] += p * o.chargeScale;
    _sigmas[o.index] += p * o.sigmaScale;
    _epsilons[o.index] += p * o.epsilonScale;
  }
  std::vector<bool> hasOffset(exceptions.size(), false);
  for (const Offset& o : _exceptionOffsets) {
    double p = defaults[o.parameter];
    exceptions[o.index].chargeProd += p * o.chargeScale;
    exceptions[o.index].sigma += p * o.sigmaScale;
    exceptions[o.index].epsilon += p * o.epsilonScale;
    hasOffset[o.index] = true;
  }
  _exceptions.clear();
  for (size_t i = 0; i < exceptions.size(); i++)
    if (hasOffset[i] || exceptions[i].chargeProd != 0.0 || exceptions[i].epsilon != 0.0)
      _exceptions.push_back(exceptions[i]);
}

void ReferenceCalcNonbondedForceKernel::applyOffsets(ContextImpl& context, bool force) {
  if (_globalNames.empty())
    return;
  std::vector<double> globals;
  for (const auto& name : _globalNames)
    globals.push_back(context.getParameter(name));
  if (!force && globals == _appliedGlobals)
    return;
  std::vector<double> saved = globals;
  // Re-read with the Context's values standing in for the defaults.
  _charges = _baseCharges;
  _sigmas = _baseSigmas;
  _epsilons = _baseEpsilons;
  for (const Offset& o : _particleOffsets) {
    _charges[o.index] += globals[o.parameter] * o.chargeScale;
    _sigmas[o.index] += globals[o.parameter] * o.sigmaScale;
    _epsilons[o.index] += globals[o.parameter] * o.epsilonScale;
  }
  std::vector<Exception> exceptions = _baseExceptions;
  std::vector<bool> hasOffset(exceptions.size(), false);
  for (const Offset& o : _exceptionOffsets) {
    exceptions[o.index].chargeProd += globals[o.parameter] * o.chargeScale;
    exceptions[o.index].sigma += globals[o.parameter] * o.sigmaScale;
    exceptions[o.index].epsilon += globals[o.parameter] * o.epsilonScale;
    hasOffset[o.index] = true;
  }
  _exceptions.clear();
  for (size_t i = 0; i < exceptions.size(); i++)
    if (hasOffset[i] || exceptions[i].chargeProd != 0.0 || exceptions[i].epsilon != 0.0)
      _exceptions.push_back(exceptions[i]);
  _dispersionCoefficient = NonbondedForceImpl::calcDispersionCorrection(*_force, _sigmas, _epsilons);
  _appliedGlobals = saved;
  parametersChanged();
}

void ReferenceCalcNonbondedForceKernel::initialize(const System& system, const NonbondedForce& force) {
  readParameters(force);
  _method = force.getNonbondedMethod();
  _cutoff = force.getCutoffDistance();
  // LJPME ignores the switching function, as OpenMM 7.7's Reference platform does.
  _useSwitching =
      _method != NonbondedForce::NoCutoff && _method != NonbondedForce::LJPME && force.getUseSwitchingFunction();
  _switchingDistance = force.getSwitchingDistance();
  _exceptionsPeriodic =
      (_method == NonbondedForce::CutoffPeriodic || usesEwald()) && force.getExceptionsUsePeriodicBoundaryConditions();
  _pme.reset();
  _ljPme.reset();
  if (_method == NonbondedForce::Ewald)
    NonbondedForceImpl::calcEwaldParameters(system, force, _alpha, _kmax[0], _kmax[1], _kmax[2]);
  if (_method == NonbondedForce::PME || _method == NonbondedForce::LJPME) {
    NonbondedForceImpl::calcPMEParameters(system, force, _alpha, _grid[0], _grid[1], _grid[2]);
    _pme = std::make_unique<ReferencePmeGrid>(_grid[0], _grid[1], _grid[2], _alpha);
  }
  if (_method == NonbondedForce::LJPME) {
    NonbondedForceImpl::calcLJPMEParameters(system, force, _ljAlpha, _ljGrid[0], _ljGrid[1], _ljGrid[2]);
    _ljPme = std::make_unique<ReferencePmeGrid>(_ljGrid[0], _ljGrid[1], _ljGrid[2], _ljAlpha,
                                                ReferencePmeGrid::Kernel::Dispersion);
  }
  if (_method == NonbondedForce::NoCutoff || usesEwald()) {
    _krf = _crf = 0.0;
  } else {
    double eps = force.getReactionFieldDielectric();
    _krf = (eps - 1.0) / ((2.0 * eps + 1.0) * _cutoff * _cutoff * _cutoff);
    _crf = 3.0 * eps / ((2.0 * eps + 1.0) * _cutoff);
  }
  _dispersionCoefficient = NonbondedForceImpl::calcDispersionCorrection(force, _sigmas, _epsilons);
}

void ReferenceCalcNonbondedForceKernel::copyParametersToContext(ContextImpl& context, const NonbondedForce& force) {
  if (force.getNumParticles() != _numParticles)
    throw OpenMMException("NonbondedForce: updateParametersInContext() cannot change the number of particles");
  readParameters(force);
  _dispersionCoefficient = NonbondedForceImpl::calcDispersionCorrection(force, _sigmas, _epsilons);
  applyOffsets(context, true);
}

void ReferenceCalcNonbondedForceKernel::getPMEParameters(double& alpha, int& nx, int& ny, int& nz) const {
  if (_method != NonbondedForce::PME && _method != NonbondedForce::LJPME)
    throw OpenMMException("NonbondedForce: getPMEParametersInContext(): this Context is not using PME or LJPME");
  alpha = _alpha;
  nx = _grid[0];
  ny = _grid[1];
  nz = _grid[2];
}

void ReferenceCalcNonbondedForceKernel::getLJPMEParameters(double& alpha, int& nx, int& ny, int& nz) const {
  if (_method != NonbondedForce::LJPME)
    throw OpenMMException("NonbondedForce: getLJPMEParametersInContext(): this Context is not using LJPME");
  alpha = _ljAlpha;
  nx = _ljGrid[0];
  ny = _ljGrid[1];
  nz = _ljGrid[2];
}

double ReferenceCalcNonbondedForceKernel::dispersionGridPart(double beta, double r, double& derivative) {
  double x2 = beta * beta * r * r;
  if (x2 < 0.5) {
    // 1 - g = integral_0^y exp(-t) t^2/2 dt = sum_k (-1)^k y^(k+3) / (2 k! (k+3)), y = x^2 (no cancellation).
    double b6 = std::pow(beta, 6), value = 0.0, slope = 0.0, term = 1.0; // term = (-y)^k / k!
    for (int k = 0; k < 14; k++) {
      value += term / (2.0 * (k + 3));
      slope += k * term / (k + 3);
      term *= -x2 / (k + 1);
    }
    derivative = r > 0.0 ? b6 * slope / r : 0.0;
    return b6 * value;
  }
  double e = std::exp(-x2);
  double inv6 = 1.0 / (r * r * r * r * r * r);
  double value = (1.0 - e * (1.0 + x2 + 0.5 * x2 * x2)) * inv6;
  derivative = -6.0 * (1.0 - e * (1.0 + x2 + 0.5 * x2 * x2 + x2 * x2 * x2 / 6.0)) * inv6 / r;
  return value;
}


double ReferenceCalcNonbondedForceKernel::pairEnergy(double r, int i, int j, double& dEdR) const {
  double energy = 0.0;
  dEdR = 0.0;
  double qq = ONE_4PI_EPS0 * _charges[i] * _charges[j];
  if (qq != 0.0) {
    if (_method == NonbondedForce::NoCutoff) {
      energy += qq / r;
      dEdR -= qq / (r * r);
    } else if (usesEwald()) {
      double screened = std::erfc(_alpha * r) / r;
      energy += qq * screened;
      dEdR -= qq * (screened + 2.0 * _alpha / std::sqrt(M_PI) * std::exp(-_alpha * _alpha * r * r)) / r;
    } else {
      energy += qq * (1.0 / r + _krf * r * r - _crf);
      dEdR += qq * (-1.0 / (r * r) + 2.0 * _krf * r);
    }
  }
  double epsilon = std::sqrt(_epsilons[i] * _epsilons[j]);
  if (epsilon != 0.0 && _method == NonbondedForce::LJPME) {
    // Lorentz-Berthelot LJ minus the grid's share of the geometric dispersion, both shifted to 0 at the cutoff.
    double sigma = 0.5 * (_sigmas[i] + _sigmas[j]);
    double sr6 = std::pow(sigma / r, 6), sc6 = std::pow(sigma / _cutoff, 6);
    double c6 = dispersionFactor(i) * dispersionFactor(j);
    double gridDerivative, unused;
    double gridPart = dispersionGridPart(_ljAlpha, r, gridDerivative);
    double gridPartCutoff = dispersionGridPart(_ljAlpha, _cutoff, unused);
    energy += 4.0 * epsilon * (sr6 * sr6 - sr6 - sc6 * sc6 + sc6) + c6 * (gridPart - gridPartCutoff);
    dEdR += 4.0 * epsilon * (-12.0 * sr6 * sr6 + 6.0 * sr6) / r + c6 * gridDerivative;
  } else if (epsilon != 0.0) {
    double sigma = 0.5 * (_sigmas[i] + _sigmas[j]);
    double sr6 = std::pow(sigma / r, 6);
    double lj = 4.0 * epsilon * (sr6 * sr6 - sr6);
    double dlj = 4.0 * epsilon * (-12.0 * sr6 * sr6 + 6.0 * sr6) / r;
    if (_useSwitching && r > _switchingDistance) {
      double width = _cutoff - _switchingDistance;
      double t = (r - _switchingDistance) / width;
      double s = 1.0 + t * t * t * (-10.0 + t * (15.0 - 6.0 * t));
      double dsdr = t * t * (-30.0 + t * (60.0 - 30.0 * t)) / width;
      dlj = dlj * s + lj * dsdr;
      lj *= s;
    }
    energy += lj;
    dEdR += dlj;
  }
  return energy;
}

double ReferenceCalcNonbondedForceKernel::computePairs(ContextImpl& context, std::vector<Vec3>& forces,
                                                       bool includeForces, bool) {
  const auto& data = ReferencePlatform::getPlatformData(context);
  const Vec3* box = _method == NonbondedForce::CutoffPeriodic || usesEwald() ? data.box() : nullptr;
  bool useCutoff = _method != NonbondedForce::NoCutoff;
  double cutoff2 = _cutoff * _cutoff;
  double energy = 0.0;
  for (int i = 0; i < _numParticles; i++) {
    for (int j = i + 1; j < _numParticles; j++) {
      if (_exclusions[i].count(j) != 0)
        continue;
      Vec3 d = ReferenceGeometry::delta(data.positions[i], data.positions[j], box);
      double r2 = d.dot(d);
      if (useCutoff && r2 >= cutoff2)
        continue;
      double r = std::sqrt(r2);
      double dEdR;
      energy += pairEnergy(r, i, j, dEdR);
      if (includeForces) {
        Vec3 f = d * (dEdR / r);
        forces[i] += f;
        forces[j] -= f;
      }
    }
  }
  return energy;
}

double ReferenceCalcNonbondedForceKernel::computeExceptions(ContextImpl& context, std::vector<Vec3>& forces,
                                                            bool includeForces, bool) {
  const auto& data = ReferencePlatform::getPlatformData(context);
  const Vec3* box = _exceptionsPeriodic ? data.box() : nullptr;
  double energy = 0.0;
  for (const Exception& e : _exceptions) {
    Vec3 d = ReferenceGeometry::delta(data.positions[e.particle1], data.positions[e.particle2], box);
    double r = std::sqrt(d.dot(d));
    double qq = ONE_4PI_EPS0 * e.chargeProd;
    double sr6 = std::pow(e.sigma / r, 6);
    energy += qq / r + 4.0 * e.epsilon * (sr6 * sr6 - sr6);
    double dEdR = -qq / (r * r) + 4.0 * e.epsilon * (-12.0 * sr6 * sr6 + 6.0 * sr6) / r;
    if (includeForces) {
      Vec3 f = d * (dEdR / r);
      forces[e.particle1] += f;
      forces[e.particle2] -= f;
    }
  }
  return energy;
}

double ReferenceCalcNonbondedForceKernel::computeReciprocal(ContextImpl& context, std::vector<Vec3>& forces,
                                                            bool includeForces) {
  const auto& data = ReferencePlatform::getPlatformData(context);
  double selfEnergy = 0.0, totalCharge = 0.0;
  for (double q : _charges) {
    selfEnergy -= ONE_4PI_EPS0 * q * q * _alpha / std::sqrt(M_PI);
    totalCharge += q;
  }
  const Vec3* box = data.box();
  selfEnergy += NonbondedForceImpl::calcNeutralizingPlasmaEnergy(totalCharge, _alpha, box[0][0] * box[1][1] * box[2][2]);
  if (_method == NonbondedForce::LJPME) {
    // Dispersion self term: the grid sum includes i = j, -1/2 c_i^2 lim_{r->0} (1 - g(beta r))/r^6 = -c_i^2 beta^6/12.
    std::vector<double> factors(_numParticles);
    for (int i = 0; i < _numParticles; i++) {
      factors[i] = dispersionFactor(i);
      selfEnergy += factors[i] * factors[i] * std::pow(_ljAlpha, 6) / 12.0;
    }
    preparePmeGrid(context, *_ljPme);
    selfEnergy += _ljPme->compute(data.positions, factors, data.box(), 1.0, forces, includeForces);
  }
  if (_method == NonbondedForce::PME || _method == NonbondedForce::LJPME) {
    preparePmeGrid(context, *_pme);
    return selfEnergy + _pme->compute(data.positions, _charges, data.box(), ONE_4PI_EPS0, forces, includeForces);
  }
  return selfEnergy + ReferenceEwaldSum::compute(data.positions, _charges, data.box(), _alpha, _kmax, ONE_4PI_EPS0,
                                                 forces, includeForces);
}

double ReferenceCalcNonbondedForceKernel::computeExclusionCorrections(ContextImpl& context, std::vector<Vec3>& forces,
                                                                      bool includeForces) {
  const auto& data = ReferencePlatform::getPlatformData(context);
  double energy = 0.0;
  for (int i = 0; i < _numParticles; i++)
    for (int j : _exclusions[i]) {
      if (j <= i)
        continue;
      double qq = ONE_4PI_EPS0 * _charges[i] * _charges[j];
      double c6 = _method == NonbondedForce::LJPME ? dispersionFactor(i) * dispersionFactor(j) : 0.0;
      if (qq == 0.0 && c6 == 0.0)
        continue;
      Vec3 d = ReferenceGeometry::delta(data.positions[i], data.positions[j], data.box());
      double r = std::sqrt(d.dot(d));
      if (c6 != 0.0) {
        // Backs out the grid's dispersion -c6 (1 - g(beta r))/r^6 of the excluded pair.
        double derivative;
        energy += c6 * dispersionGridPart(_ljAlpha, r, derivative);
        if (includeForces && r > 0.0) {
          Vec3 f = d * (c6 * derivative / r);
          forces[i] += f;
          forces[j] -= f;
        }
      }
      if (qq == 0.0)
        continue;
      if (r < 1e-10) {
        energy -= qq * 2.0 * _alpha / std::sqrt(M_PI); // the limit of erf(alpha r)/r
        continue;
      }
      double erfTerm = std::erf(_alpha * r) / r;
      energy -= qq * erfTerm;
      if (includeForces) {
        double dEdR = -qq * (2.0 * _alpha / std::sqrt(M_PI) * std::exp(-_alpha * _alpha * r * r) - erfTerm) / r;
        Vec3 f = d * (dEdR / r);
        forces[i] += f;
        forces[j] -= f;
      }
    }
  return energy;
}

double ReferenceCalcNonbondedForceKernel::execute(ContextImpl& context, bool includeForces, bool includeEnergy,
                                                  bool includeDirect, bool includeReciprocal) {
  auto& data = ReferencePlatform::getPlatformData(context);
  if (_method == NonbondedForce::CutoffPeriodic || usesEwald()) {
    const Vec3* box = data.box();
    if (_cutoff > 0.5 * box[0][0] || _cutoff > 0.5 * box[1][1] || _cutoff > 0.5 * box[2][2])
      throw OpenMMException("NonbondedForce: The cutoff distance cannot be greater than half the periodic box size.");
  }
  applyOffsets(context, false);
  double energy = 0.0;
  if (includeReciprocal && usesEwald())
    energy += computeReciprocal(context, data.forces, includeForces);
  if (!includeDirect)
    return includeEnergy ? energy : 0.0;
  if (usesEwald())
    energy += computeExclusionCorrections(context, data.forces, includeForces);
  energy += computePairs(context, data.forces, includeForces, includeEnergy);
  energy += computeExceptions(context, data.forces, includeForces, includeEnergy);
  if (_dispersionCoefficient != 0.0)
    energy += _dispersionCoefficient / data.boxVolume();
  return includeEnergy ? energy : 0.0;
}

} // namespace OpenMM
