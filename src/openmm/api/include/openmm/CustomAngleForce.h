// CustomAngleForce: angle terms whose energy is an algebraic expression of the angle theta (radians) at the second of
// three particles, per-angle parameters and global parameters (Context parameters), e.g. "0.5*k*(theta-theta0)^2".
#pragma once

#include "openmm/Force.h"
#include "openmm/internal/CustomForceParameters.h"

#include <string>
#include <vector>

namespace OpenMM {

class CustomAngleForce : public Force {
public:
  explicit CustomAngleForce(const std::string& energy);
  int getNumAngles() const { return static_cast<int>(_terms.size()); }
  const std::string& getEnergyFunction() const { return _energy; }
  void setEnergyFunction(const std::string& energy) { _energy = energy; }

  int getNumPerAngleParameters() const { return _parameters.getNumPerTermParameters(); }
  int addPerAngleParameter(const std::string& name) { return _parameters.addPerTermParameter(name); }
  const std::string& getPerAngleParameterName(int index) const { return _parameters.getPerTermParameterName(index); }
  void setPerAngleParameterName(int index, const std::string& name) {
    _parameters.setPerTermParameterName(index, name);
  }
  int getNumGlobalParameters() const { return _parameters.getNumGlobalParameters(); }
  int addGlobalParameter(const std::string& name, double defaultValue) {
    return _parameters.addGlobalParameter(name, defaultValue);
  }
  const std::string& getGlobalParameterName(int index) const { return _parameters.getGlobalParameterName(index); }
  void setGlobalParameterName(int index, const std::string& name) { _parameters.setGlobalParameterName(index, name); }
  double getGlobalParameterDefaultValue(int index) const { return _parameters.getGlobalParameterDefaultValue(index); }
  int getNumEnergyParameterDerivatives() const { return _parameters.getNumEnergyParameterDerivatives(); }
  /** Requests dE/d(name) of this force in State::getEnergyParameterDerivatives(); name is a global parameter. */
  void addEnergyParameterDerivative(const std::string& name) { _parameters.addEnergyParameterDerivative(name); }
  const std::string& getEnergyParameterDerivativeName(int index) const {
    return _parameters.getEnergyParameterDerivativeName(index);
  }
  void setGlobalParameterDefaultValue(int index, double value) {
    _parameters.setGlobalParameterDefaultValue(index, value);
  }

  int addAngle(int particle1, int particle2, int particle3,
               const std::vector<double>& parameters = std::vector<double>());
  void getAngleParameters(int index, int& particle1, int& particle2, int& particle3,
                          std::vector<double>& parameters) const;
  void setAngleParameters(int index, int particle1, int particle2, int particle3,
                          const std::vector<double>& parameters = std::vector<double>());
  /** Copies changed per-angle parameters into a Context (the particles of each term must not change). */
  void updateParametersInContext(Context& context);
  void setUsesPeriodicBoundaryConditions(bool periodic) { _usePeriodic = periodic; }
  bool usesPeriodicBoundaryConditions() const override { return _usePeriodic; }
  /** The parameter lists (used by the implementation layer). */
  const CustomForceParameters& parameterList() const { return _parameters; }

protected:
  ForceImpl* createImpl() const override;

private:
  struct TermInfo {
    std::vector<int> particles;
    std::vector<double> parameters;
  };
  std::string _energy;
  CustomForceParameters _parameters{"CustomAngleForce", "angle"};
  std::vector<TermInfo> _terms;
  bool _usePeriodic = false;
};

} // namespace OpenMM
