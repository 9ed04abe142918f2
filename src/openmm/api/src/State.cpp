// State: accessors that throw a clear message when the requested data type was not part of the
// getState() call that made this State.
#include "openmm/State.h"

#include "openmm/OpenMMException.h"

namespace OpenMM {

namespace {
void require(int types, int type, const char* what) {
  if ((types & type) == 0)
    throw OpenMMException(std::string("Invoked get") + what + "() on a State which does not contain " + what +
                          " (request it in Context::getState()).");
}
} // namespace

const std::vector<Vec3>& State::getPositions() const {
  require(_types, Positions, "Positions");
  return _positions;
}

const std::vector<Vec3>& State::getVelocities() const {
  require(_types, Velocities, "Velocities");
  return _velocities;
}

const std::vector<Vec3>& State::getForces() const {
  require(_types, Forces, "Forces");
  return _forces;
}

double State::getKineticEnergy() const {
  require(_types, Energy, "KineticEnergy");
  return _kineticEnergy;
}

double State::getPotentialEnergy() const {
  require(_types, Energy, "PotentialEnergy");
  return _potentialEnergy;
}

void State::getPeriodicBoxVectors(Vec3& a, Vec3& b, Vec3& c) const {
  a = _box[0];
  b = _box[1];
  c = _box[2];
}

double State::getPeriodicBoxVolume() const { return _box[0][0] * _box[1][1] * _box[2][2]; }

const std::map<std::string, double>& State::getParameters() const {
  require(_types, Parameters, "Parameters");
  return _parameters;
}

const std::map<std::string, double>& State::getEnergyParameterDerivatives() const {
  require(_types, ParameterDerivatives, "EnergyParameterDerivatives");
  return _derivatives;
}

State::StateBuilder::StateBuilder(double time, long long stepCount) {
  _state._time = time;
  _state._stepCount = stepCount;
}

void State::StateBuilder::setPositions(const std::vector<Vec3>& pos) {
  _state._positions = pos;
  _state._types |= Positions;
}

void State::StateBuilder::setVelocities(const std::vector<Vec3>& vel) {
  _state._velocities = vel;
  _state._types |= Velocities;
}

void State::StateBuilder::setForces(const std::vector<Vec3>& force) {
  _state._forces = force;
  _state._types |= Forces;
}

void State::StateBuilder::setParameters(const std::map<std::string, double>& params) {
  _state._parameters = params;
  _state._types |= Parameters;
}

void State::StateBuilder::setEnergyParameterDerivatives(const std::map<std::string, double>& params) {
  _state._derivatives = params;
  _state._types |= ParameterDerivatives;
}

void State::StateBuilder::setEnergy(double ke, double pe) {
  _state._kineticEnergy = ke;
  _state._potentialEnergy = pe;
  _state._types |= Energy;
}

void State::StateBuilder::setPeriodicBoxVectors(const Vec3& a, const Vec3& b, const Vec3& c) {
  _state._box[0] = a;
  _state._box[1] = b;
  _state._box[2] = c;
}

} // namespace OpenMM
