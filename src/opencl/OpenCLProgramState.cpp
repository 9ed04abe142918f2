// Host constants of an OpenCL program: the host copy and its device buffer.
#include "opencl/OpenCLProgramState.h"

#include <cstring>

#include "opencl/OpenCLContext.h"

namespace mardyn::opencl {

OpenCLProgramState::OpenCLProgramState(OpenCLContext& context, cl_program program, compute::HostConstantLayout layout)
    : _context(context), _program(program), _layout(std::move(layout)), _values(_layout.totalBytes(), 0) {
  if (!_layout.empty()) {
    cl_int error = CL_SUCCESS;
    _buffer = clCreateBuffer(_context.context(), CL_MEM_READ_ONLY, _values.size(), nullptr, &error);
    CL_CHECK_ERROR(error, "clCreateBuffer");
    _dirty = true;
  }
}

OpenCLProgramState::~OpenCLProgramState() {
  if (_buffer) clReleaseMemObject(_buffer);
  if (_program) clReleaseProgram(_program);
}

void OpenCLProgramState::write(std::size_t offset, const void* data, std::size_t bytes) {
  std::memcpy(_values.data() + offset, data, bytes);
  _dirty = true;
}

cl_mem OpenCLProgramState::constantBuffer() {
  if (_buffer && _dirty) {
    CL_CHECK(clEnqueueWriteBuffer(_context.queue(), _buffer, CL_TRUE, 0, _values.size(), _values.data(), 0, nullptr,
                                  nullptr));
    _context.countUpload(_values.size());
    _dirty = false;
  }
  return _buffer;
}

}  // namespace mardyn::opencl
