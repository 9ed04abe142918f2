// Access to the CUDA device prelude (prelude/CudaPrelude.cc, embedded at build time).
#pragma once

#include <string>

namespace mardyn::cuda {

class CudaPrelude {
 public:
  static std::string text();
};

}  // namespace mardyn::cuda
