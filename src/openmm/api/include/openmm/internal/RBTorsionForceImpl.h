// RBTorsionForceImpl: the per-Context implementation of RBTorsionForce; validates it against the System and
// runs the CalcRBTorsionForce kernel requested from the Platform by name.
#pragma once

#include "openmm/Kernel.h"
#include "openmm/RBTorsionForce.h"
#include "openmm/internal/ForceImpl.h"

namespace OpenMM {

class RBTorsionForceImpl : public ForceImpl {
public:
  explicit RBTorsionForceImpl(const RBTorsionForce& owner) : _owner(owner) {}
  void initialize(ContextImpl& context) override;
  const RBTorsionForce& getOwner() const override { return _owner; }
  void updateContextState(ContextImpl&, bool&) override {}
  double calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy, int groups) override;
  std::vector<std::string> getKernelNames() override;
  std::vector<std::pair<int, int>> getBondedParticles() const override;
  void updateParametersInContext(ContextImpl& context);

private:
  /** The particles of term `index`, in order. */
  std::vector<int> particlesOf(int index) const;
  /** Throws OpenMMException for parameters the kernels cannot use. */
  void checkParameters(int index) const;

  const RBTorsionForce& _owner;
  Kernel _kernel;
};

} // namespace OpenMM
