// ComputeArray<T>: the array to create in backend-neutral code. It owns the backend's array for the
// context it was created with and forwards every call to it.
#pragma once

#include <memory>
#include <string>
#include <type_traits>

#include "compute/ArrayInterface.h"
#include "compute/ComputeContext.h"

namespace mardyn::compute {

template <class T>
class ComputeArray : public ArrayInterface {
  static_assert(std::is_trivially_copyable<T>::value, "device array elements must be trivially copyable");

 public:
  ComputeArray() = default;
  ComputeArray(ComputeContext& context, std::size_t count, const std::string& name) { initialize(context, count, name); }

  void initialize(ComputeContext& context, std::size_t count, const std::string& name) {
    _impl = context.createArrayImpl(count, sizeof(T), name);
  }
  bool isInitialized() const { return static_cast<bool>(_impl); }

  std::size_t size() const override { return impl().size(); }
  std::size_t elementSize() const override { return sizeof(T); }
  const std::string& name() const override { return impl().name(); }
  ComputeContext& context() const override { return impl().context(); }
  void resize(std::size_t count) override { impl().resize(count); }
  void uploadBytes(const void* source, std::size_t offset, std::size_t bytes) override {
    impl().uploadBytes(source, offset, bytes);
  }
  void downloadBytes(void* destination, std::size_t offset, std::size_t bytes) const override {
    impl().downloadBytes(destination, offset, bytes);
  }
  void downloadBytesAsync(void* destination, std::size_t offset, std::size_t bytes) const override {
    impl().downloadBytesAsync(destination, offset, bytes);
  }
  void uploadBytesAsync(const void* source, std::size_t offset, std::size_t bytes) override {
    impl().uploadBytesAsync(source, offset, bytes);
  }
  void zero() override { impl().zero(); }
  void copyTo(ArrayInterface& destination) const override { impl().copyTo(destination); }
  void copyBytesTo(ArrayInterface& destination, std::size_t sourceOffset, std::size_t destinationOffset,
                   std::size_t bytes) const override {
    impl().copyBytesTo(destination, sourceOffset, destinationOffset, bytes);
  }
  ArrayInterface& backendArray() override { return impl(); }
  const ArrayInterface& backendArray() const override { return impl(); }
  const void* nativeHandle() const override { return impl().nativeHandle(); }

  using ArrayInterface::download;
  std::vector<T> download() const { return ArrayInterface::download<T>(); }

 private:
  ArrayInterface& impl() const {
    if (!_impl) throw ComputeException("ComputeArray used before initialize()");
    return *_impl;
  }
  std::unique_ptr<ArrayInterface> _impl;
};

}  // namespace mardyn::compute
