// An OpenCL marker event on the context's current queue, for timing work (profiling timestamps; the host clock
// where a driver gives none for markers) and for ordering queues. A queue waiting on another's event needs that
// event's marker submitted to the device: enqueueWait flushes the queue it was recorded on, and a marker recorded
// on a queue beside the default one is flushed at once, so that its queue's work starts without waiting for a
// later blocking call.
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
  /// A barrier on the current queue waiting for the marker (flushed first where it is on another queue).
  void enqueueWait() override;
  double millisecondsSince(compute::ComputeEvent& start) override;

 private:
  bool deviceTime(cl_ulong& nanoseconds) const;
  OpenCLContext& _context;
  cl_event _event = nullptr;
  cl_command_queue _queue = nullptr;  // where the marker was recorded (retained)
  std::chrono::steady_clock::time_point _completed;
};

}  // namespace mardyn::opencl
