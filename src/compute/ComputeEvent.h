// Abstract marker in a context's command stream for timing device work and ordering queues: record() places
// it on the current queue, synchronize() waits for it on the host, enqueueWait() makes the current queue wait
// for it, millisecondsSince() is the device time between two recorded events.
#pragma once

namespace mardyn::compute {

class ComputeEvent {
 public:
  virtual ~ComputeEvent() = default;
  virtual void record() = 0;
  virtual void synchronize() = 0;
  /// Work queued later on the context's current queue starts after the work this event recorded.
  virtual void enqueueWait() = 0;
  /// Milliseconds from `start` to this event; both must have been recorded and completed.
  virtual double millisecondsSince(ComputeEvent& start) = 0;
};

}  // namespace mardyn::compute
