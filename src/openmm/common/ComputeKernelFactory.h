// ComputeKernelFactory: the table of the common-compute platforms' kernels, one line per kernel name; the
// OpenCL and CUDA platforms share it. A kernel the table lacks is not registered, so a System that needs
// it is refused by name when its Context is created.
#pragma once

#include "openmm/KernelFactory.h"

#include <string>
#include <vector>

namespace OpenMM {

class ComputeKernelFactory : public KernelFactory {
public:
  KernelImpl* createKernelImpl(std::string name, const Platform& platform, ContextImpl& context) const override;
  static std::vector<std::string> kernelNames();
};

} // namespace OpenMM
