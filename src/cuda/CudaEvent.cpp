// CUDA events: record on the current stream, host and stream waits, elapsed time.
#include "cuda/CudaEvent.h"

#include "cuda/CudaCheck.h"
#include "cuda/CudaContext.h"

namespace mardyn::cuda {

CudaEvent::CudaEvent(CudaContext& context) : _context(context) {
  CUDA_CHECK(_context.driver(), cuEventCreate(&_event, CU_EVENT_DEFAULT));
}

CudaEvent::~CudaEvent() {
  if (_event) _context.driver().cuEventDestroy(_event);
}

void CudaEvent::record() { CUDA_CHECK(_context.driver(), cuEventRecord(_event, _context.stream())); }

void CudaEvent::enqueueWait() { CUDA_CHECK(_context.driver(), cuStreamWaitEvent(_context.stream(), _event, 0)); }

void CudaEvent::synchronize() { CUDA_CHECK(_context.driver(), cuEventSynchronize(_event)); }

double CudaEvent::millisecondsSince(compute::ComputeEvent& start) {
  auto* begin = dynamic_cast<CudaEvent*>(&start);
  if (!begin) throw compute::ComputeException("CudaEvent::millisecondsSince: start is not a CUDA event");
  float milliseconds = 0;
  CUDA_CHECK(_context.driver(), cuEventElapsedTime(&milliseconds, begin->_event, _event));
  return milliseconds;
}

}  // namespace mardyn::cuda
