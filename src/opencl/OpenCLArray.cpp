// OpenCL arrays: allocation (at least one element), resize keeping the common prefix, blocking
// transfers, zeroing with clEnqueueFillBuffer and buffer-to-buffer copies.
#include "opencl/OpenCLArray.h"

#include <algorithm>

#include "opencl/OpenCLContext.h"

namespace mardyn::opencl {

OpenCLArray::OpenCLArray(OpenCLContext& context, std::size_t count, std::size_t elementSize, std::string name)
    : _context(context), _count(count), _elementSize(elementSize), _name(std::move(name)) {
  if (elementSize == 0) throw compute::ComputeException("array '" + _name + "': element size 0");
  _buffer = allocate(count);
  _context.countAllocation(static_cast<long long>(std::max<std::size_t>(count, 1) * _elementSize));
}

OpenCLArray::~OpenCLArray() {
  if (_buffer) clReleaseMemObject(_buffer);
  _context.countAllocation(-static_cast<long long>(std::max<std::size_t>(_count, 1) * _elementSize));
}

compute::ComputeContext& OpenCLArray::context() const { return _context; }

cl_mem OpenCLArray::allocate(std::size_t count) const {
  cl_int error = CL_SUCCESS;
  const std::size_t bytes = std::max<std::size_t>(count, 1) * _elementSize;
  cl_mem buffer = clCreateBuffer(_context.context(), CL_MEM_READ_WRITE, bytes, nullptr, &error);
  if (error != CL_SUCCESS)
    throw compute::ComputeException("allocating " + std::to_string(bytes) + " bytes for array '" + _name +
                                    "': clCreateBuffer failed: " + openclErrorName(error));
  return buffer;
}

void OpenCLArray::resize(std::size_t count) {
  if (count == _count) return;
  cl_mem fresh = allocate(count);
  const std::size_t keep = std::min(count, _count) * _elementSize;
  try {
    if (keep > 0) CL_CHECK(clEnqueueCopyBuffer(_context.queue(), _buffer, fresh, 0, 0, keep, 0, nullptr, nullptr));
  } catch (...) {
    clReleaseMemObject(fresh);
    throw;
  }
  CL_CHECK(clReleaseMemObject(_buffer));
  _context.countAllocation(static_cast<long long>(std::max<std::size_t>(count, 1) * _elementSize) -
                           static_cast<long long>(std::max<std::size_t>(_count, 1) * _elementSize));
  _buffer = fresh;
  _count = count;
}

void OpenCLArray::uploadBytes(const void* source, std::size_t offsetBytes, std::size_t bytes) {
  checkRange(offsetBytes, bytes, "upload");
  if (bytes)
    CL_CHECK(clEnqueueWriteBuffer(_context.queue(), _buffer, CL_TRUE, offsetBytes, bytes, source, 0, nullptr, nullptr));
  _context.countUpload(bytes);
}

void OpenCLArray::uploadBytesAsync(const void* source, std::size_t offsetBytes, std::size_t bytes) {
  checkRange(offsetBytes, bytes, "upload");
  if (bytes) {
    CL_CHECK(clEnqueueWriteBuffer(_context.queue(), _buffer, CL_FALSE, offsetBytes, bytes, source, 0, nullptr, nullptr));
    CL_CHECK(clFlush(_context.queue()));
  }
  _context.countUpload(bytes);
}

void OpenCLArray::downloadBytes(void* destination, std::size_t offsetBytes, std::size_t bytes) const {
  checkRange(offsetBytes, bytes, "download");
  if (bytes)
    CL_CHECK(clEnqueueReadBuffer(_context.queue(), _buffer, CL_TRUE, offsetBytes, bytes, destination, 0, nullptr,
                                 nullptr));
  _context.countDownload(bytes);
}

void OpenCLArray::downloadBytesAsync(void* destination, std::size_t offsetBytes, std::size_t bytes) const {
  checkRange(offsetBytes, bytes, "download");
  if (bytes) {
    // Not flushed: the caller records an event behind it and waits for that, which flushes the queue.
    CL_CHECK(clEnqueueReadBuffer(_context.queue(), _buffer, CL_FALSE, offsetBytes, bytes, destination, 0, nullptr,
                                 nullptr));
  }
  _context.countDownload(bytes);
}

void OpenCLArray::zero() {
  const unsigned char zero = 0;
  if (byteSize())
    CL_CHECK(clEnqueueFillBuffer(_context.queue(), _buffer, &zero, 1, 0, byteSize(), 0, nullptr, nullptr));
}

void OpenCLArray::copyTo(compute::ArrayInterface& destination) const {
  auto* target = dynamic_cast<OpenCLArray*>(&destination.backendArray());
  if (!target || &target->_context != &_context)
    throw compute::ComputeException("array '" + _name + "': copy target '" + destination.name() +
                                    "' is not an OpenCL array of the same context");
  if (target->byteSize() != byteSize())
    throw compute::ComputeException("array '" + _name + "': copy into '" + destination.name() + "' of " +
                                    std::to_string(target->byteSize()) + " bytes, need " + std::to_string(byteSize()));
  if (byteSize())
    CL_CHECK(clEnqueueCopyBuffer(_context.queue(), _buffer, target->_buffer, 0, 0, byteSize(), 0, nullptr, nullptr));
}

void OpenCLArray::copyBytesTo(compute::ArrayInterface& destination, std::size_t sourceOffset,
                              std::size_t destinationOffset, std::size_t bytes) const {
  auto* target = dynamic_cast<OpenCLArray*>(&destination.backendArray());
  if (!target || &target->_context != &_context)
    throw compute::ComputeException("array '" + _name + "': copy target '" + destination.name() +
                                    "' is not an OpenCL array of the same context");
  checkRange(sourceOffset, bytes, "copy");
  target->checkRange(destinationOffset, bytes, "copy");
  if (bytes)
    CL_CHECK(clEnqueueCopyBuffer(_context.queue(), _buffer, target->_buffer, sourceOffset, destinationOffset, bytes, 0,
                                 nullptr, nullptr));
}

}  // namespace mardyn::opencl
