// Out-of-line access of ProgramConstant to its program (keeps the two headers free of a cycle).
#include "compute/ProgramConstant.h"

#include "compute/ComputeProgram.h"

namespace mardyn::compute::detail {

std::size_t programConstantSize(ComputeProgram& program, const std::string& name) {
  return program.constantSize(name);
}

void setProgramConstant(ComputeProgram& program, const std::string& name, const void* data, std::size_t bytes,
                        std::size_t offset) {
  program.setConstantBytes(name, data, bytes, offset);
}

}  // namespace mardyn::compute::detail
