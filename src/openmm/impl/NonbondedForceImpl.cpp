// NonbondedForceImpl: validates a NonbondedForce against its System (particle count, indices, cutoff and
// switching distance, supported method), runs the CalcNonbondedForce kernel and computes the dispersion correction.
#include "openmm/internal/NonbondedForceImpl.h"

#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/internal/PhysicalConstants.h"
#include "openmm/kernels/CalcNonbondedForceKernel.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace OpenMM {

namespace {

void checkForce(const System& system, const NonbondedForce& force) {
  if (force.getNumParticles() != system.getNumParticles())
    throw OpenMMException("NonbondedForce must have exactly as many particles as the System it belongs to (" +
                          std::to_string(force.getNumParticles()) + " vs " + std::to_string(system.getNumParticles()) +
                          ")");
  for (int i = 0; i < force.getNumParticles(); i++) {
    double charge, sigma, epsilon;
    force.getParticleParameters(i, charge, sigma, epsilon);
    if (sigma < 0.0 || epsilon < 0.0)
      throw OpenMMException("NonbondedForce: sigma and epsilon must be >= 0; particle " + std::to_string(i) +
                            " has sigma " + std::to_string(sigma) + ", epsilon " + std::to_string(epsilon));
  }
  for (int i = 0; i < force.getNumExceptions(); i++) {
    int p1, p2;
    double chargeProd, sigma, epsilon;
    force.getExceptionParameters(i, p1, p2, chargeProd, sigma, epsilon);
    for (int p : {p1, p2})
      if (p < 0 || p >= system.getNumParticles())
        throw OpenMMException("NonbondedForce: Illegal particle index for an exception: " + std::to_string(p));
    if (epsilon < 0.0)
      throw OpenMMException("NonbondedForce: exception " + std::to_string(i) + " has a negative epsilon");
  }
  std::set<std::string> globals;
  for (int i = 0; i < force.getNumGlobalParameters(); i++)
    globals.insert(force.getGlobalParameterName(i));
  for (int i = 0; i < force.getNumParticleParameterOffsets(); i++) {
    std::string parameter;
    int index;
    double a, b, c;
    force.getParticleParameterOffset(i, parameter, index, a, b, c);
    if (globals.count(parameter) == 0)
      throw OpenMMException("NonbondedForce: particle parameter offset " + std::to_string(i) +
                            " refers to an undefined global parameter: " + parameter);
    if (index < 0 || index >= force.getNumParticles())
      throw OpenMMException("NonbondedForce: Illegal particle index for a parameter offset: " + std::to_string(index));
  }
  for (int i = 0; i < force.getNumExceptionParameterOffsets(); i++) {
    std::string parameter;
    int index;
    double a, b, c;
    force.getExceptionParameterOffset(i, parameter, index, a, b, c);
    if (globals.count(parameter) == 0)
      throw OpenMMException("NonbondedForce: exception parameter offset " + std::to_string(i) +
                            " refers to an undefined global parameter: " + parameter);
    if (index < 0 || index >= force.getNumExceptions())
      throw OpenMMException("NonbondedForce: Illegal exception index for a parameter offset: " + std::to_string(index));
  }
  NonbondedForce::NonbondedMethod method = force.getNonbondedMethod();
  if (method != NonbondedForce::NoCutoff && force.getUseSwitchingFunction() &&
      (force.getSwitchingDistance() < 0.0 || force.getSwitchingDistance() >= force.getCutoffDistance()))
    throw OpenMMException("NonbondedForce: Switching distance must satisfy 0 <= r_switch < r_cutoff (got r_switch = " +
                          std::to_string(force.getSwitchingDistance()) +
                          ", r_cutoff = " + std::to_string(force.getCutoffDistance()) + ")");
  if (method == NonbondedForce::CutoffPeriodic || method == NonbondedForce::Ewald || method == NonbondedForce::PME ||
      method == NonbondedForce::LJPME) {
    Vec3 box[3];
    system.getDefaultPeriodicBoxVectors(box[0], box[1], box[2]);
    double cutoff = force.getCutoffDistance();
    if (cutoff > 0.5 * box[0][0] || cutoff > 0.5 * box[1][1] || cutoff > 0.5 * box[2][2])
      throw OpenMMException("NonbondedForce: The cutoff distance cannot be greater than half the periodic box size.");
  }
}

/** 1 - S(r) integrated against (sigma^12/r^12 - sigma^6/r^6) r^2 over [rs, rc] (Simpson's rule). */
double switchedTailIntegral(double sigma, double switchDistance, double cutoff) {
  const int intervals = 2000;
  double h = (cutoff - switchDistance) / intervals;
  auto integrand = [&](double r) {
    double t = (r - switchDistance) / (cutoff - switchDistance);
    double s = 1.0 + t * t * t * (-10.0 + t * (15.0 - 6.0 * t));
    double sr6 = std::pow(sigma / r, 6);
    return (sr6 * sr6 - sr6) * (1.0 - s) * r * r;
  };
  double sum = integrand(switchDistance) + integrand(cutoff);
  for (int i = 1; i < intervals; i++)
    sum += integrand(switchDistance + i * h) * (i % 2 == 1 ? 4.0 : 2.0);
  return sum * h / 3.0;
}

} // namespace

