// RemoveCMMotionKernel: kernel interface that subtracts the centre-of-mass velocity every
// `frequency` steps (CMMotionRemover).
#pragma once

#include "openmm/KernelImpl.h"

#include <string>

namespace OpenMM {

class CMMotionRemover;
class ContextImpl;
class System;

class RemoveCMMotionKernel : public KernelImpl {
public:
  static std::string Name() { return "RemoveCMMotion"; }
  RemoveCMMotionKernel(std::string name, const Platform& platform) : KernelImpl(name, platform) {}
  virtual void initialize(const System& system, const CMMotionRemover& force) = 0;
  virtual void execute(ContextImpl& context) = 0;
};

} // namespace OpenMM
