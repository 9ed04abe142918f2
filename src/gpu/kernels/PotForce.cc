// Site-pair potentials and forces in the common kernel dialect: Lennard-Jones 12-6, charge,
// dipole (with reaction field) and linear quadrupole pairs, mirroring particleContainer/potforce.
//
// Arithmetic in preal (see below). Conventions (those of the CPU functions): d = r_site_i - r_site_j; (fx, fy, fz) is the force on
// site i; u is the pair energy (LJ already divided by 6); uRF the dipole reaction-field term; the
// torques mi/mj are the orientation torques only (the caller adds the lever-arm torque).
// mardyn-kernel: fragment

#ifndef SQRT
#define SQRT sqrt
#endif

// Site-pair arithmetic in `mixed`: float in single precision, double in mixed and double precision.
// The site terms of a pair of neutral molecules (e.g. three charges each) cancel to ~1e-4 of their
// size, which float arithmetic cannot resolve.
typedef mixed preal;

typedef struct {
  preal fx, fy, fz;
  preal u, uRF;
  preal mix, miy, miz;
  preal mjx, mjy, mjz;
} SitePairResult;

DEVICE SitePairResult pfZeroResult() {
  SitePairResult r;
  r.fx = 0; r.fy = 0; r.fz = 0;
  r.u = 0; r.uRF = 0;
  r.mix = 0; r.miy = 0; r.miz = 0;
  r.mjx = 0; r.mjy = 0; r.mjz = 0;
  return r;
}

/// Force and orientation torques of u = K r^-n P(a, b, g, s) with a = e_i.d, b = e_j.d,
/// g = e_i.e_j, s = 1/r^2, from the partial derivatives of P (see PotForceCommon.h).
DEVICE void pfOrientedDerivatives(preal dx, preal dy, preal dz, preal eix, preal eiy, preal eiz, preal ejx,
                                  preal ejy, preal ejz, preal Krn, preal n, preal s, preal P, preal Pa,
                                  preal Pb, preal Pg, preal Ps, SitePairResult* r) {
  const preal cd = Krn * (n * s * P + 2 * s * s * Ps);
  r->fx = cd * dx - Krn * (Pa * eix + Pb * ejx);
  r->fy = cd * dy - Krn * (Pa * eiy + Pb * ejy);
  r->fz = cd * dz - Krn * (Pa * eiz + Pb * ejz);
  const preal gxx = eiy * ejz - eiz * ejy;
  const preal gxy = eiz * ejx - eix * ejz;
  const preal gxz = eix * ejy - eiy * ejx;
  r->mix = -Krn * (Pa * (eiy * dz - eiz * dy) + Pg * gxx);
  r->miy = -Krn * (Pa * (eiz * dx - eix * dz) + Pg * gxy);
  r->miz = -Krn * (Pa * (eix * dy - eiy * dx) + Pg * gxz);
  r->mjx = -Krn * (Pb * (ejy * dz - ejz * dy) - Pg * gxx);
  r->mjy = -Krn * (Pb * (ejz * dx - ejx * dz) - Pg * gxy);
  r->mjz = -Krn * (Pb * (ejx * dy - ejy * dx) - Pg * gxz);
}

/// Lennard-Jones 12-6 with parameters (24 eps, sigma^2, 6 shift).
DEVICE SitePairResult pfLennardJones(preal dx, preal dy, preal dz, preal eps24, preal sig2, preal shift6) {
  SitePairResult r = pfZeroResult();
  const preal inv2 = 1 / (dx * dx + dy * dy + dz * dz);
  const preal s2 = sig2 * inv2;
  const preal s6 = s2 * s2 * s2;
  const preal s12 = s6 * s6;
  r.u = (eps24 * (s12 - s6) + shift6) * (preal) (1.0 / 6.0);
  const preal fac = eps24 * (s12 + s12 - s6) * inv2;
  r.fx = fac * dx;
  r.fy = fac * dy;
  r.fz = fac * dz;
  return r;
}