void NonbondedForceImpl::initialize(ContextImpl& context) {
  checkForce(context.getSystem(), _owner);
  _kernel = context.getPlatform().createKernel(CalcNonbondedForceKernel::Name(), context);
  _kernel.getAs<CalcNonbondedForceKernel>().initialize(context.getSystem(), _owner);
}

double NonbondedForceImpl::calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy,
                                               int groups) {
  bool includeDirect = _owner.getIncludeDirectSpace() && (groups & (1 << _owner.getForceGroup())) != 0;
  int recipGroup =
      _owner.getReciprocalSpaceForceGroup() < 0 ? _owner.getForceGroup() : _owner.getReciprocalSpaceForceGroup();
  bool includeReciprocal = (groups & (1 << recipGroup)) != 0;
  if (!includeDirect && !includeReciprocal)
    return 0.0;
  return _kernel.getAs<CalcNonbondedForceKernel>().execute(context, includeForces, includeEnergy, includeDirect,
                                                           includeReciprocal);
}

void NonbondedForceImpl::getPMEParameters(double& alpha, int& nx, int& ny, int& nz) const {
  _kernel.getAs<CalcNonbondedForceKernel>().getPMEParameters(alpha, nx, ny, nz);
}

void NonbondedForceImpl::getLJPMEParameters(double& alpha, int& nx, int& ny, int& nz) const {
  _kernel.getAs<CalcNonbondedForceKernel>().getLJPMEParameters(alpha, nx, ny, nz);
}

std::vector<std::string> NonbondedForceImpl::getKernelNames() { return {CalcNonbondedForceKernel::Name()}; }

void NonbondedForceImpl::updateParametersInContext(ContextImpl& context) {
  checkForce(context.getSystem(), _owner);
  _kernel.getAs<CalcNonbondedForceKernel>().copyParametersToContext(context, _owner);
}

void NonbondedForceImpl::calcEwaldParameters(const System& system, const NonbondedForce& force, double& alpha,
                                             int& kmaxx, int& kmaxy, int& kmaxz) {
  Vec3 box[3];
  system.getDefaultPeriodicBoxVectors(box[0], box[1], box[2]);
  double tol = force.getEwaldErrorTolerance();
  alpha = std::sqrt(-std::log(2.0 * tol)) / force.getCutoffDistance();
  int* kmax[3] = {&kmaxx, &kmaxy, &kmaxz};
  for (int d = 0; d < 3; d++) {
    double width = box[d][d];
    auto error = [&](int k) {
      double x = M_PI * k / (width * alpha);
      return 0.05 * std::sqrt(width * alpha) * k * std::exp(-x * x);
    };
    int k = 1;
    while (error(k) > tol)
      k++;
    *kmax[d] = k;
  }
}

namespace {

/** Alpha and grid sizes for a PME sum: the given ones if alpha != 0 and all sizes are positive, else alpha =
 * sqrt(-ln(2 tol))/cutoff and n = scale alpha L / (3 tol^(1/5)) rounded up to a product of 2, 3, 5, 7 (at least 6). */
void choosePMEParameters(const System& system, const NonbondedForce& force, double scale, double& alpha, int& nx,
                         int& ny, int& nz) {
  if (alpha != 0.0 && nx > 0 && ny > 0 && nz > 0)
    return;
  Vec3 box[3];
  system.getDefaultPeriodicBoxVectors(box[0], box[1], box[2]);
  double tol = force.getEwaldErrorTolerance();
  alpha = std::sqrt(-std::log(2.0 * tol)) / force.getCutoffDistance();
  auto legal = [](int n) {
    for (int f : {2, 3, 5, 7})
      while (n % f == 0)
        n /= f;
    return n == 1;
  };
  int* size[3] = {&nx, &ny, &nz};
  for (int d = 0; d < 3; d++) {
    int n = static_cast<int>(std::ceil(scale * alpha * box[d][d] / (3.0 * std::pow(tol, 0.2))));
    n = std::max(n, 6);
    while (!legal(n))
      n++;
    *size[d] = n;
  }
}

} // namespace

