// FNV-1a in two independent lanes; each add() also mixes in the length so that ("ab","c") and
// ("a","bc") differ.
#include "compute/SourceHash.h"

#include <cstdio>

namespace mardyn::compute {

SourceHash& SourceHash::add(std::string_view text) {
  constexpr uint64_t prime = 0x100000001b3ull;
  auto mix = [&](unsigned char c) {
    _a = (_a ^ c) * prime;
    _b = (_b ^ static_cast<unsigned char>(c + 0x5b)) * prime;
    _b ^= _b >> 29;
  };
  for (char c : text) mix(static_cast<unsigned char>(c));
  uint64_t length = text.size();
  for (int i = 0; i < 8; ++i) mix(static_cast<unsigned char>(length >> (8 * i)));
  return *this;
}

std::string SourceHash::hex() const {
  char buffer[33];
  std::snprintf(buffer, sizeof(buffer), "%016llx%016llx", static_cast<unsigned long long>(_a),
                static_cast<unsigned long long>(_b));
  return buffer;
}

}  // namespace mardyn::compute
