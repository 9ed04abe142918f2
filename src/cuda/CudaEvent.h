// A CUDA event for timing work and ordering streams: recorded on the context's current stream.
#pragma once

#include <cuda.h>

#include <chrono>

#include "compute/ComputeEvent.h"

namespace mardyn::cuda {

class CudaContext;

class CudaEvent : public compute::ComputeEvent {
 public:
  explicit CudaEvent(CudaContext& context);
  ~CudaEvent() override;
  CudaEvent(const CudaEvent&) = delete;
  CudaEvent& operator=(const CudaEvent&) = delete;

  void record() override;
  void synchronize() override;
  void enqueueWait() override;
  double millisecondsSince(compute::ComputeEvent& start) override;

 private:
  CudaContext& _context;
  CUevent _event = nullptr;
  bool _timed = false;  ///< created with timing (the context's deviceTimestamps); else timed on the host
  std::chrono::steady_clock::time_point _completed;  ///< when synchronize() last returned
};

}  // namespace mardyn::cuda
