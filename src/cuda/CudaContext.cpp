// CUDA context creation, device description and program compilation.
#include "cuda/CudaContext.h"
#include "cuda/CudaFFT.h"

#include "cuda/CudaArray.h"
#include "cuda/CudaCheck.h"
#include "cuda/CudaEvent.h"
#include "cuda/CudaPeerAccess.h"
#include "cuda/CudaProgram.h"
#include "cuda/CudaQueue.h"

namespace mardyn::cuda {

compute::DeviceInfo CudaContext::describeDevice(const CudaDriver& driver, int index) {
  CUdevice device;
  CUDA_CHECK(driver, cuDeviceGet(&device, index));
  char name[256] = {};
  CUDA_CHECK(driver, cuDeviceGetName(name, sizeof(name), device));
  auto attribute = [&](CUdevice_attribute which) {
    int value = 0;
    CUDA_CHECK(driver, cuDeviceGetAttribute(&value, which, device));
    return value;
  };
  std::size_t memory = 0;
  CUDA_CHECK(driver, cuDeviceTotalMem(&memory, device));
  compute::DeviceInfo info;
  info.backend = "cuda";
  info.index = index;
  info.name = name;
  info.platform = "CUDA";
  info.computeCapability = attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR) * 10 +
                           attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
  info.simtWidth = attribute(CU_DEVICE_ATTRIBUTE_WARP_SIZE);
  info.computeUnits = attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
  info.globalMemory = memory;
  info.maxBlockSize = static_cast<std::size_t>(attribute(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK));
  info.supportsDouble = true;
  info.supports64BitAtomics = true;
  info.warpPrimitives = info.computeCapability >= 70;
  info.floatAtomicAdd = true;
  return info;
}

CudaContext::CudaContext(std::shared_ptr<const CudaDriver> driver, const compute::ContextOptions& options)
    : compute::ComputeContext(options),
      _driver(std::move(driver)),
      _compiler(options.resolvedCacheDirectory().empty() ? "" : options.resolvedCacheDirectory() + "/cuda") {
  _info = describeDevice(*_driver, options.deviceIndex);
  _architecture = CudaCompiler::architectureFor(_info.computeCapability);
  CUDA_CHECK(*_driver, cuDeviceGet(&_device, options.deviceIndex));
  CUDA_CHECK(*_driver, cuDevicePrimaryCtxRetain(&_context, _device));
  try {
    makeCurrent();
  } catch (...) {
    _driver->cuDevicePrimaryCtxRelease(_device);
    throw;
  }
}

CudaContext::~CudaContext() {
  _peer.reset();
  if (_context) {
    _driver->cuCtxSetCurrent(_context);
    _driver->cuCtxSynchronize();
    _driver->cuDevicePrimaryCtxRelease(_device);
  }
}

void CudaContext::makeCurrent() const { CUDA_CHECK(*_driver, cuCtxSetCurrent(_context)); }

std::string CudaContext::fullSource(const std::string& source, const Defines& defines) const {
  return CudaCompiler::fullSource(source, defines, precision(), "program");
}

std::unique_ptr<compute::ComputeProgram> CudaContext::compileProgram(const std::string& source,
                                                                     const Defines& defines, const std::string& name) {
  const std::string deviceKey = _info.name + " cc" + std::to_string(_info.computeCapability);
  const std::string cubin =
      _compiler.compile(CudaCompiler::fullSource(source, defines, precision(), name), name, _architecture, deviceKey);
  makeCurrent();
  return std::make_unique<CudaProgram>(*this, name, cubin);
}

std::unique_ptr<compute::ArrayInterface> CudaContext::createArrayImpl(std::size_t count, std::size_t elementSize,
                                                                      const std::string& name) {
  makeCurrent();
  return std::make_unique<CudaArray>(*this, count, elementSize, name);
}

std::unique_ptr<compute::ComputeEvent> CudaContext::createEvent() {
  makeCurrent();
  return std::make_unique<CudaEvent>(*this);
}

std::unique_ptr<compute::ComputeQueue> CudaContext::createQueue() { return std::make_unique<CudaQueue>(*this); }

CUstream CudaContext::stream() const {
  const auto* queue = dynamic_cast<const CudaQueue*>(currentQueue());
  if (currentQueue() && (!queue || &queue->owner() != this))
    throw compute::ComputeException("CudaContext: the current queue belongs to another context");
  return queue ? queue->stream() : nullptr;
}

compute::PeerAccess* CudaContext::peerAccess(std::string& whyNot) {
  if (!_peer && _peerUnavailable.empty()) {
    try {
      _peer = std::make_unique<CudaPeerAccess>(*this);
    } catch (const compute::ComputeException& error) {
      _peerUnavailable = error.what();
    }
  }
  whyNot = _peerUnavailable;
  return _peer.get();
}

void* CudaContext::allocatePinnedHost(std::size_t bytes) {
  makeCurrent();
  void* memory = nullptr;
  CUDA_CHECK(driver(), cuMemHostAlloc(&memory, bytes == 0 ? 1 : bytes, 0));
  return memory;
}

void CudaContext::freePinnedHost(void* memory) noexcept {
  if (!memory) return;
  try {
    makeCurrent();
  } catch (...) {
    return;  // the context is gone, and its page-locked memory with it
  }
  driver().cuMemFreeHost(memory);
}

void CudaContext::synchronize() {
  makeCurrent();
  CUDA_CHECK(*_driver, cuCtxSynchronize());
}

std::unique_ptr<compute::ComputeFFT> CudaContext::createNativeFFT(int nx, int ny, int nz, compute::FFTKind kind) {
  std::string reason;
  return CudaFFT::create(*this, nx, ny, nz, kind, reason);
}

}  // namespace mardyn::cuda
