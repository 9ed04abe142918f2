// CustomCentroidBondForceImpl: the per-Context implementation of CustomCentroidBondForce; validates it against the System, defines its
// global parameters in the Context and runs the CalcCustomCentroidBondForce kernel.
#pragma once

#include "openmm/CustomCentroidBondForce.h"
#include "openmm/Kernel.h"
#include "openmm/internal/ForceImpl.h"

namespace OpenMM {

class System;

class CustomCentroidBondForceImpl : public ForceImpl {
public:
  explicit CustomCentroidBondForceImpl(const CustomCentroidBondForce& owner) : _owner(owner) {}
  void initialize(ContextImpl& context) override;
  const CustomCentroidBondForce& getOwner() const override { return _owner; }
  void updateContextState(ContextImpl&, bool&) override {}
  double calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy, int groups) override;
  std::map<std::string, double> getDefaultParameters() override;
  std::vector<std::string> getKernelNames() override;
  std::vector<std::pair<int, int>> getBondedParticles() const override;
  void updateParametersInContext(ContextImpl& context);

private:
  void check(const System& system) const;

  const CustomCentroidBondForce& _owner;
  Kernel _kernel;
};

} // namespace OpenMM
