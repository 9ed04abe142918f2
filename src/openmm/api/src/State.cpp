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

} // namespace OpenMM
