// Thrown when device code does not compile: carries the program's name and the compiler's log,
// which is also part of what().
#pragma once

#include <string>

#include "compute/ComputeException.h"

namespace mardyn::compute {

class ComputeCompileError : public ComputeException {
 public:
  ComputeCompileError(const std::string& program, const std::string& compiler, const std::string& log)
      : ComputeException("compiling device program '" + program + "' with " + compiler + " failed:\n" + log),
        _program(program),
        _log(log) {}
  const std::string& program() const { return _program; }
  const std::string& log() const { return _log; }

 private:
  std::string _program;
  std::string _log;
};

}  // namespace mardyn::compute
