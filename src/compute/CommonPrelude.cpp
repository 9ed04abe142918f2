// The embedded common device prelude and its precision switch.
#include "compute/CommonPrelude.h"

#include <vector>

#include "compute/EmbeddedSource.h"

namespace mardyn::compute {

namespace embedded {
const std::vector<EmbeddedSource>& commonPreludeFiles();
}

std::string CommonPrelude::text() { return std::string(embedded::commonPreludeFiles().at(0).text()); }

std::string CommonPrelude::precisionDefine(Precision precision) {
  switch (precision) {
    case Precision::Single: return "MM_SINGLE_PRECISION";
    case Precision::Mixed: return "MM_MIXED_PRECISION";
    case Precision::Double: return "MM_DOUBLE_PRECISION";
  }
  return "MM_SINGLE_PRECISION";
}

}  // namespace mardyn::compute
