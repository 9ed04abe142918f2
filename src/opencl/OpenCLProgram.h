// A built OpenCL program: kernels by name and host constants, which OpenCL 1.2 cannot keep as program
// globals: they live in one __constant struct passed as the implicit last argument (HOST_CONSTANTS).
#pragma once

#include <memory>
#include <string>

#include "compute/ComputeProgram.h"
#include "compute/HostConstantLayout.h"
#include "opencl/OpenCLProgramState.h"

namespace mardyn::opencl {

class OpenCLContext;

class OpenCLProgram : public compute::ComputeProgram {
 public:
  OpenCLProgram(OpenCLContext& context, std::string name, cl_program program, compute::HostConstantLayout layout);

  /// The device-code declarations of the constants struct, HOST_CONSTANTS and one accessor define
  /// per constant (empty HOST_CONSTANTS when there are none).
  static std::string constantsDeclaration(const compute::HostConstantLayout& layout);

  const std::string& name() const override { return _name; }
  std::unique_ptr<compute::ComputeKernel> createKernel(const std::string& kernelName) override;
  std::size_t constantSize(const std::string& name) const override;
  void setConstantBytes(const std::string& name, const void* data, std::size_t bytes,
                        std::size_t offsetBytes) override;

 private:
  const compute::HostConstantLayout::Field& field(const std::string& name) const;
  OpenCLContext& _context;
  std::string _name;
  std::shared_ptr<OpenCLProgramState> _state;
};

}  // namespace mardyn::opencl