/// Coulomb u = q_i q_j / r.
DEVICE SitePairResult pfChargeCharge(preal dx, preal dy, preal dz, preal qq) {
  SitePairResult r = pfZeroResult();
  const preal inv2 = 1 / (dx * dx + dy * dy + dz * dz);
  r.u = qq * SQRT(inv2);
  const preal fac = r.u * inv2;
  r.fx = fac * dx;
  r.fy = fac * dy;
  r.fz = fac * dz;
  return r;
}

/// Charge i, dipole j: u = -q mu (e_j.d) / r^3.
DEVICE SitePairResult pfChargeDipole(preal dx, preal dy, preal dz, preal ejx, preal ejy, preal ejz, preal qmu) {
  SitePairResult r = pfZeroResult();
  const preal s = 1 / (dx * dx + dy * dy + dz * dz);
  const preal Krn = -qmu * s * SQRT(s);
  const preal b = ejx * dx + ejy * dy + ejz * dz;
  r.u = Krn * b;
  pfOrientedDerivatives(dx, dy, dz, 0, 0, 0, ejx, ejy, ejz, Krn, 3, s, b, 0, 1, 0, 0, &r);
  return r;
}

/// Dipole i, charge j.
DEVICE SitePairResult pfDipoleCharge(preal dx, preal dy, preal dz, preal eix, preal eiy, preal eiz, preal qmu) {
  SitePairResult r = pfZeroResult();
  const preal s = 1 / (dx * dx + dy * dy + dz * dz);
  const preal Krn = qmu * s * SQRT(s);
  const preal a = eix * dx + eiy * dy + eiz * dz;
  r.u = Krn * a;
  pfOrientedDerivatives(dx, dy, dz, eix, eiy, eiz, 0, 0, 0, Krn, 3, s, a, 1, 0, 0, 0, &r);
  return r;
}

/// Charge i, linear quadrupole j: u = q Q / (2 r^3) (3 cos^2 - 1).
DEVICE SitePairResult pfChargeQuadrupole(preal dx, preal dy, preal dz, preal ejx, preal ejy, preal ejz, preal qQ) {
  SitePairResult r = pfZeroResult();
  const preal s = 1 / (dx * dx + dy * dy + dz * dz);
  const preal Krn = (preal) 0.5 * qQ * s * SQRT(s);
  const preal b = ejx * dx + ejy * dy + ejz * dz;
  const preal P = 3 * b * b * s - 1;
  r.u = Krn * P;
  pfOrientedDerivatives(dx, dy, dz, 0, 0, 0, ejx, ejy, ejz, Krn, 3, s, P, 0, 6 * b * s, 0, 3 * b * b, &r);
  return r;
}

/// Quadrupole i, charge j.
DEVICE SitePairResult pfQuadrupoleCharge(preal dx, preal dy, preal dz, preal eix, preal eiy, preal eiz, preal qQ) {
  SitePairResult r = pfZeroResult();
  const preal s = 1 / (dx * dx + dy * dy + dz * dz);
  const preal Krn = (preal) 0.5 * qQ * s * SQRT(s);
  const preal a = eix * dx + eiy * dy + eiz * dz;
  const preal P = 3 * a * a * s - 1;
  r.u = Krn * P;
  pfOrientedDerivatives(dx, dy, dz, eix, eiy, eiz, 0, 0, 0, Krn, 3, s, P, 6 * a * s, 0, 0, 3 * a * a, &r);
  return r;
}

/// Dipole-dipole with the reaction field (uRF reported separately, its torque included).
DEVICE SitePairResult pfDipoleDipole(preal dx, preal dy, preal dz, preal eix, preal eiy, preal eiz, preal ejx,
                                     preal ejy, preal ejz, preal mumu, preal epsRFInvrc3) {
  SitePairResult r = pfZeroResult();
  const preal s = 1 / (dx * dx + dy * dy + dz * dz);
  const preal Krn = mumu * s * SQRT(s);
  const preal a = eix * dx + eiy * dy + eiz * dz;
  const preal b = ejx * dx + ejy * dy + ejz * dz;
  const preal g = eix * ejx + eiy * ejy + eiz * ejz;
  const preal P = g - 3 * a * b * s;
  r.u = Krn * P;
  const preal rffac = mumu * epsRFInvrc3;
  r.uRF = -rffac * g;
  pfOrientedDerivatives(dx, dy, dz, eix, eiy, eiz, ejx, ejy, ejz, Krn, 3, s, P, -3 * b * s, -3 * a * s, 1,
                        -3 * a * b, &r);
  const preal gx = rffac * (eiy * ejz - eiz * ejy);
  const preal gy = rffac * (eiz * ejx - eix * ejz);
  const preal gz = rffac * (eix * ejy - eiy * ejx);
  r.mix += gx; r.miy += gy; r.miz += gz;
  r.mjx -= gx; r.mjy -= gy; r.mjz -= gz;
  return r;
}

