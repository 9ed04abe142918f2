// ComputeQueue: a stream of device work of its own, for transfers and their packing kernels or the PME grid that
// run beside the default queue's work (a CUDA stream that does not synchronise with the default one, an OpenCL
// command queue of its own; on a backend without queues of its own, the default queue). Launches, copies, events
// and waits go to the context's current queue (ComputeContext::setCurrentQueue, QueueScope); ComputeEvent orders
// work between queues.
#pragma once

namespace mardyn::compute {

class ComputeContext;

class ComputeQueue {
 public:
  virtual ~ComputeQueue() = default;
  /// Whether work queued here may run at the same time as the default queue's (false: it is the default queue).
  virtual bool concurrent() const = 0;
};

/// Makes `queue` the context's current queue for its lifetime (nullptr: the default queue) and restores the
/// previous one afterwards.
class QueueScope {
 public:
  QueueScope(ComputeContext& context, ComputeQueue* queue);
  ~QueueScope();
  QueueScope(const QueueScope&) = delete;
  QueueScope& operator=(const QueueScope&) = delete;

 private:
  ComputeContext& _context;
  ComputeQueue* _previous;
};

}  // namespace mardyn::compute
