// Kernel creation and host constants of an OpenCL program.
#include "opencl/OpenCLProgram.h"

#include "opencl/OpenCLContext.h"
#include "opencl/OpenCLKernel.h"

namespace mardyn::opencl {

OpenCLProgram::OpenCLProgram(OpenCLContext& context, std::string name, cl_program program,
                             compute::HostConstantLayout layout)
    : _context(context), _name(std::move(name)),
      _state(std::make_shared<OpenCLProgramState>(context, program, std::move(layout))) {}

std::string OpenCLProgram::constantsDeclaration(const compute::HostConstantLayout& layout) {
  if (layout.empty()) return "#define HOST_CONSTANTS\n";
  std::string text = "typedef struct {\n";
  for (const auto& f : layout.fields())
    text += "  " + f.type + " " + f.name + (f.isArray ? "[" + std::to_string(f.count) + "]" : "") + ";\n";
  text += "} MmHostConstants;\n";
  text += "#define HOST_CONSTANTS , __constant const MmHostConstants* RESTRICT mmHostConstants\n";
  for (const auto& f : layout.fields()) text += "#define " + f.name + " (mmHostConstants->" + f.name + ")\n";
  return text;
}

std::unique_ptr<compute::ComputeKernel> OpenCLProgram::createKernel(const std::string& kernelName) {
  cl_int error = CL_SUCCESS;
  cl_kernel kernel = clCreateKernel(_state->program(), kernelName.c_str(), &error);
  if (error == CL_INVALID_KERNEL_NAME)
    throw compute::ComputeException("program '" + _name + "' has no kernel '" + kernelName + "'");
  CL_CHECK_ERROR(error, "clCreateKernel");
  return std::make_unique<OpenCLKernel>(_context, _state, kernel, kernelName);
}

const compute::HostConstantLayout::Field& OpenCLProgram::field(const std::string& name) const {
  const auto* f = _state->layout().find(name);
  if (!f) throw compute::ComputeException("program '" + _name + "' declares no host constant '" + name + "'");
  return *f;
}

std::size_t OpenCLProgram::constantSize(const std::string& name) const { return field(name).bytes; }

void OpenCLProgram::setConstantBytes(const std::string& name, const void* data, std::size_t bytes,
                                     std::size_t offsetBytes) {
  const auto& f = field(name);
  if (offsetBytes + bytes > f.bytes)
    throw compute::ComputeException("host constant '" + name + "' has " + std::to_string(f.bytes) +
                                    " bytes, write of " + std::to_string(bytes) + " at offset " +
                                    std::to_string(offsetBytes));
  _state->write(f.offset + offsetBytes, data, bytes);
}

}  // namespace mardyn::opencl
