// An OpenCL marker event for timing work on the context's queue (profiling timestamps; the host
// clock where a driver gives none for markers).
#pragma once

#include <chrono>

#include "compute/ComputeEvent.h"
#include "opencl/OpenCLCheck.h"

namespace mardyn::opencl {

class OpenCLContext;

class OpenCLEvent : public compute::ComputeEvent {
 public:
  explicit OpenCLEvent(OpenCLContext& context) : _context(context) {}
  ~OpenCLEvent() override;
  OpenCLEvent(const OpenCLEvent&) = delete;
  OpenCLEvent& operator=(const OpenCLEvent&) = delete;

  void record() override;
  void synchronize() override;
  /// The context has one in-order queue: a barrier on it (work queued later follows anyway).
  void enqueueWait() override;
  double millisecondsSince(compute::ComputeEvent& start) override;

 private:
  bool deviceTime(cl_ulong& nanoseconds) const;
  OpenCLContext& _context;
  cl_event _event = nullptr;
  std::chrono::steady_clock::time_point _completed;
};

}  // namespace mardyn::opencl
