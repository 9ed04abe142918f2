// Context: forwards to its ContextImpl; assembles States, draws Maxwell velocities, wraps molecules into
// the box and rebuilds the ContextImpl on reinitialize().
#include "openmm/Context.h"

#include "openmm/Integrator.h"
#include "openmm/OpenMMException.h"
#include "openmm/Platform.h"
#include "openmm/System.h"
#include "openmm/internal/ContextImpl.h"
#include "openmm/internal/PhysicalConstants.h"

#include <cmath>
#include <random>
#include <sstream>

namespace OpenMM {

Context::Context(const System& system, Integrator& integrator)
    : _impl(std::make_unique<ContextImpl>(*this, system, integrator, nullptr, _properties)) {}

Context::Context(const System& system, Integrator& integrator, Platform& platform)
    : _impl(std::make_unique<ContextImpl>(*this, system, integrator, &platform, _properties)) {}

Context::Context(const System& system, Integrator& integrator, Platform& platform,
                 const std::map<std::string, std::string>& properties)
    : _properties(properties), _impl(std::make_unique<ContextImpl>(*this, system, integrator, &platform, _properties)) {
}

Context::~Context() = default;

ContextImpl& Context::getImpl() {
  if (!_impl)
    throw OpenMMException("Context: the Context is not initialized (a previous reinitialize() failed)");
  return *_impl;
}

const ContextImpl& Context::getImpl() const {
  if (!_impl)
    throw OpenMMException("Context: the Context is not initialized (a previous reinitialize() failed)");
  return *_impl;
}

const System& Context::getSystem() const { return getImpl().getSystem(); }
Integrator& Context::getIntegrator() { return getImpl().getIntegrator(); }
const Integrator& Context::getIntegrator() const { return getImpl().getIntegrator(); }
Platform& Context::getPlatform() { return getImpl().getPlatform(); }
const Platform& Context::getPlatform() const { return getImpl().getPlatform(); }

namespace {

/** Shifts each molecule by whole box vectors so that its centre lies in the primary cell. */
void wrapMolecules(std::vector<Vec3>& positions, const std::vector<std::vector<int>>& molecules, const Vec3* box) {
  for (const auto& molecule : molecules) {
    Vec3 centre;
    for (int p : molecule)
      centre += positions[p];
    centre /= static_cast<double>(molecule.size());
    Vec3 shift;
    for (int d = 2; d >= 0; d--) {
      double n = std::floor((centre[d] - shift[d]) / box[d][d]);
      shift += box[d] * n;
    }
    for (int p : molecule)
      positions[p] -= shift;
  }
}

} // namespace

State Context::getState(int types, bool enforcePeriodicBox, int groups) const {
  ContextImpl& impl = const_cast<ContextImpl&>(getImpl());
  State state;
  state._types = types;
  state._time = impl.getTime();
  state._stepCount = impl.getStepCount();
  impl.getPeriodicBoxVectors(state._box[0], state._box[1], state._box[2]);
  if (types & (State::Forces | State::Energy | State::ParameterDerivatives)) {
    // As in OpenMM, the half-step kinetic energy of a leapfrog integrator is shifted with the forces of the
    // queried groups, so forces are computed whenever the energy is asked for; the energy-parameter
    // derivatives come with a force evaluation.
    bool forces = (types & State::Forces) != 0, energy = (types & State::Energy) != 0;
    bool derivatives = (types & State::ParameterDerivatives) != 0;
    Integrator& integrator = impl.getIntegrator();
    bool needForces = forces || derivatives || (energy && integrator.kineticEnergyRequiresForce());
    double potential = impl.calcForcesAndEnergy(needForces, energy, groups);
    if (energy) {
      state._potentialEnergy = potential;
      state._kineticEnergy = integrator.computeKineticEnergy();
    }
    if (forces)
      impl.getForces(state._forces);
    if (derivatives)
      impl.getEnergyParameterDerivatives(state._derivatives);
  }
  if (types & State::Positions) {
    impl.getPositions(state._positions);
    if (enforcePeriodicBox)
      wrapMolecules(state._positions, impl.getMolecules(), state._box);
  }
  if (types & State::Velocities)
    impl.getVelocities(state._velocities);
  if (types & State::Parameters)
    state._parameters = impl.getParameters();
  if (types & State::IntegratorParameters) {
    std::ostringstream stream;
    impl.getIntegrator().createCheckpoint(stream);
    state._integratorParameters = stream.str();
  }
  return state;
}

void Context::setState(const State& state) {
  ContextImpl& impl = getImpl();
  impl.setTime(state.getTime());
  impl.setStepCount(state.getStepCount());
  Vec3 a, b, c;
  state.getPeriodicBoxVectors(a, b, c);
  impl.setPeriodicBoxVectors(a, b, c);
  if (state.getDataTypes() & State::Positions)
    impl.setPositions(state.getPositions());
  if (state.getDataTypes() & State::Velocities)
    impl.setVelocities(state.getVelocities());
  if (state.getDataTypes() & State::Parameters)
    for (const auto& p : state.getParameters())
      impl.setParameter(p.first, p.second);
  if ((state.getDataTypes() & State::IntegratorParameters) && !state._integratorParameters.empty()) {
    std::istringstream stream(state._integratorParameters);
    impl.getIntegrator().loadCheckpoint(stream);
  }
}

double Context::getTime() const { return getImpl().getTime(); }
void Context::setTime(double time) { getImpl().setTime(time); }
long long Context::getStepCount() const { return getImpl().getStepCount(); }
void Context::setStepCount(long long count) { getImpl().setStepCount(count); }
void Context::setPositions(const std::vector<Vec3>& positions) { getImpl().setPositions(positions); }
void Context::setVelocities(const std::vector<Vec3>& velocities) { getImpl().setVelocities(velocities); }

void Context::setVelocitiesToTemperature(double temperature, int randomSeed) {
  if (!(temperature >= 0.0))
    throw OpenMMException("Context: setVelocitiesToTemperature() needs a temperature >= 0, got " +
                          std::to_string(temperature));
  const System& system = getSystem();
  std::mt19937_64 engine(randomSeed != 0 ? static_cast<unsigned long long>(randomSeed) : std::random_device()());
  std::normal_distribution<double> normal;
  std::vector<Vec3> velocities(system.getNumParticles());
  for (int i = 0; i < system.getNumParticles(); i++) {
    double mass = system.getParticleMass(i);
    if (mass == 0.0)
      continue;
    double scale = std::sqrt(BOLTZ * temperature / mass);
    double x = normal(engine), y = normal(engine), z = normal(engine);
    velocities[i] = Vec3(x, y, z) * scale;
  }
  // Leapfrog-style integrators hold velocities half a step behind the positions: shift them back by the
  // integrator's time offset, so that the first half kick starts from the drawn velocities (as OpenMM does).
  double offset = getImpl().getIntegrator().getVelocityTimeOffset();
  if (offset != 0.0) {
    std::vector<Vec3> forces;
    getImpl().calcForcesAndEnergy(true, false, getImpl().getIntegrator().getIntegrationForceGroups());
    getImpl().getForces(forces);
    for (int i = 0; i < system.getNumParticles(); i++) {
      double mass = system.getParticleMass(i);
      if (mass != 0.0)
        velocities[i] -= forces[i] * (offset / mass);
    }
  }
  getImpl().setVelocities(velocities);
  getImpl().applyVelocityConstraints(1e-5);
}

const std::map<std::string, double>& Context::getParameters() const { return getImpl().getParameters(); }
double Context::getParameter(const std::string& name) const { return getImpl().getParameter(name); }
void Context::setParameter(const std::string& name, double value) { getImpl().setParameter(name, value); }

void Context::setPeriodicBoxVectors(const Vec3& a, const Vec3& b, const Vec3& c) {
  getImpl().setPeriodicBoxVectors(a, b, c);
}

void Context::applyConstraints(double tol) { getImpl().applyConstraints(tol); }
void Context::applyVelocityConstraints(double tol) { getImpl().applyVelocityConstraints(tol); }
const std::vector<std::vector<int>>& Context::getMolecules() const { return getImpl().getMolecules(); }
void Context::computeVirtualSites() {
  // A force evaluation of no force group places the virtual sites on every platform that supports them.
  getImpl().calcForcesAndEnergy(false, false, 0);
}

void Context::reinitialize(bool preserveState) {
  const System& system = getImpl().getSystem();
  Integrator& integrator = getImpl().getIntegrator();
  Platform& platform = getImpl().getPlatform();
  std::stringstream checkpoint(std::ios::in | std::ios::out | std::ios::binary);
  if (preserveState)
    getImpl().createCheckpoint(checkpoint);
  _impl.reset();
  _impl = std::make_unique<ContextImpl>(*this, system, integrator, &platform, _properties);
  if (preserveState)
    _impl->loadCheckpoint(checkpoint);
}

void Context::createCheckpoint(std::ostream& stream) { getImpl().createCheckpoint(stream); }
void Context::loadCheckpoint(std::istream& stream) { getImpl().loadCheckpoint(stream); }

} // namespace OpenMM
