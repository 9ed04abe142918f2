// Abstract compiled device program: creates kernels by name and sets its host constants (declared in
// device code with HOST_CONSTANT / HOST_CONSTANT_ARRAY; module globals on CUDA, a constant buffer on
// OpenCL). Kernels and constants stay valid while the program lives.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "compute/ComputeKernel.h"
#include "compute/ProgramConstant.h"

namespace mardyn::compute {

class ComputeProgram {
 public:
  virtual ~ComputeProgram() = default;

  virtual const std::string& name() const = 0;
  /// The kernel of this name; throws ComputeException if the program has none.
  virtual std::unique_ptr<ComputeKernel> createKernel(const std::string& kernelName) = 0;
  /// Bytes of the host constant `name`; throws ComputeException if the program declares none.
  virtual std::size_t constantSize(const std::string& name) const = 0;
  /// Writes bytes into the host constant `name` at offsetBytes; visible to later launches.
  virtual void setConstantBytes(const std::string& name, const void* data, std::size_t bytes,
                                std::size_t offsetBytes = 0) = 0;

  /// Typed handle of a host constant, as in `program.constant<float>("cutoff").set(2.5f)`.
  template <class T>
  ProgramConstant<T> constant(const std::string& name) {
    return ProgramConstant<T>(*this, name);
  }
};

}  // namespace mardyn::compute
