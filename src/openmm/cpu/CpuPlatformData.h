// Per-Context data of the CPU platform: the reference data (positions, forces, box, ...) plus the thread
// pool that the CPU kernels share, sized by the "Threads" property.
#pragma once

#include "CpuThreadPool.h"
#include "ReferencePlatformData.h"

#include <map>
#include <memory>
#include <string>

namespace OpenMM {

class ContextImpl;

class CpuPlatformData : public ReferencePlatformData {
public:
    CpuPlatformData(ContextImpl& context, const std::map<std::string, std::string>& properties);

    CpuThreadPool& threadPool() { return *_threadPool; }

    /** Parses a "Threads" value; throws OpenMMException unless it is a positive integer. */
    static int parseThreads(const std::string& value);

private:
    std::unique_ptr<CpuThreadPool> _threadPool;
};

} // namespace OpenMM
