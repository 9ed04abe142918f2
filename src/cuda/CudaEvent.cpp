// CUDA events: record on the current stream, host and stream waits, elapsed time.
#include "cuda/CudaEvent.h"

#include "cuda/CudaCheck.h"
#include "cuda/CudaContext.h"

namespace mardyn::cuda {

CudaEvent::CudaEvent(CudaContext& context)
    : _context(context), _timed(context.options().deviceTimestamps || context.options().profileKernels) {
  // Without timing an event is lighter to record and to wait for (the step's ordering and host waits).
  CUDA_CHECK(_context.driver(), cuEventCreate(&_event, _timed ? CU_EVENT_DEFAULT : CU_EVENT_DISABLE_TIMING));
}

CudaEvent::~CudaEvent() {
  if (_event) _context.driver().cuEventDestroy(_event);
}

void CudaEvent::record() { CUDA_CHECK(_context.driver(), cuEventRecord(_event, _context.stream())); }

void CudaEvent::enqueueWait() { CUDA_CHECK(_context.driver(), cuStreamWaitEvent(_context.stream(), _event, 0)); }

void CudaEvent::synchronize() {
  CUDA_CHECK(_context.driver(), cuEventSynchronize(_event));
  _completed = std::chrono::steady_clock::now();
}

double CudaEvent::millisecondsSince(compute::ComputeEvent& start) {
  auto* begin = dynamic_cast<CudaEvent*>(&start);
  if (!begin) throw compute::ComputeException("CudaEvent::millisecondsSince: start is not a CUDA event");
  if (!_timed || !begin->_timed) {
    begin->synchronize();
    synchronize();
    return std::chrono::duration<double, std::milli>(_completed - begin->_completed).count();
  }
  float milliseconds = 0;
  CUDA_CHECK(_context.driver(), cuEventElapsedTime(&milliseconds, begin->_event, _event));
  return milliseconds;
}

}  // namespace mardyn::cuda
