// State: a snapshot of a Context (time, positions, velocities, forces, energies, box, parameters) taken by
// Context::getState(); only the requested data types are present, asking for others throws.
#pragma once

#include "openmm/Vec3.h"

#include <map>
#include <string>
#include <vector>

namespace OpenMM {

class State {
public:
  enum DataType {
    Positions = 1,
    Velocities = 2,
    Forces = 4,
    Energy = 8,
    Parameters = 16,
    ParameterDerivatives = 32,
    IntegratorParameters = 64
  };

  State() = default;
  double getTime() const { return _time; }
  long long getStepCount() const { return _stepCount; }
  const std::vector<Vec3>& getPositions() const;
  const std::vector<Vec3>& getVelocities() const;
  const std::vector<Vec3>& getForces() const;
  double getKineticEnergy() const;
  double getPotentialEnergy() const;
  void getPeriodicBoxVectors(Vec3& a, Vec3& b, Vec3& c) const;
  double getPeriodicBoxVolume() const;
  const std::map<std::string, double>& getParameters() const;
  const std::map<std::string, double>& getEnergyParameterDerivatives() const;
  int getDataTypes() const { return _types; }

  /** Builds a State piece by piece (what XmlSerializer reads); each setter adds its data type. */
  class StateBuilder;

private:
  friend class Context;
  int _types = 0;
  double _time = 0.0;
  long long _stepCount = 0;
  std::vector<Vec3> _positions, _velocities, _forces;
  double _kineticEnergy = 0.0, _potentialEnergy = 0.0;
  Vec3 _box[3];
  std::map<std::string, double> _parameters, _derivatives;
  /** IntegratorParameters: what the integrator keeps between steps, as its checkpoint writes it. */
  std::string _integratorParameters;
};

class State::StateBuilder {
public:
  StateBuilder(double time, long long stepCount);
  State getState() { return _state; }
  void setPositions(const std::vector<Vec3>& pos);
  void setVelocities(const std::vector<Vec3>& vel);
  void setForces(const std::vector<Vec3>& force);
  void setParameters(const std::map<std::string, double>& params);
  void setEnergyParameterDerivatives(const std::map<std::string, double>& params);
  void setEnergy(double ke, double pe);
  void setPeriodicBoxVectors(const Vec3& a, const Vec3& b, const Vec3& c);

private:
  State _state;
};

} // namespace OpenMM
