// Lennard-Jones 12-6 site-site interaction (ls1-mardyn's PotForceLJ), with the parameters in
// ls1's precomputed form (24 eps, sigma^2, 6 * shift) and the Lorentz-Berthelot mixing rule.
#pragma once

#include "particleContainer/potforce/PotForceCommon.h"

namespace mardyn {
namespace potforce {

// ljPotForce (shared with the device code).
#include "particleContainer/potforce/kernels/PotForceLJ.cc"

/// The LJ terms of MARDYN_LJ_TERMS for the CPU loops, scalar (double) or vector (GCC/Clang vector of
/// doubles) operands: fac (force = fac * d) and u6 = 6 u without the shift.
template <class T>
inline __attribute__((always_inline)) void ljTerms(T eps24, T sig2, T invr2, T& fac, T& u6) {
  MARDYN_LJ_TERMS(T, eps24, sig2, invr2, fac, u6)
}

/// Mixed LJ parameters of one site pair, in the form the inner loops use.
struct LJPairParameters {
  double eps24 = 0.0;   ///< 24 * epsilon_ij
  double sig2 = 0.0;    ///< sigma_ij^2
  double shift6 = 0.0;  ///< 6 * shift; u = (eps24 (s12 - s6) + shift6) / 6; 0 when unshifted
};

/// Lorentz-Berthelot mixing: eps_ij = xi sqrt(eps_i eps_j), sigma_ij = eta (sigma_i + sigma_j)/2.
/// When shifted, the potential is shifted to zero at the cutoff rc.
inline LJPairParameters mixLJ(double epsI, double sigI, double epsJ, double sigJ, double xi, double eta,
                              bool shifted, double rc) {
  LJPairParameters p;
  p.eps24 = 24.0 * xi * std::sqrt(epsI * epsJ);
  const double sig = eta * 0.5 * (sigI + sigJ);
  p.sig2 = sig * sig;
  if (shifted) {
    const double s2 = p.sig2 / (rc * rc);
    const double s6 = s2 * s2 * s2;
    p.shift6 = p.eps24 * (s6 - s6 * s6);
  }
  return p;
}

}  // namespace potforce
}  // namespace mardyn
