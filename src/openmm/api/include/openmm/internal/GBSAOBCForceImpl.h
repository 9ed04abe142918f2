// GBSAOBCForceImpl: the per-Context implementation of GBSAOBCForce; validates it against the System and runs the
// CalcGBSAOBCForce kernel.
#pragma once

#include "openmm/GBSAOBCForce.h"
#include "openmm/Kernel.h"
#include "openmm/internal/ForceImpl.h"

namespace OpenMM {

class System;

class GBSAOBCForceImpl : public ForceImpl {
public:
  explicit GBSAOBCForceImpl(const GBSAOBCForce& owner) : _owner(owner) {}
  void initialize(ContextImpl& context) override;
  const GBSAOBCForce& getOwner() const override { return _owner; }
  void updateContextState(ContextImpl&, bool&) override {}
  double calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy, int groups) override;
  std::vector<std::string> getKernelNames() override;
  void updateParametersInContext(ContextImpl& context);

private:
  void check(const System& system) const;

  const GBSAOBCForce& _owner;
  Kernel _kernel;
};

} // namespace OpenMM
