// A device array of the OpenCL backend: one cl_mem buffer.
#pragma once

#include <string>

#include "compute/ArrayInterface.h"
#include "opencl/OpenCLCheck.h"

namespace mardyn::opencl {

class OpenCLContext;

class OpenCLArray : public compute::ArrayInterface {
 public:
  OpenCLArray(OpenCLContext& context, std::size_t count, std::size_t elementSize, std::string name);
  ~OpenCLArray() override;
  OpenCLArray(const OpenCLArray&) = delete;
  OpenCLArray& operator=(const OpenCLArray&) = delete;

  std::size_t size() const override { return _count; }
  std::size_t elementSize() const override { return _elementSize; }
  const std::string& name() const override { return _name; }
  compute::ComputeContext& context() const override;
  void resize(std::size_t count) override;
  void uploadBytes(const void* source, std::size_t offsetBytes, std::size_t bytes) override;
  void downloadBytes(void* destination, std::size_t offsetBytes, std::size_t bytes) const override;
  void uploadBytesAsync(const void* source, std::size_t offsetBytes, std::size_t bytes) override;
  void downloadBytesAsync(void* destination, std::size_t offsetBytes, std::size_t bytes) const override;
  void zero() override;
  void copyTo(compute::ArrayInterface& destination) const override;
  void copyBytesTo(compute::ArrayInterface& destination, std::size_t sourceOffset, std::size_t destinationOffset,
                   std::size_t bytes) const override;
  const void* nativeHandle() const override { return &_buffer; }

  cl_mem buffer() const { return _buffer; }

 private:
  cl_mem allocate(std::size_t count) const;
  OpenCLContext& _context;
  std::size_t _count;
  std::size_t _elementSize;
  std::string _name;
  cl_mem _buffer = nullptr;
};

}  // namespace mardyn::opencl
