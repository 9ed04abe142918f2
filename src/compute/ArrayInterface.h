// Abstract interface of an array in device memory: size, resize (keeping the common prefix), upload,
// download, zero and device-to-device copy. Functions that take an array should take this type.
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

#include "compute/ComputeException.h"

namespace mardyn::compute {

class ComputeContext;

class ArrayInterface {
 public:
  virtual ~ArrayInterface() = default;

  virtual std::size_t size() const = 0;         ///< number of elements
  virtual std::size_t elementSize() const = 0;  ///< bytes per element
  virtual const std::string& name() const = 0;
  virtual ComputeContext& context() const = 0;

  /// Changes the number of elements; the first min(old, new) elements keep their values.
  virtual void resize(std::size_t count) = 0;
  virtual void uploadBytes(const void* source, std::size_t offsetBytes, std::size_t bytes) = 0;
  virtual void downloadBytes(void* destination, std::size_t offsetBytes, std::size_t bytes) const = 0;
  /// Queues the copy behind the work queued so far on the current queue and returns, where the backend can, without waiting for
  /// it: the bytes are in `destination` once a ComputeEvent recorded after this call has been synchronized
  /// (or after ComputeContext::synchronize()), and `destination` must stay valid until then. Work queued
  /// later does not delay it. For a copy that overlaps the device's work, `destination` should be
  /// PinnedHostBuffer memory (CUDA copies into pageable memory before returning). The base version
  /// copies at once.
  virtual void downloadBytesAsync(void* destination, std::size_t offsetBytes, std::size_t bytes) const {
    downloadBytes(destination, offsetBytes, bytes);
  }
  /// Queues the copy from the host on the current queue and returns, where the backend can, before it ran:
  /// `source` must stay valid and unchanged until the queue has passed it (PinnedHostBuffer memory for a
  /// copy that overlaps other work). The base version copies at once.
  virtual void uploadBytesAsync(const void* source, std::size_t offsetBytes, std::size_t bytes) {
    uploadBytes(source, offsetBytes, bytes);
  }
  /// Sets every byte to zero.
  virtual void zero() = 0;
  /// Copies all elements into destination, which must have the same size and element size.
  virtual void copyTo(ArrayInterface& destination) const = 0;
  /// Queues on the current queue a copy of bytes [sourceOffset, sourceOffset + bytes) into destination (an
  /// array of the same context) at destinationOffset.
  virtual void copyBytesTo(ArrayInterface& destination, std::size_t sourceOffset, std::size_t destinationOffset,
                           std::size_t bytes) const = 0;

  /// The backend's array behind this one (a ComputeArray returns the array it wraps).
  virtual ArrayInterface& backendArray() { return *this; }
  virtual const ArrayInterface& backendArray() const { return *this; }
  /// Address of the backend's handle (CUdeviceptr or cl_mem); stable for the array's lifetime.
  virtual const void* nativeHandle() const = 0;

  std::size_t byteSize() const { return size() * elementSize(); }

  template <class T>
  void upload(const std::vector<T>& values) {
    checkElement(sizeof(T), "upload");
    if (values.size() != size())
      throw ComputeException("array '" + name() + "': upload of " + std::to_string(values.size()) +
                             " elements into an array of " + std::to_string(size()));
    uploadBytes(values.data(), 0, byteSize());
  }
  template <class T>
  void download(std::vector<T>& values) const {
    checkElement(sizeof(T), "download");
    values.resize(size());
    downloadBytes(values.data(), 0, byteSize());
  }
  template <class T>
  std::vector<T> download() const {
    std::vector<T> values;
    download(values);
    return values;
  }

 protected:
  void checkRange(std::size_t offsetBytes, std::size_t bytes, const char* what) const {
    if (offsetBytes + bytes > byteSize())
      throw ComputeException("array '" + name() + "': " + what + " of bytes [" + std::to_string(offsetBytes) + ", " +
                             std::to_string(offsetBytes + bytes) + ") outside its " + std::to_string(byteSize()) +
                             " bytes");
  }

 private:
  void checkElement(std::size_t bytes, const char* what) const {
    if (bytes != elementSize())
      throw ComputeException("array '" + name() + "': " + what + " with elements of " + std::to_string(bytes) +
                             " bytes, array has " + std::to_string(elementSize()));
  }
};

}  // namespace mardyn::compute
