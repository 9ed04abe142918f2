// OpenCL queues: creation (registered with the context, so that synchronize() finishes them) and destruction.
#include "opencl/OpenCLQueue.h"

#include "opencl/OpenCLContext.h"

namespace mardyn::opencl {

OpenCLQueue::OpenCLQueue(OpenCLContext& context) : _context(context) {
  cl_int error = CL_SUCCESS;
  _queue = clCreateCommandQueue(_context.context(), _context.device(), _context.queueProperties(), &error);
  CL_CHECK_ERROR(error, "clCreateCommandQueue");
  _context.addQueue(_queue);
}

OpenCLQueue::~OpenCLQueue() {
  _context.removeQueue(_queue);
  clFinish(_queue);
  clReleaseCommandQueue(_queue);
}

}  // namespace mardyn::opencl
