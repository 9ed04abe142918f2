// Implementation of the CPU platform's thread pool (spin-then-block workers, dynamic parallel loops).
// Exceptions thrown by a task on any thread are carried back to the caller of execute().
#include "CpuThreadPool.h"

#include <chrono>
#include <cstdlib>
#include <string>

namespace OpenMM {

namespace {
inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/** A waiting thread first spins briefly, then yields its core (friendly when the machine is oversubscribed),
 *  and blocks after spinTime: long enough to cover the serial work between two parallel sections. */
constexpr std::chrono::microseconds spinTime(100);
constexpr int busySpins = 200;

template <class Condition>
void spinWait(Condition done) {
    for (int i = 0; i < busySpins; i++) {
        if (done())
            return;
        cpuRelax();
    }
    const auto end = std::chrono::steady_clock::now() + spinTime;
    while (!done() && std::chrono::steady_clock::now() < end)
        std::this_thread::yield();
}

} // namespace

int CpuThreadPool::defaultNumThreads() {
    if (const char* env = std::getenv("OPENMM_CPU_THREADS")) {
        char* end = nullptr;
        const long value = std::strtol(env, &end, 10);
        if (end != env && *end == '\0' && value > 0 && value < 4096)
            return static_cast<int>(value);
    }
    const unsigned hw = std::thread::hardware_concurrency();
    return hw > 0 ? static_cast<int>(hw) : 1;
}

CpuThreadPool::CpuThreadPool(int numThreads) {
    if (numThreads <= 0)
        numThreads = defaultNumThreads();
    for (int i = 1; i < numThreads; i++)
        _workers.emplace_back([this, i] { workerLoop(i); });
}

CpuThreadPool::~CpuThreadPool() {
    {
        std::lock_guard<std::mutex> lock(_mutex);
        _stop = true;
        _generation.fetch_add(1, std::memory_order_release);
    }
    _wake.notify_all();
    for (auto& worker : _workers)
        worker.join();
}

void CpuThreadPool::runTask(int index) {
    try {
        (*_task)(index);
    } catch (...) {
        std::lock_guard<std::mutex> lock(_mutex);
        if (!_error)
            _error = std::current_exception();
    }
}

void CpuThreadPool::workerLoop(int index) {
    std::uint64_t seen = 0;
    while (true) {
        spinWait([&] { return _generation.load(std::memory_order_acquire) != seen; });
        {
            std::unique_lock<std::mutex> lock(_mutex);
            _wake.wait(lock, [&] { return _generation.load(std::memory_order_acquire) != seen; });
            seen = _generation.load(std::memory_order_acquire);
            if (_stop)
                return;
        }
        runTask(index);
        if (_remaining.fetch_sub(1, std::memory_order_acq_rel) == 1) {
            std::lock_guard<std::mutex> lock(_mutex);
            _finished.notify_one();
        }
    }
}

void CpuThreadPool::execute(const std::function<void(int)>& task) {
    if (_workers.empty()) {
        task(0);
        return;
    }
    {
        std::lock_guard<std::mutex> lock(_mutex);
        _task = &task;
        _error = nullptr;
        _remaining.store(static_cast<int>(_workers.size()), std::memory_order_relaxed);
        _generation.fetch_add(1, std::memory_order_release);
    }
    _wake.notify_all();
    runTask(0);
    spinWait([&] { return _remaining.load(std::memory_order_acquire) == 0; });
    {
        std::unique_lock<std::mutex> lock(_mutex);
        _finished.wait(lock, [&] { return _remaining.load(std::memory_order_acquire) == 0; });
        _task = nullptr;
    }
    if (_error)
        std::rethrow_exception(_error);
}

void CpuThreadPool::parallelFor(int count, const std::function<void(int, int)>& body) {
    std::atomic<int> next{0};
    execute([&](int thread) {
        for (int item = next.fetch_add(1, std::memory_order_relaxed); item < count;
             item = next.fetch_add(1, std::memory_order_relaxed))
            body(item, thread);
    });
}

} // namespace OpenMM
