// The OpenCL compute context: one device, an in-order command queue with profiling (the default queue) and
// any created beside it (OpenCLQueue; work goes to the current one), program compilation with clBuildProgram,
// arrays and events.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "compute/ComputeContext.h"
#include "opencl/OpenCLDevice.h"

namespace mardyn::opencl {

class OpenCLContext : public compute::ComputeContext {
 public:
  OpenCLContext(const OpenCLDevice& device, const compute::ContextOptions& options);
  ~OpenCLContext() override;

  const compute::DeviceInfo& deviceInfo() const override { return _device.info; }
  std::unique_ptr<compute::ComputeProgram> compileProgram(const std::string& source, const Defines& defines,
                                                          const std::string& name) override;
  std::unique_ptr<compute::ArrayInterface> createArrayImpl(std::size_t count, std::size_t elementSize,
                                                           const std::string& name) override;
  std::unique_ptr<compute::ComputeEvent> createEvent() override;
  std::unique_ptr<compute::ComputeQueue> createQueue() override;
  /// VkFFT (OpenCLFFT) where it is built in and makes a plan for the grid.
  std::unique_ptr<compute::ComputeFFT> createNativeFFT(int nx, int ny, int nz, compute::FFTKind kind) override;
  /// Finishes the default queue and every queue created beside it.
  void synchronize() override;
  /// A buffer of the device's host memory (CL_MEM_ALLOC_HOST_PTR), mapped for the context's life. NVIDIA's
  /// driver copies into such memory directly; a read into ordinary memory is staged through the host, and the
  /// queue's next command waited 20-80 us for it (the tile list's flag and counts, read every step).
  void* allocatePinnedHost(std::size_t bytes) override;
  void freePinnedHost(void* memory) noexcept override;
  std::string fullSource(const std::string& source, const Defines& defines) const override;

  cl_context context() const { return _context; }
  /// The current queue's command queue (the default one unless an OpenCLQueue is current).
  cl_command_queue queue() const;
  /// OpenCLQueue's registration, so that synchronize() finishes it.
  void addQueue(cl_command_queue queue) { _queues.push_back(queue); }
  /// The properties every queue of the context is created with (profiling only with deviceTimestamps).
  cl_command_queue_properties queueProperties() const {
    return options().deviceTimestamps || options().profileKernels ? CL_QUEUE_PROFILING_ENABLE : 0;
  }
  void removeQueue(cl_command_queue queue);
  cl_device_id device() const { return _device.device; }

 private:
  std::string fullSource(const std::string& source, const Defines& defines, const std::string& name,
                         const std::string& constantsBlock) const;
  OpenCLDevice _device;
  cl_context _context = nullptr;
  cl_command_queue _queue = nullptr;
  std::vector<cl_command_queue> _queues;
  std::mutex _pinnedMutex;
  std::map<void*, cl_mem> _pinned;  // mapped pointer -> its buffer
};

}  // namespace mardyn::opencl
