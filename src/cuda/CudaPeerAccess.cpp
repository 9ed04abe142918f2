// CudaPeerAccess: descriptions of exported arrays, opening them (IPC or, in the exporting process, the array
// itself), peer copies and the flags between the streams of neighbouring processes.
#include "cuda/CudaPeerAccess.h"

#include "cuda/CudaArray.h"
#include "cuda/CudaCheck.h"
#include "cuda/CudaContext.h"

#include <unistd.h>

#include <cstring>
#include <fstream>

namespace mardyn::cuda {

namespace {

/// What travels to the neighbour: plain bytes of fixed size.
struct Description {
  char magic[8];
  char node[192];   ///< host name and boot id
  char busId[32];   ///< PCI bus id of the owner's device
  long long pid;
  unsigned long long pointer;  ///< the allocation in the owner's address space (used in the owner itself)
  unsigned long long bytes;
  CUipcMemHandle handle;
};
constexpr char magicText[8] = {'m', 'd', 'p', 'e', 'e', 'r', '1', 0};

CudaArray& cudaArray(const compute::ArrayInterface& array) {
  auto* a = dynamic_cast<CudaArray*>(&const_cast<compute::ArrayInterface&>(array).backendArray());
  if (!a) throw compute::ComputeException("CUDA peer access: array '" + array.name() + "' is not a CUDA array");
  return *a;
}

/// An opened array: an IPC mapping (closed with the object) or, in the owner, its own allocation.
class CudaPeerArray : public compute::PeerArray {
 public:
  CudaPeerArray(const CudaContext& context, CUdeviceptr pointer, std::size_t bytes, bool mapped)
      : _context(context), _pointer(pointer), _bytes(bytes), _mapped(mapped) {}
  ~CudaPeerArray() override {
    if (!_mapped) return;
    try {
      _context.makeCurrent();
    } catch (...) {
      return;  // the context is gone, and its mappings with it
    }
    _context.driver().cuIpcCloseMemHandle(_pointer);
  }
  std::size_t byteSize() const override { return _bytes; }
  CUdeviceptr pointer() const { return _pointer; }

