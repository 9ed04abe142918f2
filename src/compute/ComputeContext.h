// Abstract compute context: one device of one backend in one precision mode. Compiles programs from
// source and a defines map, creates arrays and events, synchronises. Arrays, programs and kernels
// must not outlive their context.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "compute/ArrayInterface.h"
#include "compute/ComputeEvent.h"
#include "compute/ComputeProgram.h"
#include "compute/ComputeQueue.h"
#include "compute/ContextOptions.h"
#include "compute/DeviceInfo.h"
#include "compute/Precision.h"

namespace mardyn::compute {

class ComputeFFT;
enum class FFTKind;
class PeerAccess;

class ComputeContext {
 public:
  using Defines = std::map<std::string, std::string>;

  /// MARDYN_COMPUTE_SYNC=1 in the environment turns on options.syncAfterLaunch for every context.
  explicit ComputeContext(ContextOptions options);
  virtual ~ComputeContext() = default;
  ComputeContext(const ComputeContext&) = delete;
  ComputeContext& operator=(const ComputeContext&) = delete;

  virtual const DeviceInfo& deviceInfo() const = 0;
  const ContextOptions& options() const { return _options; }
  Precision precision() const { return _options.precision; }
  bool useDoublePrecision() const { return _options.precision == Precision::Double; }
  bool useMixedPrecision() const { return _options.precision == Precision::Mixed; }
  std::size_t realSize() const { return compute::realSize(_options.precision); }
  std::size_t mixedSize() const { return compute::mixedSize(_options.precision); }
  /// Threads per block used when a launch names none.
  virtual std::size_t defaultBlockSize() const { return 128; }

  /// Compiles device code written in the common dialect. Each define becomes `#define key value`
  /// ahead of the source; the backend's prelude (macros, real/mixed types, vector operators) comes
  /// first. Throws ComputeCompileError carrying the compiler's log.
  virtual std::unique_ptr<ComputeProgram> compileProgram(const std::string& source, const Defines& defines = {},
                                                         const std::string& name = "program") = 0;

  /// An untyped device array; prefer ComputeArray<T>(context, count, name).
  virtual std::unique_ptr<ArrayInterface> createArrayImpl(std::size_t count, std::size_t elementSize,
                                                          const std::string& name) = 0;
  virtual std::unique_ptr<ComputeEvent> createEvent() = 0;
  /// The backend's own 3D FFT library for an nx x ny x nz grid of that kind (ComputeFFT.h), or nullptr where it
  /// has none; use createFFT(), which falls back to the compute layer's kernels.
  virtual std::unique_ptr<ComputeFFT> createNativeFFT(int nx, int ny, int nz, FFTKind kind);
  /// A queue of its own whose work may run beside the default queue's (ComputeQueue::concurrent) and is
  /// served first where the backend has priorities (CUDA: the greatest stream priority); a backend with one
  /// in-order queue returns that queue.
  virtual std::unique_ptr<ComputeQueue> createQueue();
  /// Launches, copies, event records and waits go to `queue` from now on (nullptr: the default queue).
  /// Prefer QueueScope.
  void setCurrentQueue(ComputeQueue* queue) { _currentQueue = queue; }
  ComputeQueue* currentQueue() const { return _currentQueue; }
  /// Device memory shared with the other processes of this node (PeerAccess), or nullptr with the reason
  /// in `whyNot`.
  virtual PeerAccess* peerAccess(std::string& whyNot) {
    whyNot = "the " + deviceInfo().backend + " backend shares no device memory between processes";
    return nullptr;
  }
  /// Host memory that the device can copy into while the host goes on (page-locked where the backend
  /// needs it; ordinary memory otherwise). Prefer PinnedHostBuffer.
  virtual void* allocatePinnedHost(std::size_t bytes) { return ::operator new(bytes); }
  virtual void freePinnedHost(void* memory) noexcept { ::operator delete(memory); }
  /// Waits until all work queued so far is done; throws if any of it failed.
  virtual void synchronize() = 0;
  /// Called after each launch when options().syncAfterLaunch is set: synchronises and names the kernel
  /// in the exception if it failed.
  void synchronizeAfterLaunch(const std::string& kernelName);

  /// Bytes copied from the host to the device and back through this context (arrays, host constants)
  /// since it was created.
  std::uint64_t bytesUploaded() const { return _bytesUp.load(); }
  std::uint64_t bytesDownloaded() const { return _bytesDown.load(); }
  /// Called by the backends for every copy between host and device.
  void countUpload(std::size_t bytes) { _bytesUp += bytes; }
  void countDownload(std::size_t bytes) const { _bytesDown += bytes; }

  /// Bytes of the arrays this context holds now, and the most it held at once.
  std::uint64_t deviceBytes() const { return static_cast<std::uint64_t>(_deviceBytes.load()); }
  std::uint64_t peakDeviceBytes() const { return static_cast<std::uint64_t>(_peakDeviceBytes.load()); }
  /// Called by the backends when an array is allocated (positive) or released (negative).
  void countAllocation(long long bytes) {
    const long long now = _deviceBytes += bytes;
    long long peak = _peakDeviceBytes.load();
    while (now > peak && !_peakDeviceBytes.compare_exchange_weak(peak, now)) {
    }
  }

  /// With options().profileKernels: seconds and launches per kernel name so far.
  struct KernelTime {
    double seconds = 0.0;
    unsigned long launches = 0;
  };
  const std::map<std::string, KernelTime>& kernelProfile() const { return _profile; }
  /// The profile as a table, slowest kernel first (empty without profiling).
  std::string kernelProfileTable() const;
  void addKernelTime(const std::string& kernelName, double seconds) {
    auto& k = _profile[kernelName];
    k.seconds += seconds;
    ++k.launches;
  }

  /// The complete source handed to the device compiler for `source` and `defines` (for diagnostics).
  virtual std::string fullSource(const std::string& source, const Defines& defines) const = 0;

 private:
  ContextOptions _options;
  std::atomic<std::uint64_t> _bytesUp{0};
  mutable std::atomic<std::uint64_t> _bytesDown{0};
  std::map<std::string, KernelTime> _profile;
  std::atomic<long long> _deviceBytes{0}, _peakDeviceBytes{0};
  ComputeQueue* _currentQueue = nullptr;
};

/// Host memory for ArrayInterface::downloadBytesAsync, from the context that copies into it (page-locked on
/// CUDA); released with the buffer, which must not outlive its context.
class PinnedHostBuffer {
 public:
  PinnedHostBuffer() = default;
  PinnedHostBuffer(ComputeContext& context, std::size_t bytes)
      : _context(&context), _data(context.allocatePinnedHost(bytes)), _bytes(bytes) {}
  ~PinnedHostBuffer() {
    if (_data) _context->freePinnedHost(_data);
  }
  PinnedHostBuffer(const PinnedHostBuffer&) = delete;
  PinnedHostBuffer& operator=(const PinnedHostBuffer&) = delete;
  PinnedHostBuffer(PinnedHostBuffer&& other) noexcept { *this = std::move(other); }
  PinnedHostBuffer& operator=(PinnedHostBuffer&& other) noexcept {
    if (this != &other) {
      if (_data) _context->freePinnedHost(_data);
      _context = other._context;
      _data = other._data;
      _bytes = other._bytes;
      other._data = nullptr;
      other._bytes = 0;
    }
    return *this;
  }
  void* data() const { return _data; }
  std::size_t size() const { return _bytes; }

 private:
  ComputeContext* _context = nullptr;
  void* _data = nullptr;
  std::size_t _bytes = 0;
};

}  // namespace mardyn::compute
