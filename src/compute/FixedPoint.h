// Host side of 64-bit fixed-point accumulation: device code adds realToFixedPoint(x) = (mm_long)(x*2^32)
// with atomics (exact and order-independent); the host converts the sums back.
#pragma once

#include <cstdint>

namespace mardyn::compute {

constexpr double fixedPointScale = 4294967296.0;  // 2^32

inline double fixedPointToDouble(int64_t value) { return static_cast<double>(value) / fixedPointScale; }
inline int64_t doubleToFixedPoint(double value) { return static_cast<int64_t>(value * fixedPointScale); }

}  // namespace mardyn::compute