 private:
  const CudaContext& _context;
  CUdeviceptr _pointer;
  std::size_t _bytes;
  bool _mapped;
};

CudaPeerArray& cudaPeer(compute::PeerArray& array) {
  auto* a = dynamic_cast<CudaPeerArray*>(&array);
  if (!a) throw compute::ComputeException("CUDA peer access: the peer array was not opened by CUDA");
  return *a;
}

void checkRange(std::size_t offset, std::size_t bytes, std::size_t size, const std::string& what) {
  if (offset + bytes > size)
    throw compute::ComputeException("CUDA peer access: " + what + " of bytes [" + std::to_string(offset) + ", " +
                                    std::to_string(offset + bytes) + ") outside its " + std::to_string(size) + " bytes");
}

}  // namespace

std::string CudaPeerAccess::nodeIdentity() {
  char host[128] = {};
  gethostname(host, sizeof host - 1);
  std::string boot;
  std::ifstream("/proc/sys/kernel/random/boot_id") >> boot;
  return std::string(host) + "/" + boot;
}

CudaPeerAccess::CudaPeerAccess(CudaContext& context) : _context(context) {
  _context.makeCurrent();
  const CudaDriver& driver = _context.driver();
  char busId[32] = {};
  CUDA_CHECK(driver, cuDeviceGetPCIBusId(busId, sizeof busId - 1, _context.device()));
  _busId = busId;
  // A stream waits for a flag that is already set: the driver must allow memory operations on streams.
  compute::ComputeArray<std::uint32_t> word(_context, 1, "peerProbe");
  word.zero();
  _context.synchronize();
  CUstream stream = nullptr;
  CUDA_CHECK(driver, cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  const CUresult waited = driver.cuStreamWaitValue32(stream, cudaArray(word).devicePointer(), 0, CU_STREAM_WAIT_VALUE_GEQ);
  const CUresult synced = driver.cuStreamSynchronize(stream);
  driver.cuStreamDestroy(stream);
  if (waited != CUDA_SUCCESS || synced != CUDA_SUCCESS)
    throw compute::ComputeException("the device cannot wait on memory from a stream (cuStreamWaitValue32: " +
                                    driver.errorString(waited != CUDA_SUCCESS ? waited : synced) + ")");
}

CudaPeerAccess::~CudaPeerAccess() = default;

std::vector<char> CudaPeerAccess::exportArray(const compute::ArrayInterface& array) {
  const CudaArray& a = cudaArray(array);
  Description d{};
  std::memcpy(d.magic, magicText, sizeof magicText);
  std::strncpy(d.node, nodeIdentity().c_str(), sizeof d.node - 1);
  std::strncpy(d.busId, _busId.c_str(), sizeof d.busId - 1);
  d.pid = static_cast<long long>(getpid());
  d.pointer = a.devicePointer();
  d.bytes = a.byteSize();
  _context.makeCurrent();
  CUDA_CHECK(_context.driver(), cuIpcGetMemHandle(&d.handle, a.devicePointer()));
  std::vector<char> bytes(sizeof d);
  std::memcpy(bytes.data(), &d, sizeof d);
  return bytes;
}

std::unique_ptr<compute::PeerArray> CudaPeerAccess::openArray(const std::vector<char>& description) {
  Description d{};
  if (description.size() != sizeof d) throw compute::ComputeException("CUDA peer access: a description of wrong size");
  std::memcpy(&d, description.data(), sizeof d);
  if (std::memcmp(d.magic, magicText, sizeof magicText) != 0)
    throw compute::ComputeException("CUDA peer access: not a description of an exported array");
  d.node[sizeof d.node - 1] = 0;
  d.busId[sizeof d.busId - 1] = 0;
  const std::string node = nodeIdentity();
  if (node != d.node)
    throw compute::ComputeException("the neighbour runs on another node (" + std::string(d.node) + ", here " + node + ")");
  if (d.pid == static_cast<long long>(getpid()))
    return std::make_unique<CudaPeerArray>(_context, static_cast<CUdeviceptr>(d.pointer), d.bytes, false);
  const CudaDriver& driver = _context.driver();
  _context.makeCurrent();
  if (_busId != d.busId) {
    CUdevice other = 0;
    CUDA_CHECK(driver, cuDeviceGetByPCIBusId(&other, d.busId));
    int canAccess = 0;
    CUDA_CHECK(driver, cuDeviceCanAccessPeer(&canAccess, _context.device(), other));
    if (!canAccess)
      throw compute::ComputeException("no peer access from the GPU at " + _busId + " to the GPU at " + d.busId);
  }
  CUdeviceptr pointer = 0;
  const CUresult opened = driver.cuIpcOpenMemHandle(&pointer, d.handle, CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS);
  if (opened != CUDA_SUCCESS)
    throw compute::ComputeException("cuIpcOpenMemHandle of the array of process " + std::to_string(d.pid) + " on the GPU at " +
                                    d.busId + " failed: " + driver.errorString(opened));
  return std::make_unique<CudaPeerArray>(_context, pointer, d.bytes, true);
}

void CudaPeerAccess::copy(const compute::ArrayInterface& source, std::size_t sourceOffset,
                          compute::PeerArray& destination, std::size_t destinationOffset, std::size_t bytes) {
  const CudaArray& from = cudaArray(source);
  CudaPeerArray& to = cudaPeer(destination);
  checkRange(sourceOffset, bytes, from.byteSize(), "copy from '" + from.name() + "'");
  checkRange(destinationOffset, bytes, to.byteSize(), "copy into a peer array");
  if (bytes == 0) return;
  _context.makeCurrent();
  CUDA_CHECK(_context.driver(), cuMemcpyDtoDAsync(to.pointer() + destinationOffset, from.devicePointer() + sourceOffset,
                                                  bytes, _context.stream()));
}

void CudaPeerAccess::signal(compute::PeerArray& flags, std::size_t index, std::uint32_t value) {
  CudaPeerArray& to = cudaPeer(flags);
  checkRange(4 * index, 4, to.byteSize(), "signal");
  _context.makeCurrent();
  const CUdeviceptr address = to.pointer() + 4 * index;
  const CUstream stream = _context.stream();
  if (_writeValueWorks) {
    const CUresult written = _context.driver().cuStreamWriteValue32(stream, address, value, CU_STREAM_WRITE_VALUE_DEFAULT);
    if (written == CUDA_SUCCESS) return;
    if (written != CUDA_ERROR_NOT_SUPPORTED && written != CUDA_ERROR_INVALID_VALUE)
      CUDA_CHECK(_context.driver(), cuStreamWriteValue32(stream, address, value, CU_STREAM_WRITE_VALUE_DEFAULT));
    _writeValueWorks = false;
  }
  // A word of this process set on the stream, then copied: the copy lands after the copies before it.
  auto& word = _signalWords[{&flags, index}];
  if (!word) word = std::make_unique<compute::ComputeArray<std::uint32_t>>(_context, 1, "peerSignalWord");
  const CUdeviceptr local = cudaArray(*word).devicePointer();
  CUDA_CHECK(_context.driver(), cuMemsetD32Async(local, value, 1, stream));
  CUDA_CHECK(_context.driver(), cuMemcpyDtoDAsync(address, local, 4, stream));
}

void CudaPeerAccess::wait(const compute::ArrayInterface& flags, std::size_t index, std::uint32_t value) {
  const CudaArray& a = cudaArray(flags);
  checkRange(4 * index, 4, a.byteSize(), "wait on '" + a.name() + "'");
  _context.makeCurrent();
  CUDA_CHECK(_context.driver(),
             cuStreamWaitValue32(_context.stream(), a.devicePointer() + 4 * index, value, CU_STREAM_WAIT_VALUE_GEQ));
}

}  // namespace mardyn::cuda
