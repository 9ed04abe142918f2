// MemoryLimit: how much memory this process may still allocate, so that sizes computed from the
// input (molecule counts, cells, lists) are checked before anything is allocated.
#pragma once

#include <cstddef>
#include <string>

namespace mardyn {

class MemoryLimit {
 public:
  /// Bytes this process may allocate: the smaller of the system's available memory
  /// (/proc/meminfo MemAvailable) and the address-space limit (RLIMIT_AS) less what is mapped now.
  /// The environment variable MARDYN_MEMORY_LIMIT (bytes, or with a suffix K, M, G) replaces the
  /// system's value; it lets tests and fuzzers use a small limit.
  static double availableBytes();
  /// Whether `bytes` (computed in floating point, so that no product overflows) fits.
  static bool fits(double bytes) { return bytes <= availableBytes(); }
  /// "1.2 GiB", "512 MiB", "4.0e+19 bytes" ...
  static std::string format(double bytes);
};

}  // namespace mardyn
