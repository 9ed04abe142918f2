// CUDA device arrays: allocation (at least one element, so that empty arrays are valid arguments),
// resize keeping the common prefix, transfers, zeroing and device-to-device copies, all on the context's
// current stream (a blocking transfer on a queue of its own waits for that queue only).
#include "cuda/CudaArray.h"

#include <algorithm>

#include "cuda/CudaCheck.h"
#include "cuda/CudaContext.h"

namespace mardyn::cuda {

CudaArray::CudaArray(CudaContext& context, std::size_t count, std::size_t elementSize, std::string name)
    : _context(context), _count(count), _elementSize(elementSize), _name(std::move(name)) {
  if (elementSize == 0) throw compute::ComputeException("array '" + _name + "': element size 0");
  _pointer = allocate(count);
  _context.countAllocation(static_cast<long long>(std::max<std::size_t>(count, 1) * _elementSize));
}

CudaArray::~CudaArray() {
  if (_pointer) _context.driver().cuMemFree(_pointer);
  _context.countAllocation(-static_cast<long long>(std::max<std::size_t>(_count, 1) * _elementSize));
}

compute::ComputeContext& CudaArray::context() const { return _context; }

CUdeviceptr CudaArray::allocate(std::size_t count) const {
  CUdeviceptr pointer = 0;
  const std::size_t bytes = std::max<std::size_t>(count, 1) * _elementSize;
  try {
    CUDA_CHECK(_context.driver(), cuMemAlloc(&pointer, bytes));
  } catch (const compute::ComputeException& error) {
    throw compute::ComputeException("allocating " + std::to_string(bytes) + " bytes for array '" + _name +
                                    "': " + error.what());
  }
  return pointer;
}

void CudaArray::resize(std::size_t count) {
  if (count == _count) return;
  _context.makeCurrent();
  CUdeviceptr fresh = allocate(count);
  const std::size_t keep = std::min(count, _count) * _elementSize;
  try {
    const CUstream stream = _context.stream();
    if (keep > 0) CUDA_CHECK(_context.driver(), cuMemcpyDtoDAsync(fresh, _pointer, keep, stream));
    CUDA_CHECK(_context.driver(), cuStreamSynchronize(stream));
  } catch (...) {
    _context.driver().cuMemFree(fresh);
    throw;
  }
  CUDA_CHECK(_context.driver(), cuMemFree(_pointer));
  _context.countAllocation(static_cast<long long>(std::max<std::size_t>(count, 1) * _elementSize) -
                           static_cast<long long>(std::max<std::size_t>(_count, 1) * _elementSize));
  _pointer = fresh;
  _count = count;
}

void CudaArray::uploadBytes(const void* source, std::size_t offsetBytes, std::size_t bytes) {
  checkRange(offsetBytes, bytes, "upload");
  _context.makeCurrent();
  const CUstream stream = _context.stream();
  if (bytes && !stream) CUDA_CHECK(_context.driver(), cuMemcpyHtoD(_pointer + offsetBytes, source, bytes));
  if (bytes && stream) {
    CUDA_CHECK(_context.driver(), cuMemcpyHtoDAsync(_pointer + offsetBytes, source, bytes, stream));
    CUDA_CHECK(_context.driver(), cuStreamSynchronize(stream));
  }
  _context.countUpload(bytes);
}

void CudaArray::uploadBytesAsync(const void* source, std::size_t offsetBytes, std::size_t bytes) {
  checkRange(offsetBytes, bytes, "upload");
  _context.makeCurrent();
  if (bytes) CUDA_CHECK(_context.driver(), cuMemcpyHtoDAsync(_pointer + offsetBytes, source, bytes, _context.stream()));
  _context.countUpload(bytes);
}

void CudaArray::downloadBytes(void* destination, std::size_t offsetBytes, std::size_t bytes) const {
  checkRange(offsetBytes, bytes, "download");
  _context.makeCurrent();
  const CUstream stream = _context.stream();
  if (bytes && !stream) CUDA_CHECK(_context.driver(), cuMemcpyDtoH(destination, _pointer + offsetBytes, bytes));
  if (bytes && stream) {
    CUDA_CHECK(_context.driver(), cuMemcpyDtoHAsync(destination, _pointer + offsetBytes, bytes, stream));
    CUDA_CHECK(_context.driver(), cuStreamSynchronize(stream));
  }
  _context.countDownload(bytes);
}

void CudaArray::downloadBytesAsync(void* destination, std::size_t offsetBytes, std::size_t bytes) const {
  checkRange(offsetBytes, bytes, "download");
  _context.makeCurrent();
  // On the current stream, behind the work queued there so far; returns at once into page-locked memory.
  if (bytes)
    CUDA_CHECK(_context.driver(), cuMemcpyDtoHAsync(destination, _pointer + offsetBytes, bytes, _context.stream()));
  _context.countDownload(bytes);
}

void CudaArray::zero() {
  _context.makeCurrent();
  if (byteSize()) CUDA_CHECK(_context.driver(), cuMemsetD8Async(_pointer, 0, byteSize(), _context.stream()));
}

void CudaArray::copyTo(compute::ArrayInterface& destination) const {
  auto* target = dynamic_cast<CudaArray*>(&destination.backendArray());
  if (!target || &target->_context != &_context)
    throw compute::ComputeException("array '" + _name + "': copy target '" + destination.name() +
                                    "' is not a CUDA array of the same context");
  if (target->byteSize() != byteSize())
    throw compute::ComputeException("array '" + _name + "': copy into '" + destination.name() + "' of " +
                                    std::to_string(target->byteSize()) + " bytes, need " + std::to_string(byteSize()));
  _context.makeCurrent();
  if (byteSize())
    CUDA_CHECK(_context.driver(), cuMemcpyDtoDAsync(target->_pointer, _pointer, byteSize(), _context.stream()));
}

void CudaArray::copyBytesTo(compute::ArrayInterface& destination, std::size_t sourceOffset,
                            std::size_t destinationOffset, std::size_t bytes) const {
  auto* target = dynamic_cast<CudaArray*>(&destination.backendArray());
  if (!target || &target->_context != &_context)
    throw compute::ComputeException("array '" + _name + "': copy target '" + destination.name() +
                                    "' is not a CUDA array of the same context");
  checkRange(sourceOffset, bytes, "copy");
  target->checkRange(destinationOffset, bytes, "copy");
  _context.makeCurrent();
  if (bytes)
    CUDA_CHECK(_context.driver(), cuMemcpyDtoDAsync(target->_pointer + destinationOffset, _pointer + sourceOffset,
                                                    bytes, _context.stream()));
}

}  // namespace mardyn::cuda