/// Dipole i, quadrupole j.
DEVICE SitePairResult pfDipoleQuadrupole(preal dx, preal dy, preal dz, preal eix, preal eiy, preal eiz, preal ejx,
                                         preal ejy, preal ejz, preal muQ) {
  SitePairResult r = pfZeroResult();
  const preal s = 1 / (dx * dx + dy * dy + dz * dz);
  const preal Krn = (preal) 1.5 * muQ * s * s * SQRT(s);
  const preal a = eix * dx + eiy * dy + eiz * dz;
  const preal b = ejx * dx + ejy * dy + ejz * dz;
  const preal g = eix * ejx + eiy * ejy + eiz * ejz;
  const preal P = a - 5 * a * b * b * s + 2 * g * b;
  r.u = Krn * P;
  pfOrientedDerivatives(dx, dy, dz, eix, eiy, eiz, ejx, ejy, ejz, Krn, 5, s, P, 1 - 5 * b * b * s,
                        2 * g - 10 * a * b * s, 2 * b, -5 * a * b * b, &r);
  return r;
}

/// Quadrupole i, dipole j.
DEVICE SitePairResult pfQuadrupoleDipole(preal dx, preal dy, preal dz, preal eix, preal eiy, preal eiz, preal ejx,
                                         preal ejy, preal ejz, preal muQ) {
  SitePairResult r = pfZeroResult();
  const preal s = 1 / (dx * dx + dy * dy + dz * dz);
  const preal Krn = (preal) 1.5 * muQ * s * s * SQRT(s);
  const preal a = eix * dx + eiy * dy + eiz * dz;
  const preal b = ejx * dx + ejy * dy + ejz * dz;
  const preal g = eix * ejx + eiy * ejy + eiz * ejz;
  const preal P = 5 * a * a * b * s - b - 2 * g * a;
  r.u = Krn * P;
  pfOrientedDerivatives(dx, dy, dz, eix, eiy, eiz, ejx, ejy, ejz, Krn, 5, s, P, 10 * a * b * s - 2 * g,
                        5 * a * a * s - 1, -2 * a, 5 * a * a * b, &r);
  return r;
}

/// Quadrupole-quadrupole.
DEVICE SitePairResult pfQuadrupoleQuadrupole(preal dx, preal dy, preal dz, preal eix, preal eiy, preal eiz,
                                             preal ejx, preal ejy, preal ejz, preal QQ) {
  SitePairResult r = pfZeroResult();
  const preal s = 1 / (dx * dx + dy * dy + dz * dz);
  const preal Krn = (preal) 0.75 * QQ * s * s * SQRT(s);
  const preal a = eix * dx + eiy * dy + eiz * dz;
  const preal b = ejx * dx + ejy * dy + ejz * dz;
  const preal g = eix * ejx + eiy * ejy + eiz * ejz;
  const preal a2 = a * a, b2 = b * b;
  const preal T = g - 5 * a * b * s;
  const preal P = 1 - 5 * (a2 + b2) * s - 15 * a2 * b2 * s * s + 2 * T * T;
  r.u = Krn * P;
  const preal Pa = -10 * a * s - 30 * a * b2 * s * s - 20 * T * b * s;
  const preal Pb = -10 * b * s - 30 * a2 * b * s * s - 20 * T * a * s;
  const preal Ps = -5 * (a2 + b2) - 30 * a2 * b2 * s - 20 * T * a * b;
  pfOrientedDerivatives(dx, dy, dz, eix, eiy, eiz, ejx, ejy, ejz, Krn, 5, s, P, Pa, Pb, 4 * T, Ps, &r);
  return r;
}
