// NonbondedForce: particle and exception parameters, method and cutoff settings with validation, and
// createExceptionsFromBonds (1-2 and 1-3 pairs excluded, 1-4 pairs scaled).
#include "openmm/NonbondedForce.h"

#include "openmm/OpenMMException.h"
#include "openmm/internal/NonbondedForceImpl.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace OpenMM {

void NonbondedForce::checkParticle(int index) const {
  if (index < 0 || index >= getNumParticles())
    throw OpenMMException("NonbondedForce: Illegal particle index: " + std::to_string(index));
}

void NonbondedForce::checkException(int index) const {
  if (index < 0 || index >= getNumExceptions())
    throw OpenMMException("NonbondedForce: Illegal exception index: " + std::to_string(index));
}

void NonbondedForce::setNonbondedMethod(NonbondedMethod method) {
  if (method < NoCutoff || method > LJPME)
    throw OpenMMException("NonbondedForce: Illegal value for nonbonded method: " + std::to_string(int(method)));
  _method = method;
}

void NonbondedForce::setCutoffDistance(double distance) {
  if (!(distance > 0.0))
    throw OpenMMException("NonbondedForce: cutoff distance must be positive, got " + std::to_string(distance));
  _cutoff = distance;
}

void NonbondedForce::setSwitchingDistance(double distance) { _switchingDistance = distance; }

void NonbondedForce::setReactionFieldDielectric(double dielectric) {
  if (!(dielectric > 0.0))
    throw OpenMMException("NonbondedForce: reaction field dielectric must be positive, got " +
                          std::to_string(dielectric));
  _reactionFieldDielectric = dielectric;
}

void NonbondedForce::setEwaldErrorTolerance(double tol) {
  if (!(tol > 0.0))
    throw OpenMMException("NonbondedForce: Ewald error tolerance must be positive, got " + std::to_string(tol));
  _ewaldErrorTolerance = tol;
}

void NonbondedForce::setReciprocalSpaceForceGroup(int group) {
  if (group < -1 || group > 31)
    throw OpenMMException("NonbondedForce: reciprocal space force group must be between -1 and 31, got " +
                          std::to_string(group));
  _recipForceGroup = group;
}

void NonbondedForce::getPMEParameters(double& alpha, int& nx, int& ny, int& nz) const {
  alpha = _pmeAlpha;
  nx = _pmeGrid[0];
  ny = _pmeGrid[1];
  nz = _pmeGrid[2];
}

void NonbondedForce::setPMEParameters(double alpha, int nx, int ny, int nz) {
  _pmeAlpha = alpha;
  _pmeGrid[0] = nx;
  _pmeGrid[1] = ny;
  _pmeGrid[2] = nz;
}

void NonbondedForce::getLJPMEParameters(double& alpha, int& nx, int& ny, int& nz) const {
  alpha = _ljpmeAlpha;
  nx = _ljpmeGrid[0];
  ny = _ljpmeGrid[1];
  nz = _ljpmeGrid[2];
}

void NonbondedForce::setLJPMEParameters(double alpha, int nx, int ny, int nz) {
  _ljpmeAlpha = alpha;
  _ljpmeGrid[0] = nx;
  _ljpmeGrid[1] = ny;
  _ljpmeGrid[2] = nz;
}

int NonbondedForce::addParticle(double charge, double sigma, double epsilon) {
  _particles.push_back({charge, sigma, epsilon});
  return getNumParticles() - 1;
}

void NonbondedForce::getParticleParameters(int index, double& charge, double& sigma, double& epsilon) const {
  checkParticle(index);
  charge = _particles[index].charge;
  sigma = _particles[index].sigma;
  epsilon = _particles[index].epsilon;
}

void NonbondedForce::setParticleParameters(int index, double charge, double sigma, double epsilon) {
  checkParticle(index);
  _particles[index] = {charge, sigma, epsilon};
}

