// An OpenCL command queue of its own (in order, with profiling) on the context's device: work queued here may
// run beside the default queue's; events (OpenCLEvent) order the two. The context finishes it in synchronize().
#pragma once

#include "compute/ComputeQueue.h"
#include "opencl/OpenCLCheck.h"

namespace mardyn::opencl {

class OpenCLContext;

class OpenCLQueue : public compute::ComputeQueue {
 public:
  explicit OpenCLQueue(OpenCLContext& context);
  ~OpenCLQueue() override;
  OpenCLQueue(const OpenCLQueue&) = delete;
  OpenCLQueue& operator=(const OpenCLQueue&) = delete;

  bool concurrent() const override { return true; }
  cl_command_queue queue() const { return _queue; }
  const OpenCLContext& owner() const { return _context; }

 private:
  OpenCLContext& _context;
  cl_command_queue _queue = nullptr;
};

}  // namespace mardyn::opencl
