// MoleculeSums: the host's form of io/kernels/MoleculeSums.cc (per-molecule values of the observers and their
// exact, order-independent sums), and ExactSum, the accumulator whose value is the same whatever the order.
#pragma once

#include "molecules/Molecule.h"

#include <cmath>
#include <cstdint>

#define MARDYN_SUMS_FN inline
#define MARDYN_MUL(a, b) ((a) * (b))

namespace mardyn {
namespace sums {
using sums_long = std::int64_t;
using std::atan2;
using std::ceil;
using std::fabs;
using std::floor;
using std::sqrt;
using std::trunc;
// exactChunks, twiceRotationalEnergy, squaredNorm, foldExtremes, vdfCounts, rdfBin, cavityPoint, cavityRange,
// cavityHit, surfaceTensionTerm, binOf, fieldValue
// (shared with the device code).
#include "io/kernels/MoleculeSums.cc"
}  // namespace sums

class MoleculeSums {
 public:
  /// An exact sum of doubles (|x| < 2^48, resolution 2^-80): four 64-bit words of 32-bit chunks.
  struct ExactSum {
    std::int64_t limb[SUMS_LIMBS] = {0, 0, 0, 0};
    void add(double x) {
      std::int64_t c[SUMS_LIMBS];
      sums::exactChunks(x, c);
      for (int k = 0; k < SUMS_LIMBS; ++k) limb[k] += c[k];
    }
    void add(const std::int64_t* chunks) {
      for (int k = 0; k < SUMS_LIMBS; ++k) limb[k] += chunks[k];
    }
    /// The sum as a double: the words combined from the highest in long double, then rounded once.
    double value() const { return valueOf(limb); }
    static double valueOf(const std::int64_t* limbs) {
      long double v = 0;
      for (int k = SUMS_LIMBS - 1; k >= 0; --k) v += std::ldexp(static_cast<long double>(limbs[k]), 32 * k - 80);
      return static_cast<double>(v);
    }
  };

  /// 2 E_rot of a molecule as the device computes it (sums::twiceRotationalEnergy).
  static double twiceRotationalEnergy(const Molecule& m) {
    const Quaternion& q = m.q();
    const Vec3& I = m.component().momentsOfInertia();
    return sums::twiceRotationalEnergy(q.w(), q.x(), q.y(), q.z(), m.L().x, m.L().y, m.L().z, I.x, I.y, I.z);
  }
};

}  // namespace mardyn
