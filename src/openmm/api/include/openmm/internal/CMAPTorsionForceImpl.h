// CMAPTorsionForceImpl: the per-Context implementation of CMAPTorsionForce; validates map and particle indices
// against the System and runs the CalcCMAPTorsionForce kernel.
#pragma once

#include "openmm/CMAPTorsionForce.h"
#include "openmm/Kernel.h"
#include "openmm/internal/ForceImpl.h"

namespace OpenMM {

class System;

class CMAPTorsionForceImpl : public ForceImpl {
public:
  explicit CMAPTorsionForceImpl(const CMAPTorsionForce& owner) : _owner(owner) {}
  void initialize(ContextImpl& context) override;
  const CMAPTorsionForce& getOwner() const override { return _owner; }
  void updateContextState(ContextImpl&, bool&) override {}
  double calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy, int groups) override;
  std::vector<std::string> getKernelNames() override;
  std::vector<std::pair<int, int>> getBondedParticles() const override;
  void updateParametersInContext(ContextImpl& context);

private:
  void checkTorsions(const System& system) const;

  const CMAPTorsionForce& _owner;
  Kernel _kernel;
};

} // namespace OpenMM
