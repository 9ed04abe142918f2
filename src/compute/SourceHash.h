// A stable 128-bit hash (two FNV-1a 64-bit lanes) of text, as 32 hex digits: names cache entries of
// compiled device code by source, options and device. The same on every compiler and run.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace mardyn::compute {

class SourceHash {
 public:
  SourceHash& add(std::string_view text);
  /// 32 lowercase hex digits.
  std::string hex() const;

 private:
  uint64_t _a = 0xcbf29ce484222325ull;
  uint64_t _b = 0x84222325cbf29ce4ull;
};

}  // namespace mardyn::compute
