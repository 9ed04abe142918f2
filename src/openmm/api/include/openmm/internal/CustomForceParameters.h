// CustomForceParameters: the names of a Custom*Force's per-term parameters and its global parameters (name and
// default value), with OpenMM's index checks; each Custom force holds one and forwards its API to it.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace OpenMM {

class CustomForceParameters {
public:
  /** owner names the force in error messages; term is "Bond", "Angle", "Torsion", "Particle". */
  CustomForceParameters(std::string owner, std::string term) : _owner(std::move(owner)), _term(std::move(term)) {}

  int getNumPerTermParameters() const { return static_cast<int>(_perTerm.size()); }
  int addPerTermParameter(const std::string& name);
  const std::string& getPerTermParameterName(int index) const;
  void setPerTermParameterName(int index, const std::string& name);
  const std::vector<std::string>& perTermNames() const { return _perTerm; }

  int getNumGlobalParameters() const { return static_cast<int>(_global.size()); }
  int addGlobalParameter(const std::string& name, double defaultValue);
  const std::string& getGlobalParameterName(int index) const;
  void setGlobalParameterName(int index, const std::string& name);
  double getGlobalParameterDefaultValue(int index) const;
  void setGlobalParameterDefaultValue(int index, double value);
  const std::vector<std::pair<std::string, double>>& globals() const { return _global; }

  /** Global parameters whose energy derivative the force reports (State::getEnergyParameterDerivatives). */
  int getNumEnergyParameterDerivatives() const { return static_cast<int>(_derivatives.size()); }
  void addEnergyParameterDerivative(const std::string& name);
  const std::string& getEnergyParameterDerivativeName(int index) const;
  const std::vector<std::string>& derivativeNames() const { return _derivatives; }
  /** Throws unless every requested derivative names a global parameter of the force. */
  void checkDerivativeNames() const;

  /** Throws unless a term's parameter list has one value per per-term parameter. */
  void checkTermParameters(const std::vector<double>& values) const;
  const std::string& owner() const { return _owner; }

private:
  void checkIndex(int index, int size, const char* what) const;

  std::string _owner, _term;
  std::vector<std::string> _perTerm;
  std::vector<std::pair<std::string, double>> _global;
  std::vector<std::string> _derivatives;
};

} // namespace OpenMM
