// Implementation of the CPU platform's per-Context data: validates the "Threads" property and starts
// the thread pool; the stored property value is the number of threads actually used.
#include "CpuPlatformData.h"

#include "CpuPlatform.h"
#include "openmm/OpenMMException.h"
#include "openmm/internal/ContextImpl.h"

namespace OpenMM {

int CpuPlatformData::parseThreads(const std::string& value) {
    size_t used = 0;
    int threads = 0;
    try {
        threads = std::stoi(value, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != value.size() || threads <= 0)
        throw OpenMMException("CPU platform: the Threads property must be a positive integer, got \"" + value + "\"");
    return threads;
}

CpuPlatformData::CpuPlatformData(ContextImpl& context, const std::map<std::string, std::string>& properties)
    : ReferencePlatformData(context.getSystem(), properties) {
    const auto it = properties.find(CpuPlatform::threadsPropertyName());
    const int threads = it == properties.end() ? CpuThreadPool::defaultNumThreads() : parseThreads(it->second);
    _threadPool = std::make_unique<CpuThreadPool>(threads);
    propertyValues[CpuPlatform::threadsPropertyName()] = std::to_string(_threadPool->getNumThreads());
}

} // namespace OpenMM
