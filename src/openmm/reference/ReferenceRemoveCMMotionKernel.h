// ReferenceRemoveCMMotionKernel: subtracts the mass-weighted mean velocity every `frequency` steps.
#pragma once

#include "openmm/kernels/RemoveCMMotionKernel.h"

namespace OpenMM {

class ReferenceRemoveCMMotionKernel : public RemoveCMMotionKernel {
public:
  ReferenceRemoveCMMotionKernel(std::string name, const Platform& platform) : RemoveCMMotionKernel(name, platform) {}
  void initialize(const System& system, const CMMotionRemover& force) override;
  void execute(ContextImpl& context) override;

private:
  int _frequency = 1;
};

} // namespace OpenMM
