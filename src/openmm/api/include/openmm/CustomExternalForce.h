// CustomExternalForce: particle terms whose energy is an algebraic expression of the coordinates x, y, z of one
// particle, per-particle parameters and global parameters (Context parameters), e.g. "k*((x-x0)^2+(y-y0)^2+(z-z0)^2)".
#pragma once

#include "openmm/Force.h"
#include "openmm/internal/CustomForceParameters.h"

#include <string>
#include <vector>

namespace OpenMM {

class CustomExternalForce : public Force {
public:
  explicit CustomExternalForce(const std::string& energy);
  int getNumParticles() const { return static_cast<int>(_terms.size()); }
  const std::string& getEnergyFunction() const { return _energy; }
  void setEnergyFunction(const std::string& energy) { _energy = energy; }

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

  int addParticle(int particle, const std::vector<double>& parameters = std::vector<double>());
  void getParticleParameters(int index, int& particle, std::vector<double>& parameters) const;
  void setParticleParameters(int index, int particle, const std::vector<double>& parameters = std::vector<double>());
  /** Copies changed per-particle parameters into a Context (the particles of each term must not change). */
  void updateParametersInContext(Context& context);
  /** True where the expression calls periodicdistance(x1, y1, z1, x2, y2, z2), the distance between two points by
   * the minimum image; x, y, z themselves are the coordinates as they are (no periodic wrapping). */
  bool usesPeriodicBoundaryConditions() const override;
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
  CustomForceParameters _parameters{"CustomExternalForce", "particle"};
  std::vector<TermInfo> _terms;
};

} // namespace OpenMM
