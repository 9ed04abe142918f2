// Ls1Random: ls1-mardyn's small random-number generator (a Marsaglia xorshift combined with a Park-Miller
// sequence), reproduced bit for bit so that generators seeded as in ls1 place the same molecules.
#pragma once

#include <cstdint>
#include <initializer_list>

namespace mardyn {

class Ls1Random {
 public:
  /// ls1 builds seeds as (int)(factor * value); values outside int's range are clamped here.
  static int seedTerm(double x) {
    if (!(x > -2147483647.0)) return -2147483647;
    if (!(x < 2147483647.0)) return 2147483647;
    return static_cast<int>(x);
  }
  /// The sum of seed terms with int's wrap-around (as ls1's int arithmetic on a two's-complement machine).
  static int seedSum(std::initializer_list<int> terms) {
    std::uint32_t sum = 0;
    for (int t : terms) sum += static_cast<std::uint32_t>(t);
    return static_cast<int>(sum);
  }
  explicit Ls1Random(int seed) { init(seed); }
  void init(int seed) {
    _ix = (seed ^ 888889999) | 1;
    _iy = seed ^ 777755555;
  }
  /// Uniform in (0, 1), as a float (ls1's return type).
  float rnd() {
    constexpr std::int32_t IA = 16807, IM = 2147483647, IQ = 127773, IR = 2836;
    _ix ^= (_ix >> 13);  // arithmetic shift, as ls1's int
    _ix ^= static_cast<std::int32_t>(static_cast<std::uint32_t>(_ix) << 17);
    _ix ^= (_ix >> 5);
    const std::int32_t k = _iy / IQ;
    _iy = IA * (_iy - k * IQ) - IR * k;
    if (_iy < 0) _iy += IM;
    const double am = 2.0 / (1.0 + 4294967295.0);
    return static_cast<float>(am * ((IM & (_ix ^ _iy)) | 1));
  }

 private:
  std::int32_t _ix = 0, _iy = 0;
};

}  // namespace mardyn