int NonbondedForce::addException(int particle1, int particle2, double chargeProd, double sigma, double epsilon,
                                 bool replace) {
  if (particle1 == particle2)
    throw OpenMMException("NonbondedForce: an exception must join two different particles, got " +
                          std::to_string(particle1) + " twice");
  std::pair<int, int> key(std::min(particle1, particle2), std::max(particle1, particle2));
  auto existing = _exceptionMap.find(key);
  if (existing != _exceptionMap.end()) {
    if (!replace)
      throw OpenMMException("NonbondedForce: There is already an exception for particles " + std::to_string(particle1) +
                            " and " + std::to_string(particle2));
    _exceptions[existing->second] = {particle1, particle2, chargeProd, sigma, epsilon};
    return existing->second;
  }
  _exceptions.push_back({particle1, particle2, chargeProd, sigma, epsilon});
  _exceptionMap[key] = getNumExceptions() - 1;
  return getNumExceptions() - 1;
}

void NonbondedForce::getExceptionParameters(int index, int& particle1, int& particle2, double& chargeProd,
                                            double& sigma, double& epsilon) const {
  checkException(index);
  const ExceptionInfo& e = _exceptions[index];
  particle1 = e.particle1;
  particle2 = e.particle2;
  chargeProd = e.chargeProd;
  sigma = e.sigma;
  epsilon = e.epsilon;
}

void NonbondedForce::setExceptionParameters(int index, int particle1, int particle2, double chargeProd, double sigma,
                                            double epsilon) {
  checkException(index);
  ExceptionInfo& e = _exceptions[index];
  _exceptionMap.erase({std::min(e.particle1, e.particle2), std::max(e.particle1, e.particle2)});
  e = {particle1, particle2, chargeProd, sigma, epsilon};
  _exceptionMap[{std::min(particle1, particle2), std::max(particle1, particle2)}] = index;
}

void NonbondedForce::createExceptionsFromBonds(const std::vector<std::pair<int, int>>& bonds, double coulomb14Scale,
                                               double lj14Scale) {
  std::vector<std::set<int>> neighbours(_particles.size());
  for (const auto& bond : bonds) {
    if (bond.first < 0 || bond.second < 0 || bond.first >= getNumParticles() || bond.second >= getNumParticles())
      throw OpenMMException("NonbondedForce: createExceptionsFromBonds: Illegal particle index in list of bonds: (" +
                            std::to_string(bond.first) + ", " + std::to_string(bond.second) + ")");
    neighbours[bond.first].insert(bond.second);
    neighbours[bond.second].insert(bond.first);
  }
  // Exceptions are created in OpenMM's order, so that programs editing them by index change the same pairs: by
  // the larger index i ascending, then the smaller index j ascending, as (j, i).
  for (int i = 0; i < getNumParticles(); i++) {
    // Breadth-first search to depth 3 gives the bond distance of every nearby particle.
    std::map<int, int> distance{{i, 0}};
    std::vector<int> frontier{i};
    for (int depth = 1; depth <= 3; depth++) {
      std::vector<int> next;
      for (int p : frontier)
        for (int q : neighbours[p])
          if (distance.emplace(q, depth).second)
            next.push_back(q);
      frontier.swap(next);
    }
    for (const auto& entry : distance) {
      int j = entry.first;
      if (j >= i)
        break;
      if (entry.second < 3) {
        addException(j, i, 0.0, 1.0, 0.0);
      } else {
        const ParticleInfo& a = _particles[j];
        const ParticleInfo& b = _particles[i];
        addException(j, i, coulomb14Scale * a.charge * b.charge, 0.5 * (a.sigma + b.sigma),
                     lj14Scale * std::sqrt(a.epsilon * b.epsilon));
      }
    }
  }
}

void NonbondedForce::checkGlobal(int index) const {
  if (index < 0 || index >= getNumGlobalParameters())
    throw OpenMMException("NonbondedForce: Illegal global parameter index: " + std::to_string(index));
}

int NonbondedForce::addGlobalParameter(const std::string& name, double defaultValue) {
  _globals.emplace_back(name, defaultValue);
  return getNumGlobalParameters() - 1;
}

const std::string& NonbondedForce::getGlobalParameterName(int index) const {
  checkGlobal(index);
  return _globals[index].first;
}

void NonbondedForce::setGlobalParameterName(int index, const std::string& name) {
  checkGlobal(index);
  _globals[index].first = name;
}

double NonbondedForce::getGlobalParameterDefaultValue(int index) const {
  checkGlobal(index);
  return _globals[index].second;
}

