// A CUDA stream of its own (non-blocking: it does not wait for the default stream, nor the default stream
// for it; of the greatest priority: its blocks are scheduled before waiting blocks of other streams);
// ordered against other queues with events.
#pragma once

#include <cuda.h>

#include "compute/ComputeQueue.h"

namespace mardyn::cuda {

class CudaContext;

class CudaQueue : public compute::ComputeQueue {
 public:
  explicit CudaQueue(CudaContext& context);
  ~CudaQueue() override;
  CudaQueue(const CudaQueue&) = delete;
  CudaQueue& operator=(const CudaQueue&) = delete;

  bool concurrent() const override { return true; }
  CUstream stream() const { return _stream; }
  const CudaContext& owner() const { return _context; }

 private:
  CudaContext& _context;
  CUstream _stream = nullptr;
};

}  // namespace mardyn::cuda
