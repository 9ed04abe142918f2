// CustomCentroidBondForce: like CustomCompoundBondForce, but each bond joins groups of particles, represented by
// their weighted centres (weights default to the particle masses): x1, distance(g1,g2), angle(g1,g2,g3), ... are
// those of the centres, and the force on a centre is shared among its particles in proportion to their weights.
#pragma once

#include "openmm/Force.h"
#include "openmm/internal/CustomForceParameters.h"
#include "openmm/internal/TabulatedFunctionList.h"

#include <string>
#include <vector>

namespace OpenMM {

class CustomCentroidBondForce : public Force {
public:
  CustomCentroidBondForce(int numGroups, const std::string& energy);
  int getNumGroupsPerBond() const { return _groupsPerBond; }
  int getNumGroups() const { return static_cast<int>(_groups.size()); }
  int getNumBonds() const { return static_cast<int>(_bonds.size()); }
  const std::string& getEnergyFunction() const { return _energy; }
  void setEnergyFunction(const std::string& energy) { _energy = energy; }

  int getNumPerBondParameters() const { return _parameters.getNumPerTermParameters(); }
  int addPerBondParameter(const std::string& name) { return _parameters.addPerTermParameter(name); }
  const std::string& getPerBondParameterName(int index) const { return _parameters.getPerTermParameterName(index); }
  void setPerBondParameterName(int index, const std::string& name) { _parameters.setPerTermParameterName(index, name); }
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

  /** A group of particles; weights empty means the particle masses, else one weight per particle. */
  int addGroup(const std::vector<int>& particles, const std::vector<double>& weights = std::vector<double>());
  void getGroupParameters(int index, std::vector<int>& particles, std::vector<double>& weights) const;
  void setGroupParameters(int index, const std::vector<int>& particles,
                          const std::vector<double>& weights = std::vector<double>());
  /** groups.size() must be getNumGroupsPerBond() (checked here). */
  int addBond(const std::vector<int>& groups, const std::vector<double>& parameters = std::vector<double>());
  void getBondParameters(int index, std::vector<int>& groups, std::vector<double>& parameters) const;
  void setBondParameters(int index, const std::vector<int>& groups,
                         const std::vector<double>& parameters = std::vector<double>());

  int getNumTabulatedFunctions() const { return _functions.size(); }
  int addTabulatedFunction(const std::string& name, TabulatedFunction* function) {
    return _functions.add(name, function);
  }
  const TabulatedFunction& getTabulatedFunction(int index) const { return _functions.get(index); }
  TabulatedFunction& getTabulatedFunction(int index) { return _functions.get(index); }
  const std::string& getTabulatedFunctionName(int index) const { return _functions.name(index); }

  int getNumFunctions() const { return _functions.size(); }
  /** Copies changed per-bond parameters and tabulated functions into a Context (groups and bonds must not change). */
  void updateParametersInContext(Context& context);
  void setUsesPeriodicBoundaryConditions(bool periodic) { _usePeriodic = periodic; }
  bool usesPeriodicBoundaryConditions() const override { return _usePeriodic; }
  /** Used by the implementation layer. */
  const CustomForceParameters& parameterList() const { return _parameters; }
  const TabulatedFunctionList& tabulatedFunctions() const { return _functions; }

protected:
  ForceImpl* createImpl() const override;

private:
  struct GroupInfo {
    std::vector<int> particles;
    std::vector<double> weights;
  };
  struct BondInfo {
    std::vector<int> groups;
    std::vector<double> parameters;
  };
  int _groupsPerBond;
  std::string _energy;
  CustomForceParameters _parameters{"CustomCentroidBondForce", "bond"};
  TabulatedFunctionList _functions{"CustomCentroidBondForce"};
  std::vector<GroupInfo> _groups;
  std::vector<BondInfo> _bonds;
  bool _usePeriodic = false;
};

} // namespace OpenMM
