// Site-pair formula shared by the CPU and the device: Lennard-Jones 12-6 (ls1-mardyn's PotForceLJ),
// with the parameters in ls1's precomputed form (24 eps, sigma^2, 6 * shift).
// mardyn-kernel: fragment
// mardyn-kernel: requires particleContainer/potforce/kernels/PotForceCommon.cc

/// The LJ 12-6 terms of a pair, written once for every loop that evaluates LJ (the device code, the
/// site-pair function below and, through potforce::ljTerms, the vectorised CPU loops, whose operands
/// are vectors): from eps24 = 24 eps, sig2 = sigma^2 and invr2 = 1/r^2 it sets fac (force = fac * d)
/// and u6 = 6 u without the shift. T is the operands' type.
#define MARDYN_LJ_TERMS(T, eps24, sig2, invr2, fac, u6) \
  {                                                   \
    const T ljS2_ = (sig2) * (invr2);                 \
    const T ljS6_ = ljS2_ * ljS2_ * ljS2_;            \
    const T ljS12_ = ljS6_ * ljS6_;                   \
    (fac) = (eps24) * (ljS12_ + ljS12_ - ljS6_) * (invr2); \
    (u6) = (eps24) * (ljS12_ - ljS6_);                \
  }

/// LJ 12-6 between two sites: u = 4 eps ((sig/r)^12 - (sig/r)^6) + shift, with eps24 = 24 eps,
/// sig2 = sigma^2 and shift6 = 6 * shift.
MARDYN_POTFORCE_FN SitePairResult ljPotForce(preal dx, preal dy, preal dz, preal mx, preal my, preal mz,
                                             preal eps24, preal sig2, preal shift6) {
  SitePairResult r = zeroSitePairResult();
  const preal inv2 = 1 / (dx * dx + dy * dy + dz * dz);
  preal fac, u6;
  MARDYN_LJ_TERMS(preal, eps24, sig2, inv2, fac, u6)
  r.u = (u6 + shift6) * (preal) (1.0 / 6.0);
  r.fx = fac * dx;
  r.fy = fac * dy;
  r.fz = fac * dz;
  r.virial = mx * r.fx + my * r.fy + mz * r.fz;
  return r;
}
