// CMMotionRemoverImpl: the per-Context implementation of CMMotionRemover; runs the RemoveCMMotion
// kernel every `frequency` steps from updateContextState().
#pragma once

#include "openmm/CMMotionRemover.h"
#include "openmm/Kernel.h"
#include "openmm/internal/ForceImpl.h"

namespace OpenMM {

class CMMotionRemoverImpl : public ForceImpl {
public:
  explicit CMMotionRemoverImpl(const CMMotionRemover& owner) : _owner(owner) {}
  void initialize(ContextImpl& context) override;
  const CMMotionRemover& getOwner() const override { return _owner; }
  void updateContextState(ContextImpl& context, bool& forcesInvalid) override;
  double calcForcesAndEnergy(ContextImpl&, bool, bool, int) override { return 0.0; }
  std::vector<std::string> getKernelNames() override;

private:
  const CMMotionRemover& _owner;
  Kernel _kernel;
};

} // namespace OpenMM
