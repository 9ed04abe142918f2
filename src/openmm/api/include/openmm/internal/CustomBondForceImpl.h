// CustomBondForceImpl: the per-Context implementation of CustomBondForce; validates it against the System,
// defines its global parameters in the Context and runs the CalcCustomBondForce kernel.
#pragma once

#include "openmm/CustomBondForce.h"
#include "openmm/Kernel.h"
#include "openmm/internal/ForceImpl.h"

namespace OpenMM {

class CustomBondForceImpl : public ForceImpl {
public:
  explicit CustomBondForceImpl(const CustomBondForce& owner) : _owner(owner) {}
  void initialize(ContextImpl& context) override;
  const CustomBondForce& getOwner() const override { return _owner; }
  void updateContextState(ContextImpl&, bool&) override {}
  double calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy, int groups) override;
  std::map<std::string, double> getDefaultParameters() override;
  std::vector<std::string> getKernelNames() override;
  std::vector<std::pair<int, int>> getBondedParticles() const override;
  void updateParametersInContext(ContextImpl& context);

private:
  /** The particles and parameters of term `index`. */
  std::vector<int> term(int index, std::vector<double>& parameters) const;

  const CustomBondForce& _owner;
  Kernel _kernel;
};

} // namespace OpenMM
