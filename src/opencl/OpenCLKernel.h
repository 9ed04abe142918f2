// A kernel of an OpenCL program; binds the program's constant buffer as the last argument when the
// kernel declares HOST_CONSTANTS, and checks the argument count.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "compute/ComputeKernel.h"
#include "opencl/OpenCLProgramState.h"

namespace mardyn::opencl {

class OpenCLContext;

class OpenCLKernel : public compute::ComputeKernel {
 public:
  OpenCLKernel(OpenCLContext& context, std::shared_ptr<OpenCLProgramState> state, cl_kernel kernel, std::string name);
  ~OpenCLKernel() override;
  OpenCLKernel(const OpenCLKernel&) = delete;
  OpenCLKernel& operator=(const OpenCLKernel&) = delete;

  const std::string& name() const override { return _name; }
  compute::ComputeContext& context() const override;
  std::size_t maxBlockSize() const override { return _maxBlockSize; }
  std::size_t residentBlocks(std::size_t blockSize) const override;
  bool checksArguments() const override { return true; }
  void launch(const std::vector<compute::KernelArg>& args, std::size_t numBlocks, std::size_t blockSize) override;

 private:
  OpenCLContext& _context;
  std::shared_ptr<OpenCLProgramState> _state;
  cl_kernel _kernel;
  std::string _name;
  std::size_t _maxBlockSize = 0;
  cl_uint _numArgs = 0;
  /// Whether the last parameter is the constants struct; Unknown where the driver gives no argument names.
  enum class ConstantsArg { Unknown, Yes, No } _constantsArg = ConstantsArg::Unknown;
  /// What each parameter was last set to: launches set only what changed (a step launches the same kernels with
  /// mostly the same arguments, and each clSetKernelArg costs host time in a step bound by its launches). A
  /// buffer is retained while it is a parameter's cached value, so its handle cannot be reused by another.
  struct SetArg {
    bool set = false;
    cl_mem buffer = nullptr;  ///< retained; null for values
    std::size_t size = 0;
    alignas(16) unsigned char value[compute::KernelArg::maxValueSize] = {};
  };
  std::vector<SetArg> _setArgs;
  void setBuffer(cl_uint index, cl_mem buffer);
  void setValue(cl_uint index, const void* value, std::size_t size);
};

}  // namespace mardyn::opencl
