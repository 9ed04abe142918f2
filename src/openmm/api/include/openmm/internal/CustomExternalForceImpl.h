// CustomExternalForceImpl: the per-Context implementation of CustomExternalForce; validates it against the System,
// defines its global parameters in the Context and runs the CalcCustomExternalForce kernel.
#pragma once

#include "openmm/CustomExternalForce.h"
#include "openmm/Kernel.h"
#include "openmm/internal/ForceImpl.h"

namespace OpenMM {

class CustomExternalForceImpl : public ForceImpl {
public:
  explicit CustomExternalForceImpl(const CustomExternalForce& owner) : _owner(owner) {}
  void initialize(ContextImpl& context) override;
  const CustomExternalForce& getOwner() const override { return _owner; }
  void updateContextState(ContextImpl&, bool&) override {}
  double calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy, int groups) override;
  std::map<std::string, double> getDefaultParameters() override;
  std::vector<std::string> getKernelNames() override;
  std::vector<std::pair<int, int>> getBondedParticles() const override;
  void updateParametersInContext(ContextImpl& context);

private:
  /** The particles and parameters of term `index`. */
  std::vector<int> term(int index, std::vector<double>& parameters) const;

  const CustomExternalForce& _owner;
  Kernel _kernel;
};

} // namespace OpenMM
