// The CPU platform: a ReferencePlatform that keeps the reference kernels and replaces the nonbonded pair
// sum with the multithreaded, vectorised CpuNonbondedEngine. Property "Threads" sets the thread count.
#pragma once

#include "ReferencePlatform.h"

#include <map>
#include <memory>
#include <string>

namespace OpenMM {

class CpuPlatform : public ReferencePlatform {
public:
    CpuPlatform();
    const std::string& getName() const override;
    double getSpeed() const override { return 10.0; }

    /** Name of the property that sets the number of worker threads. */
    static const std::string& threadsPropertyName();
    /** Whether this processor can run the platform: always, since the vectorised pair kernels are picked at run
     * time and a portable version stands in where AVX2 is missing. */
    static bool isProcessorSupported() { return true; }

protected:
    std::unique_ptr<PlatformData> createPlatformData(ContextImpl& context,
                                                     const std::map<std::string, std::string>& properties) const override;
};

} // namespace OpenMM
