// Access to the backend-neutral part of the device prelude (prelude/Common.cc, embedded at build time),
// which each backend compiles after its own prelude.
#pragma once

#include <string>

#include "compute/Precision.h"

namespace mardyn::compute {

class CommonPrelude {
 public:
  /// The text of prelude/Common.cc.
  static std::string text();
  /// The `#define` selecting `precision` in the prelude (MM_SINGLE_PRECISION, ...).
  static std::string precisionDefine(Precision precision);
};

}  // namespace mardyn::compute
