// Names and type sizes of the precision modes.
#include "compute/Precision.h"

#include <algorithm>
#include <cctype>

#include "compute/ComputeException.h"

namespace mardyn::compute {

std::string precisionName(Precision precision) {
  switch (precision) {
    case Precision::Single: return "single";
    case Precision::Mixed: return "mixed";
    case Precision::Double: return "double";
  }
  return "unknown";
}

Precision parsePrecision(const std::string& name) {
  std::string lower = name;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  if (lower == "single") return Precision::Single;
  if (lower == "mixed") return Precision::Mixed;
  if (lower == "double") return Precision::Double;
  throw ComputeException("unknown precision '" + name + "': expected single, mixed or double");
}

std::size_t realSize(Precision precision) { return precision == Precision::Double ? 8 : 4; }

std::size_t mixedSize(Precision precision) { return precision == Precision::Single ? 4 : 8; }

}  // namespace mardyn::compute
