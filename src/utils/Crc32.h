// Crc32: the CRC-32 checksum of zlib, PNG and gzip (polynomial 0xEDB88320, reflected), computed piece by
// piece: what checkpoints carry so that a reader finds a file changed or damaged after it was written.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace mardyn {

class Crc32 {
 public:
  /// Adds `size` bytes to the checksum.
  void update(const void* data, std::size_t size);
  void update(const std::string& text) { update(text.data(), text.size()); }
  /// The checksum of every byte added so far ("123456789" gives cbf43926).
  std::uint32_t value() const { return ~_state; }
  /// Eight lower-case hex digits.
  static std::string hex(std::uint32_t value);
  /// Parses eight hex digits (either case); false for anything else.
  static bool parseHex(const std::string& text, std::uint32_t& value);

 private:
  std::uint32_t _state = 0xFFFFFFFFu;
};

}  // namespace mardyn
