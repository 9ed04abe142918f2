// OpenCL marker events.
#include "opencl/OpenCLEvent.h"

#include "opencl/OpenCLContext.h"

namespace mardyn::opencl {

OpenCLEvent::~OpenCLEvent() {
  if (_event) clReleaseEvent(_event);
  if (_queue) clReleaseCommandQueue(_queue);
}

void OpenCLEvent::record() {
  if (_event) clReleaseEvent(_event);
  _event = nullptr;
  cl_command_queue queue = _context.queue();
  // Held until the next record, so that a flush in enqueueWait or synchronize never meets a released queue.
  CL_CHECK(clRetainCommandQueue(queue));
  if (_queue) clReleaseCommandQueue(_queue);
  _queue = queue;
  // No flush here (each costs microseconds of host time on a step bound by its launches): a host wait flushes
  // implicitly (clWaitForEvents), and enqueueWait flushes where another queue waits.
  CL_CHECK(clEnqueueMarkerWithWaitList(_queue, 0, nullptr, &_event));
}

void OpenCLEvent::synchronize() {
  if (!_event) throw compute::ComputeException("OpenCLEvent::synchronize before record");
  CL_CHECK(clWaitForEvents(1, &_event));  // flushes the event's queue
  _completed = std::chrono::steady_clock::now();
}

void OpenCLEvent::enqueueWait() {
  if (!_event) throw compute::ComputeException("OpenCLEvent::enqueueWait before record");
  cl_command_queue current = _context.queue();
  if (current != _queue) CL_CHECK(clFlush(_queue));
  CL_CHECK(clEnqueueBarrierWithWaitList(current, 1, &_event, nullptr));
}

bool OpenCLEvent::deviceTime(cl_ulong& nanoseconds) const {
  return _event && clGetEventProfilingInfo(_event, CL_PROFILING_COMMAND_END, sizeof(nanoseconds), &nanoseconds,
                                           nullptr) == CL_SUCCESS;
}

double OpenCLEvent::millisecondsSince(compute::ComputeEvent& start) {
  auto* begin = dynamic_cast<OpenCLEvent*>(&start);
  if (!begin) throw compute::ComputeException("OpenCLEvent::millisecondsSince: start is not an OpenCL event");
  begin->synchronize();
  synchronize();
  cl_ulong t0 = 0, t1 = 0;
  if (begin->deviceTime(t0) && deviceTime(t1) && t1 >= t0) return static_cast<double>(t1 - t0) * 1e-6;
  return std::chrono::duration<double, std::milli>(_completed - begin->_completed).count();
}

}  // namespace mardyn::opencl
