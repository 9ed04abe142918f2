// CustomNonbondedForceImpl: the per-Context implementation of CustomNonbondedForce; validates it against the
// System, defines its global parameters in the Context and runs the CalcCustomNonbondedForce kernel.
#pragma once

#include "openmm/CustomNonbondedForce.h"
#include "openmm/Kernel.h"
#include "openmm/internal/ForceImpl.h"

namespace OpenMM {

class CustomNonbondedForceImpl : public ForceImpl {
public:
  explicit CustomNonbondedForceImpl(const CustomNonbondedForce& owner) : _owner(owner) {}
  void initialize(ContextImpl& context) override;
  const CustomNonbondedForce& getOwner() const override { return _owner; }
  void updateContextState(ContextImpl&, bool&) override {}
  double calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy, int groups) override;
  std::map<std::string, double> getDefaultParameters() override;
  std::vector<std::string> getKernelNames() override;
  void updateParametersInContext(ContextImpl& context);

private:
  void checkParticleParameters() const;

  const CustomNonbondedForce& _owner;
  Kernel _kernel;
};

} // namespace OpenMM
