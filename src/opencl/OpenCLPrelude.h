// Access to the OpenCL device prelude (prelude/OpenCLPrelude.cc, embedded at build time).
#pragma once

#include <string>

namespace mardyn::opencl {

class OpenCLPrelude {
 public:
  static std::string text();
};

}  // namespace mardyn::opencl
