// The exception type of the compute layer and its backends: a failed device API call (naming the
// call, the error and the source location), a bad argument or a missing device.
#pragma once

#include <string>

#include "utils/MardynException.h"

namespace mardyn::compute {

class ComputeException : public mardyn::MardynException {
 public:
  explicit ComputeException(const std::string& what) : mardyn::MardynException(what) {}

  /// The message for a failed API call: "<api> call <call> failed: <error> (<code>) at <file>:<line>".
  static ComputeException apiError(const std::string& api, const std::string& call, long code,
                                   const std::string& error, const char* file, int line) {
    return ComputeException(api + " call " + call + " failed: " + error + " (" + std::to_string(code) +
                            ") at " + file + ":" + std::to_string(line));
  }
};

}  // namespace mardyn::compute
