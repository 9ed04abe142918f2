// CustomAngleForceImpl: the per-Context implementation of CustomAngleForce; validates it against the System,
// defines its global parameters in the Context and runs the CalcCustomAngleForce kernel.
#pragma once

#include "openmm/CustomAngleForce.h"
#include "openmm/Kernel.h"
#include "openmm/internal/ForceImpl.h"

namespace OpenMM {

class CustomAngleForceImpl : public ForceImpl {
public:
  explicit CustomAngleForceImpl(const CustomAngleForce& owner) : _owner(owner) {}
  void initialize(ContextImpl& context) override;
  const CustomAngleForce& getOwner() const override { return _owner; }
  void updateContextState(ContextImpl&, bool&) override {}
  double calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy, int groups) override;
  std::map<std::string, double> getDefaultParameters() override;
  std::vector<std::string> getKernelNames() override;
  std::vector<std::pair<int, int>> getBondedParticles() const override;
  void updateParametersInContext(ContextImpl& context);

private:
  /** The particles and parameters of term `index`. */
  std::vector<int> term(int index, std::vector<double>& parameters) const;

  const CustomAngleForce& _owner;
  Kernel _kernel;
};

} // namespace OpenMM
