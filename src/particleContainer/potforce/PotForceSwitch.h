// Optional smooth switch of whole molecule-pair interactions near the centre-of-mass cutoff: a
// C2-continuous polynomial taking every site-pair term of a molecule pair from full to zero.
#pragma once

#include "particleContainer/potforce/PotForceCommon.h"

namespace mardyn {
namespace potforce {

/// S(R) = 1 - x^3 (10 - 15 x + 6 x^2), x = (R - rs) / w clamped to [0, 1]: S = 1 below
/// rs = rc - w, 0 at rc, with continuous first and second derivatives. A molecule pair with site
/// terms u_k, f_k, torques t_k then has energy S sum u_k, site forces S f_k, torques S t_k, and an
/// additional centre-of-mass force -sum u_k dS/dR R_vec/R on molecule i (opposite on j) with
/// virial contribution -sum u_k R dS/dR. invWidth = 0 disables the switch (S = 1, dS/dR = 0),
/// which is ls1-mardyn's plain truncation.
MARDYN_POTFORCE_FN void cutoffSwitch(double r2, double rs, double invWidth, double& s, double& dsdrOverR) {
  const double r = MARDYN_POTFORCE_SQRT(r2);
  double x = (r - rs) * invWidth;
  x = x < 0.0 ? 0.0 : (x > 1.0 ? 1.0 : x);
  const double x2 = x * x;
  s = 1.0 - x2 * x * (10.0 - 15.0 * x + 6.0 * x2);
  const double omx = 1.0 - x;
  dsdrOverR = -30.0 * x2 * omx * omx * invWidth / r;
}

}  // namespace potforce
}  // namespace mardyn
