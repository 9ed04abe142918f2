// Kernel factory of the CPU platform: creates the CPU implementation of each kernel it names; every
// other kernel stays with the reference factory that ReferencePlatform registered.
#pragma once

#include "openmm/KernelFactory.h"

#include <string>
#include <vector>

namespace OpenMM {

class CpuKernelFactory : public KernelFactory {
public:
    KernelImpl* createKernelImpl(std::string name, const Platform& platform, ContextImpl& context) const override;
    /** Names of the kernels the CPU platform implements itself. */
    static std::vector<std::string> kernelNames();
};

} // namespace OpenMM
