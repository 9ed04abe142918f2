// A device array of the CUDA backend: linear device memory from cuMemAlloc.
#pragma once

#include <cuda.h>

#include <string>

#include "compute/ArrayInterface.h"

namespace mardyn::cuda {

class CudaContext;

class CudaArray : public compute::ArrayInterface {
 public:
  CudaArray(CudaContext& context, std::size_t count, std::size_t elementSize, std::string name);
  ~CudaArray() override;
  CudaArray(const CudaArray&) = delete;
  CudaArray& operator=(const CudaArray&) = delete;

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
  const void* nativeHandle() const override { return &_pointer; }

  CUdeviceptr devicePointer() const { return _pointer; }

 private:
  CUdeviceptr allocate(std::size_t count) const;
  CudaContext& _context;
  std::size_t _count;
  std::size_t _elementSize;
  std::string _name;
  CUdeviceptr _pointer = 0;
};

}  // namespace mardyn::cuda