void NonbondedForce::setGlobalParameterDefaultValue(int index, double defaultValue) {
  checkGlobal(index);
  _globals[index].second = defaultValue;
}

int NonbondedForce::addParticleParameterOffset(const std::string& parameter, int particleIndex, double chargeScale,
                                               double sigmaScale, double epsilonScale) {
  _particleOffsets.push_back({parameter, particleIndex, chargeScale, sigmaScale, epsilonScale});
  return getNumParticleParameterOffsets() - 1;
}

void NonbondedForce::getParticleParameterOffset(int index, std::string& parameter, int& particleIndex,
                                                double& chargeScale, double& sigmaScale, double& epsilonScale) const {
  if (index < 0 || index >= getNumParticleParameterOffsets())
    throw OpenMMException("NonbondedForce: Illegal particle parameter offset index: " + std::to_string(index));
  const OffsetInfo& o = _particleOffsets[index];
  parameter = o.parameter;
  particleIndex = o.index;
  chargeScale = o.chargeScale;
  sigmaScale = o.sigmaScale;
  epsilonScale = o.epsilonScale;
}

void NonbondedForce::setParticleParameterOffset(int index, const std::string& parameter, int particleIndex,
                                                double chargeScale, double sigmaScale, double epsilonScale) {
  if (index < 0 || index >= getNumParticleParameterOffsets())
    throw OpenMMException("NonbondedForce: Illegal particle parameter offset index: " + std::to_string(index));
  _particleOffsets[index] = {parameter, particleIndex, chargeScale, sigmaScale, epsilonScale};
}

int NonbondedForce::addExceptionParameterOffset(const std::string& parameter, int exceptionIndex,
                                                double chargeProdScale, double sigmaScale, double epsilonScale) {
  _exceptionOffsets.push_back({parameter, exceptionIndex, chargeProdScale, sigmaScale, epsilonScale});
  return getNumExceptionParameterOffsets() - 1;
}

void NonbondedForce::getExceptionParameterOffset(int index, std::string& parameter, int& exceptionIndex,
                                                 double& chargeProdScale, double& sigmaScale,
                                                 double& epsilonScale) const {
  if (index < 0 || index >= getNumExceptionParameterOffsets())
    throw OpenMMException("NonbondedForce: Illegal exception parameter offset index: " + std::to_string(index));
  const OffsetInfo& o = _exceptionOffsets[index];
  parameter = o.parameter;
  exceptionIndex = o.index;
  chargeProdScale = o.chargeScale;
  sigmaScale = o.sigmaScale;
  epsilonScale = o.epsilonScale;
}

void NonbondedForce::setExceptionParameterOffset(int index, const std::string& parameter, int exceptionIndex,
                                                 double chargeProdScale, double sigmaScale, double epsilonScale) {
  if (index < 0 || index >= getNumExceptionParameterOffsets())
    throw OpenMMException("NonbondedForce: Illegal exception parameter offset index: " + std::to_string(index));
  _exceptionOffsets[index] = {parameter, exceptionIndex, chargeProdScale, sigmaScale, epsilonScale};
}

void NonbondedForce::getPMEParametersInContext(const Context& context, double& alpha, int& nx, int& ny, int& nz) const {
  dynamic_cast<const NonbondedForceImpl&>(getImplInContext(context)).getPMEParameters(alpha, nx, ny, nz);
}

void NonbondedForce::getLJPMEParametersInContext(const Context& context, double& alpha, int& nx, int& ny,
                                                 int& nz) const {
  dynamic_cast<const NonbondedForceImpl&>(getImplInContext(context)).getLJPMEParameters(alpha, nx, ny, nz);
}

void NonbondedForce::updateParametersInContext(Context& context) {
  dynamic_cast<NonbondedForceImpl&>(getImplInContext(context)).updateParametersInContext(getContextImpl(context));
}

bool NonbondedForce::usesPeriodicBoundaryConditions() const {
  return _method == CutoffPeriodic || _method == Ewald || _method == PME || _method == LJPME;
}

ForceImpl* NonbondedForce::createImpl() const { return new NonbondedForceImpl(*this); }

} // namespace OpenMM
