// Helpers of the site-pair potential tests: a uniform wrapper over every potforce function and
// central finite differences of its energy with respect to site positions and rotations.
#pragma once

#include "particleContainer/potforce/PotForceCharge.h"
#include "particleContainer/potforce/PotForceLJ.h"
#include "particleContainer/potforce/PotForceMultipole.h"
#include "utils/Vec3.h"

#include <cmath>
#include <functional>

namespace mardyn {
namespace potforcetest {

/// A site-pair interaction as a function of d = r_i - r_j and the two site axes.
using PairFunction =
    std::function<potforce::SitePairResult(const Vec3& d, const Vec3& ei, const Vec3& ej)>;

inline Vec3 rotateAbout(int axis, double angle, const Vec3& v) {
  Vec3 k;
  k[axis] = 1.0;
  const double c = std::cos(angle), s = std::sin(angle);
  return v * c + cross(k, v) * s + k * (dot(k, v) * (1.0 - c));
}

inline double totalEnergy(const PairFunction& f, const Vec3& d, const Vec3& ei, const Vec3& ej) {
  const auto r = f(d, ei, ej);
  return r.u + r.uRF;
}

/// -dU/dd by central differences: the force on site i.
inline Vec3 finiteDifferenceForce(const PairFunction& f, const Vec3& d, const Vec3& ei,
                                  const Vec3& ej, double h) {
  Vec3 F;
  for (int k = 0; k < 3; ++k) {
    Vec3 dp = d, dm = d;
    dp[k] += h;
    dm[k] -= h;
    F[k] = -(totalEnergy(f, dp, ei, ej) - totalEnergy(f, dm, ei, ej)) / (2 * h);
  }
  return F;
}

/// -dU/dphi for rotations of site i's (or j's) axis about the space axes: the torque.
inline Vec3 finiteDifferenceTorque(const PairFunction& f, const Vec3& d, const Vec3& ei,
                                   const Vec3& ej, bool onI, double h) {
  Vec3 M;
  for (int k = 0; k < 3; ++k) {
    double up, um;
    if (onI) {
      up = totalEnergy(f, d, rotateAbout(k, h, ei), ej);
      um = totalEnergy(f, d, rotateAbout(k, -h, ei), ej);
    } else {
      up = totalEnergy(f, d, ei, rotateAbout(k, h, ej));
      um = totalEnergy(f, d, ei, rotateAbout(k, -h, ej));
    }
    M[k] = -(up - um) / (2 * h);
  }
  return M;
}

inline double relativeError(const Vec3& a, const Vec3& ref) {
  const double n = norm(ref);
  return n > 0 ? norm(a - ref) / n : norm(a);
}

}  // namespace potforcetest
}  // namespace mardyn
