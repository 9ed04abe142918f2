// The terms of HarmonicBondForce, HarmonicAngleForce, PeriodicTorsionForce, RBTorsionForce and NonbondedForce's
// exceptions and Ewald exclusion corrections on the common-compute platforms, in the common kernel dialect: device functions the forces' bonded
// interactions call (ComputeBondedUtilities). Each takes the term's differences (DELTA of its atoms) and
// parameters, returns the energy and sets the forces on its atoms.
// mardyn-kernel: requires openmm/common/kernels/BondedGeometry.cc
// mardyn-kernel: requires openmm/common/kernels/NonbondedPairTerms.cc
// mardyn-kernel: defines FORCE_FIXED_POINT=1 PADDED_ATOMS=64 PERIODIC=1

/// k/2 (r - r0)^2 at d = pos2 - pos1; par = (r0, k).
DEVICE mixed harmonicBondTerm(mixed4 d, mixed2 par, mixed4* f1, mixed4* f2) {
  const mixed r = sqrt(dot3(d, d));
  const mixed dr = r - par.x;
  pairForces(d, r, par.y * dr, f1, f2);
  return (mixed) 0.5 * par.y * dr * dr;
}

/// k/2 (theta - theta0)^2 with a = pos1 - pos2, b = pos3 - pos2; par = (theta0, k).
DEVICE mixed harmonicAngleTerm(mixed4 a, mixed4 b, mixed2 par, mixed4* f1, mixed4* f2, mixed4* f3) {
  const mixed dTheta = angleBetween(a, b) - par.x;
  angleForces(a, b, par.y * dTheta, f1, f2, f3);
  return (mixed) 0.5 * par.y * dTheta * dTheta;
}

/// k (1 + cos(n phi - phase)); par = (n, phase, k).
DEVICE mixed periodicTorsionTerm(mixed4 b1, mixed4 b2, mixed4 b3, mixed4 par, mixed4* f1, mixed4* f2, mixed4* f3,
                                 mixed4* f4) {
  const mixed phi = dihedralOf(b1, b2, b3);
  const mixed angle = par.x * phi - par.y;
  dihedralForces(b1, b2, b3, -par.z * par.x * sin(angle), f1, f2, f3, f4);
  return par.z * (1 + cos(angle));
}

/// Ryckaert-Bellemans: sum_k c_k cos(psi)^k with psi = phi - pi; c = (c0, c1, c2), (c3, c4, c5).
DEVICE mixed rbTorsionTerm(mixed4 b1, mixed4 b2, mixed4 b3, mixed4 c012, mixed4 c345, mixed4* f1, mixed4* f2,
                           mixed4* f3, mixed4* f4) {
  const mixed phi = dihedralOf(b1, b2, b3);
  const mixed psi = phi - (mixed) 3.14159265358979323846;
  const mixed c = cos(psi), s = sin(psi);
  const mixed e = c012.x + c * (c012.y + c * (c012.z + c * (c345.x + c * (c345.y + c * c345.z))));
  const mixed dEdc = c012.y + c * ((mixed) 2 * c012.z + c * ((mixed) 3 * c345.x + c * ((mixed) 4 * c345.y +
                                                                                     c * (mixed) 5 * c345.z)));
  dihedralForces(b1, b2, b3, -dEdc * s, f1, f2, f3, f4);
  return e;
}

/// A NonbondedForce exception at d = pos2 - pos1: plain Coulomb and Lennard-Jones; par = (chargeProd *
/// ONE_4PI_EPS0, sigma, 4 epsilon).
DEVICE mixed nonbondedExceptionTerm(mixed4 d, mixed4 par, mixed4* f1, mixed4* f2) {
  const mixed r = sqrt(dot3(d, d));
  const mixed sr = par.y / r;
  const mixed sr2 = sr * sr, sr6 = sr2 * sr2 * sr2;
  const mixed dEdr = -par.x / (r * r) + par.z * ((mixed) -12 * sr6 * sr6 + (mixed) 6 * sr6) / r;
  pairForces(d, r, dEdr, f1, f2);
  return par.x / r + par.z * (sr6 * sr6 - sr6);
}

/// An excluded pair under Ewald, PME or LJPME at d = pos2 - pos1: the screened Coulomb the reciprocal sum counted
/// for it removed, -qq erf(alpha r) / r (at r = 0 its limit -qq 2 alpha / sqrt(pi)), and with LJPME (beta > 0) the
/// dispersion grid's -c6 (1 - g(beta r)) / r^6 backed out; par = (qq, c6).
DEVICE mixed ewaldExclusionTerm(mixed4 d, mixed2 par, mixed alpha, mixed beta, mixed4* f1, mixed4* f2) {
  const mixed r = sqrt(dot3(d, d));
  if (r < (mixed) 1e-10) {
    *f1 = make_mixed4(0, 0, 0, 0);
    *f2 = make_mixed4(0, 0, 0, 0);
    return -par.x * (mixed) 2 * alpha / (mixed) 1.7724538509055160;
  }
  const mixed erfTerm = erf(alpha * r) / r;
  mixed e = -par.x * erfTerm;
  mixed dEdr = -par.x * ((mixed) 1.1283791670955126 * alpha * exp(-alpha * alpha * r * r) - erfTerm) / r;
  if (beta > 0 && par.y != 0) {
    real derivative;
    const real invR = (real) (1 / r);
    e += par.y * (mixed) dispersionGridShare((real) beta, (real) (r * r), invR, &derivative);
    dEdr += par.y * (mixed) derivative;
  }
  pairForces(d, r, dEdr, f1, f2);
  return e;
}
