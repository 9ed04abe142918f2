// CustomCompoundBondForceImpl: the per-Context implementation of CustomCompoundBondForce; validates it against the System, defines its
// global parameters in the Context and runs the CalcCustomCompoundBondForce kernel.
#pragma once

#include "openmm/CustomCompoundBondForce.h"
#include "openmm/Kernel.h"
#include "openmm/internal/ForceImpl.h"

namespace OpenMM {

class System;

class CustomCompoundBondForceImpl : public ForceImpl {
public:
  explicit CustomCompoundBondForceImpl(const CustomCompoundBondForce& owner) : _owner(owner) {}
  void initialize(ContextImpl& context) override;
  const CustomCompoundBondForce& getOwner() const override { return _owner; }
  void updateContextState(ContextImpl&, bool&) override {}
  double calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy, int groups) override;
  std::map<std::string, double> getDefaultParameters() override;
  std::vector<std::string> getKernelNames() override;
  std::vector<std::pair<int, int>> getBondedParticles() const override;
  void updateParametersInContext(ContextImpl& context);

private:
  void check(const System& system) const;

  const CustomCompoundBondForce& _owner;
  Kernel _kernel;
};

} // namespace OpenMM
