// RestrainedEnergy: the minimizer's objective through a Context, with a CPU recomputation where fixed-point force
// accumulation would overflow.
#include "openmm/internal/RestrainedEnergy.h"

#include "openmm/OpenMMException.h"
#include "openmm/internal/ContextImpl.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace OpenMM {

namespace {

// 64-bit fixed point with 32 fractional bits holds |x| < 2^31 ~ 2.1e9; stay well inside.
constexpr double fixedPointLimit = 1e9;

} // namespace

RestrainedEnergy::RestrainedEnergy(ContextImpl& impl, double strength)
    : _impl(impl), _system(impl.getSystem()), _strength(strength), _movable(_system.getNumParticles()) {
  const std::string& name = impl.getPlatform().getName();
  _fixedPointPlatform = name == "OpenCL" || name == "CUDA";
  for (int i = 0; i < _system.getNumParticles(); i++)
    _movable[i] = _system.getParticleMass(i) != 0.0;
  for (int c = 0; c < _system.getNumConstraints(); c++) {
    Constraint constraint;
    _system.getConstraintParameters(c, constraint.particle1, constraint.particle2, constraint.distance);
    if (_movable[constraint.particle1] || _movable[constraint.particle2])
      _constraints.push_back(constraint); // One between two massless particles is ignored, as in integration.
  }
}

RestrainedEnergy::~RestrainedEnergy() = default;

void RestrainedEnergy::setPositions(const std::vector<double>& x) {
  _positions.resize(x.size() / 3);
  for (size_t i = 0; i < _positions.size(); i++)
    _positions[i] = Vec3(x[3 * i], x[3 * i + 1], x[3 * i + 2]);
  _impl.setPositions(_positions);
}

double RestrainedEnergy::potential(ContextImpl& impl) {
  double energy = impl.calcForcesAndEnergy(true, true, _impl.getIntegrator().getIntegrationForceGroups());
  impl.getForces(_forces);
  return energy;
}

Context& RestrainedEnergy::exactContext() {
  if (_exactContext == nullptr) {
    Platform* platform;
    try {
      platform = &Platform::getPlatformByName("CPU");
    } catch (const OpenMMException&) {
      platform = &Platform::getPlatformByName("Reference");
    }
    _exactIntegrator = std::make_unique<VerletIntegrator>(1.0);
    _exactContext = std::make_unique<Context>(_system, *_exactIntegrator, *platform);
    _exactContext->setState(_impl.getOwner().getState(State::Positions | State::Parameters));
  }
  return *_exactContext;
}

double RestrainedEnergy::evaluate(const std::vector<double>& x, std::vector<double>& gradient, double& energy,
                                  double& restraint) {
  for (double v : x)
    if (!std::isfinite(v))
      return std::numeric_limits<double>::infinity();
  setPositions(x);
  energy = potential(_impl);
  if (_fixedPointPlatform) {
    bool overflow = !(std::fabs(energy) < fixedPointLimit);
    for (size_t i = 0; i < _forces.size() && !overflow; i++)
      overflow = !(std::fabs(_forces[i][0]) < fixedPointLimit && std::fabs(_forces[i][1]) < fixedPointLimit &&
                   std::fabs(_forces[i][2]) < fixedPointLimit);
    if (overflow) {
      ContextImpl& exact = exactContext().getImpl();
      exact.setPositions(_positions);
      energy = potential(exact);
    }
  }
  gradient.assign(x.size(), 0.0);
  bool finite = std::isfinite(energy);
  for (size_t i = 0; i < _positions.size(); i++)
    if (_movable[i])
      for (int d = 0; d < 3; d++) {
        gradient[3 * i + d] = -_forces[i][d];
        finite = finite && std::isfinite(_forces[i][d]);
      }
  restraint = 0.0;
  for (const Constraint& c : _constraints) {
    const int p1 = c.particle1, p2 = c.particle2;
    Vec3 delta = _positions[p1] - _positions[p2];
    double r = std::sqrt(delta.dot(delta));
    double stretch = r - c.distance;
    restraint += 0.5 * _strength * stretch * stretch;
    if (r == 0.0)
      continue; // No direction to pull along.
    Vec3 pull = delta * (_strength * stretch / r);
    for (int d = 0; d < 3; d++) {
      if (_movable[p1])
        gradient[3 * p1 + d] += pull[d];
      if (_movable[p2])
        gradient[3 * p2 + d] -= pull[d];
    }
  }
  return finite && std::isfinite(restraint) ? energy + restraint : std::numeric_limits<double>::infinity();
}

double RestrainedEnergy::maxConstraintError(const std::vector<double>& x) const {
  double error = 0.0;
  for (const Constraint& c : _constraints) {
    const int p1 = c.particle1, p2 = c.particle2;
    Vec3 delta(x[3 * p1] - x[3 * p2], x[3 * p1 + 1] - x[3 * p2 + 1], x[3 * p1 + 2] - x[3 * p2 + 2]);
    error = std::max(error, std::fabs(std::sqrt(delta.dot(delta)) - c.distance) / c.distance);
  }
  return error;
}

} // namespace OpenMM
