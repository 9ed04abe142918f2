// The three precision modes of device code: single (real = mixed = float), mixed (real = float,
// mixed = double) and double (real = mixed = double), with their names for input and output.
#pragma once

#include <cstddef>
#include <string>

namespace mardyn::compute {

enum class Precision { Single, Mixed, Double };

/// "single", "mixed" or "double".
std::string precisionName(Precision precision);
/// Parses "single", "mixed" or "double" (case-insensitive); throws ComputeException otherwise.
Precision parsePrecision(const std::string& name);
/// sizeof(real) on the device.
std::size_t realSize(Precision precision);
/// sizeof(mixed) on the device.
std::size_t mixedSize(Precision precision);

}  // namespace mardyn::compute
