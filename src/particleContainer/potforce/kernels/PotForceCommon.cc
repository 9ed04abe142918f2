// Site-pair formulas shared by the CPU and the device, common part: the result record and the
// derivative bookkeeping of all oriented (dipole/quadrupole) interactions.
//
// The files of particleContainer/potforce/kernels hold each site-pair formula once. They are written in
// the subset of C99 and C++ that OpenCL C, CUDA (NVRTC) and host C++ all accept (no references,
// overloads, namespaces, default member initialisers or floating-point literals outside a cast to
// preal), with three names supplied by whoever compiles them:
//   MARDYN_POTFORCE_FN    the function qualifier,
//   MARDYN_POTFORCE_SQRT  the square root,
//   preal                 the arithmetic type.
// The host headers particleContainer/potforce/*.h define them (inline, std::sqrt, double) and include
// these files inside namespace mardyn::potforce; in device code (gpu/kernels/PotForce.cc requires
// these files) the defaults below apply. Integer literals and (preal) casts give the host the same
// double arithmetic as literal doubles would.
// mardyn-kernel: fragment

#ifndef MARDYN_POTFORCE_FN
// Device code, compiled after the device preludes: site-pair arithmetic in `mixed`, i.e. float in
// single precision and double in mixed and double precision. The site terms of a pair of neutral
// molecules (e.g. three charges each) cancel to ~1e-4 of their size, which float arithmetic cannot
// resolve.
#define MARDYN_POTFORCE_FN DEVICE
#define MARDYN_POTFORCE_SQRT sqrt
typedef mixed preal;
#endif

/// Result of one site-site interaction. Conventions (ls1-mardyn's):
///  - d = r_site_i - r_site_j, m = r_com_i - r_com_j (both minimum image);
///  - (fx, fy, fz) is the force on site i; site j receives the opposite force (Newton 3);
///  - u is the potential energy of the pair without the 1/(4 pi eps0) factor;
///  - uRF is the dipole reaction-field term (-mu_i mu_j e_i.e_j epsRFInvrc3, ls1's "myRF"),
///    zero for all other pair kinds; the caller adds it to U and 3*uRF to the virial;
///  - virial = m . f (the molecular virial of the pair);
///  - (mix, miy, miz), (mjx, mjy, mjz): torques on molecules i and j from the orientation
///    dependence of the sites (not the lever-arm torque d_site x F, which the molecule adds).
typedef struct SitePairResult {
  preal fx, fy, fz;
  preal u;
  preal uRF;
  preal virial;
  preal mix, miy, miz;
  preal mjx, mjy, mjz;
} SitePairResult;

/// A result with every member zero.
MARDYN_POTFORCE_FN SitePairResult zeroSitePairResult() {
  SitePairResult r;
  r.fx = 0; r.fy = 0; r.fz = 0;
  r.u = 0; r.uRF = 0; r.virial = 0;
  r.mix = 0; r.miy = 0; r.miz = 0;
  r.mjx = 0; r.mjy = 0; r.mjz = 0;
  return r;
}

/// Fills force, torques and virial of an energy of the form u = K r^-n P(a, b, g, s), with
/// a = e_i.d, b = e_j.d, g = e_i.e_j, s = 1/r^2, from the partial derivatives of P:
///   grad_d u = K r^-n [(-n s P - 2 s^2 P_s) d + P_a e_i + P_b e_j]
///   torque_i = e_i x (-du/de_i) = -K r^-n [P_a (e_i x d) + P_g (e_i x e_j)]
///   torque_j = e_j x (-du/de_j) = -K r^-n [P_b (e_j x d) + P_g (e_j x e_i)]
/// A site without orientation passes e = 0 and zero derivatives for it.
MARDYN_POTFORCE_FN void orientedPairDerivatives(preal dx, preal dy, preal dz, preal mx, preal my, preal mz,
                                                preal eix, preal eiy, preal eiz, preal ejx, preal ejy, preal ejz,
                                                preal Krn, preal n, preal s, preal P, preal Pa, preal Pb,
                                                preal Pg, preal Ps, SitePairResult* r) {
  const preal cd = Krn * (n * s * P + 2 * s * s * Ps);  // force = cd d - Krn (Pa ei + Pb ej)
  r->fx = cd * dx - Krn * (Pa * eix + Pb * ejx);
  r->fy = cd * dy - Krn * (Pa * eiy + Pb * ejy);
  r->fz = cd * dz - Krn * (Pa * eiz + Pb * ejz);
  r->virial = mx * r->fx + my * r->fy + mz * r->fz;
  const preal gxx = eiy * ejz - eiz * ejy;  // e_i x e_j
  const preal gxy = eiz * ejx - eix * ejz;
  const preal gxz = eix * ejy - eiy * ejx;
  r->mix = -Krn * (Pa * (eiy * dz - eiz * dy) + Pg * gxx);
  r->miy = -Krn * (Pa * (eiz * dx - eix * dz) + Pg * gxy);
  r->miz = -Krn * (Pa * (eix * dy - eiy * dx) + Pg * gxz);
  r->mjx = -Krn * (Pb * (ejy * dz - ejz * dy) - Pg * gxx);
  r->mjy = -Krn * (Pb * (ejz * dx - ejx * dz) - Pg * gxy);
  r->mjz = -Krn * (Pb * (ejx * dy - ejy * dx) - Pg * gxz);
}
