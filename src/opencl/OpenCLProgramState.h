// What an OpenCL program and its kernels share: the built cl_program and the host constants, kept in
// host memory and in one __constant buffer that is brought up to date before a launch that uses it.
#pragma once

#include <string>
#include <vector>

#include "compute/HostConstantLayout.h"
#include "opencl/OpenCLCheck.h"

namespace mardyn::opencl {

class OpenCLContext;

class OpenCLProgramState {
 public:
  OpenCLProgramState(OpenCLContext& context, cl_program program, compute::HostConstantLayout layout);
  ~OpenCLProgramState();
  OpenCLProgramState(const OpenCLProgramState&) = delete;
  OpenCLProgramState& operator=(const OpenCLProgramState&) = delete;

  cl_program program() const { return _program; }
  const compute::HostConstantLayout& layout() const { return _layout; }
  void write(std::size_t offset, const void* data, std::size_t bytes);
  /// The constant buffer, uploaded first if a constant changed since the last launch (nullptr if the
  /// program declares no constants).
  cl_mem constantBuffer();

 private:
  OpenCLContext& _context;
  cl_program _program;
  compute::HostConstantLayout _layout;
  std::vector<unsigned char> _values;
  cl_mem _buffer = nullptr;
  bool _dirty = false;
};

}  // namespace mardyn::opencl
