// ReferenceKernelFactory: creates the Reference implementation of each kernel from one name -> constructor
// table; adding a kernel is one line in ReferenceKernelFactory.cpp.
#pragma once

#include "openmm/KernelFactory.h"

#include <string>
#include <vector>

namespace OpenMM {

class ReferenceKernelFactory : public KernelFactory {
public:
  KernelImpl* createKernelImpl(std::string name, const Platform& platform, ContextImpl& context) const override;
  /** Names of all kernels this factory creates. */
  static std::vector<std::string> kernelNames();
};

} // namespace OpenMM
