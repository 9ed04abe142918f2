// CustomNonbondedForce: a pair interaction whose energy is an algebraic expression of the distance r, the
// per-particle parameters of both particles (name1, name2) and global parameters, e.g.
// "4*eps*((sig/r)^12-(sig/r)^6); sig=0.5*(sigma1+sigma2); eps=sqrt(epsilon1*epsilon2)". Cutoff (no shift),
// periodic minimum image, switching function, long-range correction, exclusions and interaction groups.
#pragma once

#include "openmm/Force.h"
#include "openmm/internal/CustomForceParameters.h"
#include "openmm/internal/TabulatedFunctionList.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace OpenMM {

class CustomNonbondedForce : public Force {
public:
  enum NonbondedMethod { NoCutoff = 0, CutoffNonPeriodic = 1, CutoffPeriodic = 2 };

  explicit CustomNonbondedForce(const std::string& energy);
  const std::string& getEnergyFunction() const { return _energy; }
  void setEnergyFunction(const std::string& energy) { _energy = energy; }
  NonbondedMethod getNonbondedMethod() const { return _method; }
  void setNonbondedMethod(NonbondedMethod method);
  /** Cutoff distance in nm (default 1). */
  double getCutoffDistance() const { return _cutoff; }
  void setCutoffDistance(double distance);
  bool getUseSwitchingFunction() const { return _useSwitching; }
  void setUseSwitchingFunction(bool use) { _useSwitching = use; }
  double getSwitchingDistance() const { return _switchingDistance; }
  void setSwitchingDistance(double distance) { _switchingDistance = distance; }
  /** Adds the mean interaction beyond the cutoff, assuming a uniform density (periodic cutoffs only). */
  bool getUseLongRangeCorrection() const { return _useLongRangeCorrection; }
  void setUseLongRangeCorrection(bool use) { _useLongRangeCorrection = use; }

  int getNumPerParticleParameters() const { return _parameters.getNumPerTermParameters(); }
  int addPerParticleParameter(const std::string& name) { return _parameters.addPerTermParameter(name); }
  const std::string& getPerParticleParameterName(int index) const { return _parameters.getPerTermParameterName(index); }
  void setPerParticleParameterName(int index, const std::string& name) {
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

  int getNumParticles() const { return static_cast<int>(_particles.size()); }
  int addParticle(const std::vector<double>& parameters = std::vector<double>());
  void getParticleParameters(int index, std::vector<double>& parameters) const;
  void setParticleParameters(int index, const std::vector<double>& parameters);

  int getNumExclusions() const { return static_cast<int>(_exclusions.size()); }
  int addExclusion(int particle1, int particle2);
  void getExclusionParticles(int index, int& particle1, int& particle2) const;
  void setExclusionParticles(int index, int particle1, int particle2);
  /** Excludes every pair joined by up to bondCutoff bonds. */
  void createExclusionsFromBonds(const std::vector<std::pair<int, int>>& bonds, int bondCutoff);

  int getNumInteractionGroups() const { return static_cast<int>(_groups.size()); }
  /** With interaction groups, only pairs with one particle in set1 and the other in set2 interact. */
  int addInteractionGroup(const std::set<int>& set1, const std::set<int>& set2);
  void getInteractionGroupParameters(int index, std::set<int>& set1, std::set<int>& set2) const;
  void setInteractionGroupParameters(int index, const std::set<int>& set1, const std::set<int>& set2);

  int getNumTabulatedFunctions() const { return _functions.size(); }
  /** Adds a function the energy expression may call by name; the force takes ownership of it. */
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
  /** The tabulated functions (used by the implementation layer). */
  const TabulatedFunctionList& tabulatedFunctions() const { return _functions; }

  /** Copies changed per-particle parameters (and the long-range correction) into a Context. */
  void updateParametersInContext(Context& context);
  bool usesPeriodicBoundaryConditions() const override { return _method == CutoffPeriodic; }
  /** The parameter lists (used by the implementation layer). */
  const CustomForceParameters& parameterList() const { return _parameters; }

protected:
  ForceImpl* createImpl() const override;

private:
  std::string _energy;
  NonbondedMethod _method = NoCutoff;
  double _cutoff = 1.0, _switchingDistance = -1.0;
  bool _useSwitching = false, _useLongRangeCorrection = false;
  CustomForceParameters _parameters{"CustomNonbondedForce", "particle"};
  std::vector<std::vector<double>> _particles;
  std::vector<std::pair<int, int>> _exclusions;
  std::vector<std::pair<std::set<int>, std::set<int>>> _groups;
  TabulatedFunctionList _functions{"CustomNonbondedForce"};
};

} // namespace OpenMM
