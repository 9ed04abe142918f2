// Lennard-Jones 12-6 site-site interaction (ls1-mardyn's PotForceLJ), with the parameters in
// ls1's precomputed form (24 eps, sigma^2, 6 * shift) and the Lorentz-Berthelot mixing rule.
#pragma once

#include "particleContainer/potforce/PotForceCommon.h"

namespace mardyn {
namespace potforce {

/// Mixed LJ parameters of one site pair, in the form the inner loops use.
struct LJPairParameters {
  double eps24 = 0.0;   ///< 24 * epsilon_ij
  double sig2 = 0.0;    ///< sigma_ij^2
  double shift6 = 0.0;  ///< 6 * shift; u = (eps24 (s12 - s6) + shift6) / 6; 0 when unshifted
};

/// Lorentz-Berthelot mixing: eps_ij = xi sqrt(eps_i eps_j), sigma_ij = eta (sigma_i + sigma_j)/2.
/// When shifted, the potential is shifted to zero at the cutoff rc.
MARDYN_POTFORCE_FN LJPairParameters mixLJ(double epsI, double sigI, double epsJ, double sigJ,
                                          double xi, double eta, bool shifted, double rc) {
  LJPairParameters p;
  p.eps24 = 24.0 * xi * MARDYN_POTFORCE_SQRT(epsI * epsJ);
  const double sig = eta * 0.5 * (sigI + sigJ);
  p.sig2 = sig * sig;
  if (shifted) {
    const double s2 = p.sig2 / (rc * rc);
    const double s6 = s2 * s2 * s2;
    p.shift6 = p.eps24 * (s6 - s6 * s6);
  }
  return p;
}

/// LJ 12-6 between two sites: u = 4 eps ((sig/r)^12 - (sig/r)^6) + shift.
MARDYN_POTFORCE_FN SitePairResult ljPotForce(double dx, double dy, double dz, double mx, double my,
                                             double mz, double eps24, double sig2, double shift6) {
  SitePairResult r;
  const double inv2 = 1.0 / (dx * dx + dy * dy + dz * dz);
  const double s2 = sig2 * inv2;
  const double s6 = s2 * s2 * s2;
  const double s12 = s6 * s6;
  r.u = (eps24 * (s12 - s6) + shift6) * (1.0 / 6.0);
  const double fac = eps24 * (s12 + s12 - s6) * inv2;
  r.fx = fac * dx;
  r.fy = fac * dy;
  r.fz = fac * dz;
  r.virial = mx * r.fx + my * r.fy + mz * r.fz;
  return r;
}

}  // namespace potforce
}  // namespace mardyn