void NonbondedForceImpl::calcPMEParameters(const System& system, const NonbondedForce& force, double& alpha, int& nx,
                                           int& ny, int& nz) {
  force.getPMEParameters(alpha, nx, ny, nz);
  choosePMEParameters(system, force, 2.0, alpha, nx, ny, nz);
}

void NonbondedForceImpl::calcLJPMEParameters(const System& system, const NonbondedForce& force, double& alpha, int& nx,
                                             int& ny, int& nz) {
  force.getLJPMEParameters(alpha, nx, ny, nz);
  choosePMEParameters(system, force, 1.0, alpha, nx, ny, nz);
}

std::map<std::string, double> NonbondedForceImpl::getDefaultParameters() {
  std::map<std::string, double> parameters;
  for (int i = 0; i < _owner.getNumGlobalParameters(); i++)
    parameters[_owner.getGlobalParameterName(i)] = _owner.getGlobalParameterDefaultValue(i);
  return parameters;
}

double NonbondedForceImpl::calcDispersionCorrection(const System&, const NonbondedForce& force) {
  std::vector<double> sigmas(force.getNumParticles()), epsilons(force.getNumParticles());
  for (int i = 0; i < force.getNumParticles(); i++) {
    double charge;
    force.getParticleParameters(i, charge, sigmas[i], epsilons[i]);
  }
  return calcDispersionCorrection(force, sigmas, epsilons);
}

double NonbondedForceImpl::calcDispersionCorrection(const NonbondedForce& force, const std::vector<double>& sigmas,
                                                    const std::vector<double>& epsilons) {
  NonbondedForce::NonbondedMethod method = force.getNonbondedMethod();
  bool periodic =
      method == NonbondedForce::CutoffPeriodic || method == NonbondedForce::Ewald || method == NonbondedForce::PME;
  if (!periodic || !force.getUseDispersionCorrection())
    return 0.0;
  // Particles with equal (sigma, epsilon) form one class; average over all pairs i <= j.
  std::map<std::pair<double, double>, long long> classCounts;
  for (size_t i = 0; i < sigmas.size(); i++)
    classCounts[{sigmas[i], epsilons[i]}]++;
  double cutoff = force.getCutoffDistance();
  bool switching = force.getUseSwitchingFunction();
  double switchDistance = force.getSwitchingDistance();
  double sum12 = 0.0, sum6 = 0.0, sumSwitch = 0.0;
  for (auto a = classCounts.begin(); a != classCounts.end(); ++a) {
    for (auto b = a; b != classCounts.end(); ++b) {
      double count = a == b ? 0.5 * a->second * (a->second + 1.0) : double(a->second) * double(b->second);
      double sigma = 0.5 * (a->first.first + b->first.first);
      double epsilon = std::sqrt(a->first.second * b->first.second);
      double sigma6 = std::pow(sigma, 6);
      sum12 += count * epsilon * sigma6 * sigma6;
      sum6 += count * epsilon * sigma6;
      if (switching)
        sumSwitch += count * epsilon * switchedTailIntegral(sigma, switchDistance, cutoff);
    }
  }
  double n = static_cast<double>(sigmas.size());
  double pairs = 0.5 * n * (n + 1.0);
  sum12 /= pairs;
  sum6 /= pairs;
  sumSwitch /= pairs;
  const double pi = 3.14159265358979323846;
  return 8.0 * pi * n * n * (sum12 / (9.0 * std::pow(cutoff, 9)) - sum6 / (3.0 * std::pow(cutoff, 3)) + sumSwitch);
}

double NonbondedForceImpl::calcNeutralizingPlasmaEnergy(double totalCharge, double alpha, double volume) {
  return -ONE_4PI_EPS0 * totalCharge * totalCharge * M_PI / (2.0 * volume * alpha * alpha);
}

} // namespace OpenMM
