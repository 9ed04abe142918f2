// Implementation of the CPU kernel factory: one table from kernel name to constructor.
// Adding an optimised kernel is one line here.
#include "CpuKernelFactory.h"

#include "CpuCalcNonbondedForceKernel.h"
#include "openmm/OpenMMException.h"

#include <functional>
#include <map>

namespace OpenMM {

namespace {
using Creator = std::function<KernelImpl*(const std::string&, const Platform&)>;

const std::map<std::string, Creator>& creators() {
    static const std::map<std::string, Creator> table = {
        {CalcNonbondedForceKernel::Name(),
         [](const std::string& name, const Platform& platform) { return new CpuCalcNonbondedForceKernel(name, platform); }},
    };
    return table;
}
} // namespace

KernelImpl* CpuKernelFactory::createKernelImpl(std::string name, const Platform& platform, ContextImpl&) const {
    const auto it = creators().find(name);
    if (it == creators().end())
        throw OpenMMException("CPU platform: no CPU implementation of kernel " + name);
    return it->second(name, platform);
}

std::vector<std::string> CpuKernelFactory::kernelNames() {
    std::vector<std::string> names;
    for (const auto& entry : creators())
        names.push_back(entry.first);
    return names;
}

} // namespace OpenMM
