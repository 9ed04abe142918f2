// CustomCompoundBondForce: bonds of a fixed number of particles whose energy is an expression of the particles'
// coordinates (x1, y1, z1, x2, ...), of distance(p1,p2), angle(p1,p2,p3) and dihedral(p1,p2,p3,p4) between them,
// of pointdistance/pointangle/pointdihedral of computed points, per-bond and global parameters and tabulated
// functions, e.g. "0.5*k*(angle(p1,p2,p3)-theta0)^2 + 0.5*kb*(distance(p1,p3)-r0)^2".
#pragma once

#include "openmm/Force.h"
#include "openmm/internal/CustomForceParameters.h"
#include "openmm/internal/TabulatedFunctionList.h"

#include <string>
#include <vector>

namespace OpenMM {

class CustomCompoundBondForce : public Force {
public:
  CustomCompoundBondForce(int numParticles, const std::string& energy);
  int getNumParticlesPerBond() const { return _particlesPerBond; }
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

  /** particles.size() must be getNumParticlesPerBond() (checked here). */
  int addBond(const std::vector<int>& particles, const std::vector<double>& parameters = std::vector<double>());
  void getBondParameters(int index, std::vector<int>& particles, std::vector<double>& parameters) const;
  void setBondParameters(int index, const std::vector<int>& particles,
                         const std::vector<double>& parameters = std::vector<double>());

  int getNumTabulatedFunctions() const { return _functions.size(); }
  int addTabulatedFunction(const std::string& name, TabulatedFunction* function) {
    return _functions.add(name, function);
  }
  const TabulatedFunction& getTabulatedFunction(int index) const { return _functions.get(index); }
  TabulatedFunction& getTabulatedFunction(int index) { return _functions.get(index); }
  const std::string& getTabulatedFunctionName(int index) const { return _functions.name(index); }

  /** The older OpenMM interface to tabulated functions: Continuous1DFunctions by their tables. */
  int getNumFunctions() const { return _functions.size(); }
  int addFunction(const std::string& name, const std::vector<double>& values, double min, double max) {
    return _functions.addFunction(name, values, min, max);
  }
  void getFunctionParameters(int index, std::string& name, std::vector<double>& values, double& min,
                             double& max) const {
    _functions.getFunctionParameters(index, name, values, min, max);
  }
  void setFunctionParameters(int index, const std::string& name, const std::vector<double>& values, double min,
                             double max) {
    _functions.setFunctionParameters(index, name, values, min, max);
  }
  /** Copies changed per-bond parameters and tabulated functions into a Context (the particles must not change). */
  void updateParametersInContext(Context& context);
  void setUsesPeriodicBoundaryConditions(bool periodic) { _usePeriodic = periodic; }
  bool usesPeriodicBoundaryConditions() const override { return _usePeriodic; }
  /** Used by the implementation layer. */
  const CustomForceParameters& parameterList() const { return _parameters; }
  const TabulatedFunctionList& tabulatedFunctions() const { return _functions; }

protected:
  ForceImpl* createImpl() const override;

private:
  struct BondInfo {
    std::vector<int> particles;
    std::vector<double> parameters;
  };
  int _particlesPerBond;
  std::string _energy;
  CustomForceParameters _parameters{"CustomCompoundBondForce", "bond"};
  TabulatedFunctionList _functions{"CustomCompoundBondForce"};
  std::vector<BondInfo> _bonds;
  bool _usePeriodic = false;
};

} // namespace OpenMM
