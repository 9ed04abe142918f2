// Implementation of the CPU platform: its name and "Threads" property (default OPENMM_CPU_THREADS or the
// number of hardware threads), the nonbonded kernel factory, and the per-Context data with its thread pool.
#include "CpuPlatform.h"

#include "CpuKernelFactory.h"
#include "CpuPlatformData.h"
#include "CpuThreadPool.h"
#include "openmm/kernels/CalcNonbondedForceKernel.h"

namespace OpenMM {

CpuPlatform::CpuPlatform() {
    _platformProperties.push_back(threadsPropertyName());
    setPropertyDefaultValue(threadsPropertyName(), std::to_string(CpuThreadPool::defaultNumThreads()));
    for (const std::string& name : CpuKernelFactory::kernelNames())
        registerKernelFactory(name, new CpuKernelFactory());
}

const std::string& CpuPlatform::getName() const {
    static const std::string name = "CPU";
    return name;
}

const std::string& CpuPlatform::threadsPropertyName() {
    static const std::string name = "Threads";
    return name;
}

std::unique_ptr<ReferencePlatform::PlatformData>
CpuPlatform::createPlatformData(ContextImpl& context, const std::map<std::string, std::string>& properties) const {
    return std::make_unique<CpuPlatformData>(context, properties);
}

} // namespace OpenMM
