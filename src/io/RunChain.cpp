// RunChain: 64 random bits (random_device mixed with the time and the pid, in case the device is weak).
#include "io/RunChain.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <random>
#include <unistd.h>

namespace mardyn {

std::string RunChain::newId() {
  std::random_device device;
  std::uint64_t x = (static_cast<std::uint64_t>(device()) << 32) ^ device();
  x ^= static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count()) * 0x9E3779B97F4A7C15ull;
  x ^= static_cast<std::uint64_t>(::getpid()) << 17;
  // splitmix64's finaliser spreads the mixed bits
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  x ^= x >> 31;
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(x));
  return buf;
}

}  // namespace mardyn
