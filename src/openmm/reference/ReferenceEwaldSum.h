// ReferenceEwaldSum: the reciprocal-space part of the Ewald sum of point charges in a periodic (triclinic) box,
// over the wave vectors k = 2 pi (m1 a* + m2 b* + m3 c*) with |m_d| < kmax_d.
#pragma once

#include "openmm/Vec3.h"

#include <vector>

namespace OpenMM {

class ReferenceEwaldSum {
public:
  /**
   * Adds the reciprocal-space forces (if includeForces) and returns the energy
   * E = (2 pi f / V) sum_{k != 0} exp(-k^2 / 4 alpha^2) / k^2 |S(k)|^2, S(k) = sum_j q_j exp(i k.r_j).
   */
  static double compute(const std::vector<Vec3>& positions, const std::vector<double>& charges, const Vec3* box,
                        double alpha, const int kmax[3], double coulombConstant, std::vector<Vec3>& forces,
                        bool includeForces);
  /** The reciprocal box vectors a*, b*, c* (without 2 pi) of a box in reduced form. */
  static void reciprocalVectors(const Vec3* box, Vec3* recip);
};

} // namespace OpenMM
