// CUDA queues: creation and destruction of a non-blocking stream of the greatest priority.
#include "cuda/CudaQueue.h"

#include "cuda/CudaCheck.h"
#include "cuda/CudaContext.h"

namespace mardyn::cuda {

CudaQueue::CudaQueue(CudaContext& context) : _context(context) {
  _context.makeCurrent();
  // Its short kernels (packing, unpacking) start as soon as a multiprocessor frees up, ahead of the blocks of
  // a long force kernel queued on the default stream, so that the halo arrives before the interior is done.
  int least = 0, greatest = 0;
  CUDA_CHECK(_context.driver(), cuCtxGetStreamPriorityRange(&least, &greatest));
  CUDA_CHECK(_context.driver(), cuStreamCreateWithPriority(&_stream, CU_STREAM_NON_BLOCKING, greatest));
}

CudaQueue::~CudaQueue() {
  if (!_stream) return;
  _context.driver().cuStreamSynchronize(_stream);
  _context.driver().cuStreamDestroy(_stream);
}

}  // namespace mardyn::cuda
