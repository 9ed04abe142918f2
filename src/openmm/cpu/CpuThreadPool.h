// A fixed pool of worker threads for the CPU platform: runs one task on every thread and waits for all,
// with a short spin before blocking so that the several parallel sections of one time step start quickly.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace OpenMM {

class CpuThreadPool {
public:
    /** numThreads <= 0 selects the default: OPENMM_CPU_THREADS, else the number of hardware threads. */
    explicit CpuThreadPool(int numThreads = 0);
    ~CpuThreadPool();
    CpuThreadPool(const CpuThreadPool&) = delete;
    CpuThreadPool& operator=(const CpuThreadPool&) = delete;

    int getNumThreads() const { return static_cast<int>(_workers.size()) + 1; }

    /** Runs task(threadIndex) once on each thread (the caller is thread 0); rethrows the first exception. */
    void execute(const std::function<void(int)>& task);

    /** Runs body(item, threadIndex) for item in [0, count), items handed out dynamically. */
    void parallelFor(int count, const std::function<void(int, int)>& body);

    /** The default number of threads: OPENMM_CPU_THREADS if set and valid, else hardware concurrency. */
    static int defaultNumThreads();

private:
    void workerLoop(int index);
    void runTask(int index);

    std::vector<std::thread> _workers;
    std::mutex _mutex;
    std::condition_variable _wake;
    std::condition_variable _finished;
    const std::function<void(int)>* _task = nullptr;
    std::atomic<std::uint64_t> _generation{0};
    std::atomic<int> _remaining{0};
    std::exception_ptr _error;
    bool _stop = false;
};

} // namespace OpenMM
