// CUDA queues: creation and destruction of a non-blocking stream.
#include "cuda/CudaQueue.h"

#include "cuda/CudaCheck.h"
#include "cuda/CudaContext.h"

namespace mardyn::cuda {

CudaQueue::CudaQueue(CudaContext& context) : _context(context) {
  _context.makeCurrent();
  CUDA_CHECK(_context.driver(), cuStreamCreate(&_stream, CU_STREAM_NON_BLOCKING));
}

CudaQueue::~CudaQueue() {
  if (!_stream) return;
  _context.driver().cuStreamSynchronize(_stream);
  _context.driver().cuStreamDestroy(_stream);
}

}  // namespace mardyn::cuda
