// Crc32: table-driven CRC-32 (one table of 256 entries, made once).
#include "utils/Crc32.h"

#include <array>
#include <cstdio>

namespace mardyn {

namespace {
const std::array<std::uint32_t, 256>& table() {
  static const std::array<std::uint32_t, 256> t = [] {
    std::array<std::uint32_t, 256> a{};
    for (std::uint32_t n = 0; n < 256; ++n) {
      std::uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = (c & 1u) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      a[n] = c;
    }
    return a;
  }();
  return t;
}
}  // namespace

void Crc32::update(const void* data, std::size_t size) {
  const auto& t = table();
  const auto* p = static_cast<const unsigned char*>(data);
  std::uint32_t c = _state;
  for (std::size_t i = 0; i < size; ++i) c = t[(c ^ p[i]) & 0xFFu] ^ (c >> 8);
  _state = c;
}

std::string Crc32::hex(std::uint32_t value) {
  char buf[9];
  std::snprintf(buf, sizeof buf, "%08x", static_cast<unsigned>(value));
  return buf;
}

bool Crc32::parseHex(const std::string& text, std::uint32_t& value) {
  if (text.size() != 8) return false;
  std::uint32_t v = 0;
  for (char ch : text) {
    int d;
    if (ch >= '0' && ch <= '9') d = ch - '0';
    else if (ch >= 'a' && ch <= 'f') d = ch - 'a' + 10;
    else if (ch >= 'A' && ch <= 'F') d = ch - 'A' + 10;
    else return false;
    v = (v << 4) | static_cast<std::uint32_t>(d);
  }
  value = v;
  return true;
}

}  // namespace mardyn
