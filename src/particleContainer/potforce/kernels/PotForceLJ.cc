// Site-pair formula shared by the CPU and the device: Lennard-Jones 12-6 (ls1-mardyn's PotForceLJ),
// with the parameters in ls1's precomputed form (24 eps, sigma^2, 6 * shift).
// mardyn-kernel: fragment
// mardyn-kernel: requires particleContainer/potforce/kernels/PotForceCommon.cc

/// LJ 12-6 between two sites: u = 4 eps ((sig/r)^12 - (sig/r)^6) + shift, with eps24 = 24 eps,
/// sig2 = sigma^2 and shift6 = 6 * shift.
MARDYN_POTFORCE_FN SitePairResult ljPotForce(preal dx, preal dy, preal dz, preal mx, preal my, preal mz,
                                             preal eps24, preal sig2, preal shift6) {
  SitePairResult r = zeroSitePairResult();
  const preal inv2 = 1 / (dx * dx + dy * dy + dz * dz);
  const preal s2 = sig2 * inv2;
  const preal s6 = s2 * s2 * s2;
  const preal s12 = s6 * s6;
  r.u = (eps24 * (s12 - s6) + shift6) * (preal) (1.0 / 6.0);
  const preal fac = eps24 * (s12 + s12 - s6) * inv2;
  r.fx = fac * dx;
  r.fy = fac * dy;
  r.fz = fac * dz;
  r.virial = mx * r.fx + my * r.fy + mz * r.fz;
  return r;
}
