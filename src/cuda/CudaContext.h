// The CUDA compute context: one device's primary context, NVRTC compilation for its architecture with
// the cubin cache, arrays, events, queues (streams; work goes to the current one, the legacy default
// stream unless a CudaQueue is current), synchronisation, and peer access through CUDA IPC.
#pragma once

#include <memory>
#include <string>

#include "compute/ComputeContext.h"
#include "cuda/CudaCompiler.h"
#include "cuda/CudaDriver.h"

namespace mardyn::cuda {
class CudaPeerAccess;
}

namespace mardyn::cuda {

class CudaContext : public compute::ComputeContext {
 public:
  /// Retains the primary context of device options.deviceIndex (which must exist).
  CudaContext(std::shared_ptr<const CudaDriver> driver, const compute::ContextOptions& options);
  ~CudaContext() override;

  /// Fills a DeviceInfo for device `index`.
  static compute::DeviceInfo describeDevice(const CudaDriver& driver, int index);

  const compute::DeviceInfo& deviceInfo() const override { return _info; }
  std::unique_ptr<compute::ComputeProgram> compileProgram(const std::string& source, const Defines& defines,
                                                          const std::string& name) override;
  std::unique_ptr<compute::ArrayInterface> createArrayImpl(std::size_t count, std::size_t elementSize,
                                                           const std::string& name) override;
  std::unique_ptr<compute::ComputeEvent> createEvent() override;
  /// cuFFT (CudaFFT) where libcufft can be opened.
  std::unique_ptr<compute::ComputeFFT> createNativeFFT(int nx, int ny, int nz, compute::FFTKind kind) override;
  std::unique_ptr<compute::ComputeQueue> createQueue() override;
  compute::PeerAccess* peerAccess(std::string& whyNot) override;
  void* allocatePinnedHost(std::size_t bytes) override;
  void freePinnedHost(void* memory) noexcept override;
  void synchronize() override;
  std::string fullSource(const std::string& source, const Defines& defines) const override;

  const CudaDriver& driver() const { return *_driver; }
  /// Makes this context current on the calling thread.
  void makeCurrent() const;
  /// The stream of the current queue (nullptr: the legacy default stream).
  CUstream stream() const;
  CUdevice device() const { return _device; }
  CudaCompiler& compiler() { return _compiler; }
  /// The sm_XX architecture programs are compiled for.
  int architecture() const { return _architecture; }

 private:
  std::shared_ptr<const CudaDriver> _driver;
  compute::DeviceInfo _info;
  CUdevice _device = 0;
  CUcontext _context = nullptr;
  CudaCompiler _compiler;
  int _architecture = 0;
  std::unique_ptr<CudaPeerAccess> _peer;
  std::string _peerUnavailable;  ///< why there is no peer access (after the first try)
};

}  // namespace mardyn::cuda
