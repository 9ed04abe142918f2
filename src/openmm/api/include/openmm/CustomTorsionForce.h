// CustomTorsionForce: torsion terms whose energy is an algebraic expression of the dihedral angle theta (radians, -pi
// to pi) of four particles, per-torsion parameters and global parameters (Context parameters), e.g.
// "k*(1+cos(n*theta-theta0))".
#pragma once

#include "openmm/Force.h"
#include "openmm/internal/CustomForceParameters.h"

#include <string>
#include <vector>

namespace OpenMM {

class CustomTorsionForce : public Force {
public:
  explicit CustomTorsionForce(const std::string& energy);
  int getNumTorsions() const { return static_cast<int>(_terms.size()); }
  const std::string& getEnergyFunction() const { return _energy; }
  void setEnergyFunction(const std::string& energy) { _energy = energy; }

  int getNumPerTorsionParameters() const { return _parameters.getNumPerTermParameters(); }
  int addPerTorsionParameter(const std::string& name) { return _parameters.addPerTermParameter(name); }
  const std::string& getPerTorsionParameterName(int index) const { return _parameters.getPerTermParameterName(index); }
  void setPerTorsionParameterName(int index, const std::string& name) {
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

  int addTorsion(int particle1, int particle2, int particle3, int particle4,
                 const std::vector<double>& parameters = std::vector<double>());
  void getTorsionParameters(int index, int& particle1, int& particle2, int& particle3, int& particle4,
                            std::vector<double>& parameters) const;
  void setTorsionParameters(int index, int particle1, int particle2, int particle3, int particle4,
                            const std::vector<double>& parameters = std::vector<double>());
  /** Copies changed per-torsion parameters into a Context (the particles of each term must not change). */
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
  CustomForceParameters _parameters{"CustomTorsionForce", "torsion"};
  std::vector<TermInfo> _terms;
  bool _usePeriodic = false;
};

} // namespace OpenMM
