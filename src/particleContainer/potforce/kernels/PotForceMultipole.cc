// Site-pair formulas shared by the CPU and the device: point dipoles and linear point quadrupoles after
// Gray & Gubbins, "Theory of Molecular Fluids" (1984), eqs. 2.180-2.184, without 1/(4 pi eps0), as in ls1-mardyn.
// mardyn-kernel: fragment
// mardyn-kernel: requires particleContainer/potforce/kernels/PotForceCommon.cc

/// Reaction-field self energy of the dipoles of one molecule (including the cross terms of a
/// molecule with several dipoles): -1/2 epsRFInvrc3 |sum_k mu_k e_k|^2, given that sum.
MARDYN_POTFORCE_FN preal reactionFieldSelfEnergy(preal mux, preal muy, preal muz, preal epsRFInvrc3) {
  return (preal) -0.5 * epsRFInvrc3 * (mux * mux + muy * muy + muz * muz);
}

/// Dipole-dipole: u = mu_i mu_j / r^3 (e_i.e_j - 3 (e_i.d)(e_j.d)/r^2), plus the reaction field
/// uRF = -mu_i mu_j epsRFInvrc3 e_i.e_j (reported separately, its torque included).
MARDYN_POTFORCE_FN SitePairResult dipoleDipolePotForce(preal dx, preal dy, preal dz, preal mx, preal my, preal mz,
                                                       preal eix, preal eiy, preal eiz, preal ejx, preal ejy,
                                                       preal ejz, preal mumu, preal epsRFInvrc3) {
  SitePairResult r = zeroSitePairResult();
  const preal s = 1 / (dx * dx + dy * dy + dz * dz);
  const preal Krn = mumu * s * MARDYN_POTFORCE_SQRT(s);
  const preal a = eix * dx + eiy * dy + eiz * dz;
  const preal b = ejx * dx + ejy * dy + ejz * dz;
  const preal g = eix * ejx + eiy * ejy + eiz * ejz;
  const preal P = g - 3 * a * b * s;
  r.u = Krn * P;
  const preal rffac = mumu * epsRFInvrc3;
  r.uRF = -rffac * g;
  orientedPairDerivatives(dx, dy, dz, mx, my, mz, eix, eiy, eiz, ejx, ejy, ejz, Krn, 3, s, P, -3 * b * s,
                          -3 * a * s, 1, -3 * a * b, &r);
  // Reaction-field torque: e_i x (-d uRF/d e_i) = rffac (e_i x e_j), opposite on j.
  const preal gx = rffac * (eiy * ejz - eiz * ejy);
  const preal gy = rffac * (eiz * ejx - eix * ejz);
  const preal gz = rffac * (eix * ejy - eiy * ejx);
  r.mix += gx; r.miy += gy; r.miz += gz;
  r.mjx -= gx; r.mjy -= gy; r.mjz -= gz;
  return r;
}

/// Dipole i, quadrupole j: u = 3 mu Q / (2 r^4) [-c_i (5 c_j^2 - 1) + 2 c_j e_i.e_j], with
/// c = e.d/r and d pointing from the quadrupole to the dipole (G&G 2.182 with r_12 = -d).
MARDYN_POTFORCE_FN SitePairResult dipoleQuadrupolePotForce(preal dx, preal dy, preal dz, preal mx, preal my,
                                                           preal mz, preal eix, preal eiy, preal eiz, preal ejx,
                                                           preal ejy, preal ejz, preal muQ) {
  SitePairResult r = zeroSitePairResult();
  const preal s = 1 / (dx * dx + dy * dy + dz * dz);
  const preal Krn = (preal) 1.5 * muQ * s * s * MARDYN_POTFORCE_SQRT(s);
  const preal a = eix * dx + eiy * dy + eiz * dz;
  const preal b = ejx * dx + ejy * dy + ejz * dz;
  const preal g = eix * ejx + eiy * ejy + eiz * ejz;
  const preal P = a - 5 * a * b * b * s + 2 * g * b;
  r.u = Krn * P;
  orientedPairDerivatives(dx, dy, dz, mx, my, mz, eix, eiy, eiz, ejx, ejy, ejz, Krn, 5, s, P, 1 - 5 * b * b * s,
                          2 * g - 10 * a * b * s, 2 * b, -5 * a * b * b, &r);
  return r;
}

/// Quadrupole i, dipole j: dipoleQuadrupolePotForce with the sites swapped.
MARDYN_POTFORCE_FN SitePairResult quadrupoleDipolePotForce(preal dx, preal dy, preal dz, preal mx, preal my,
                                                           preal mz, preal eix, preal eiy, preal eiz, preal ejx,
                                                           preal ejy, preal ejz, preal muQ) {
  SitePairResult r = zeroSitePairResult();
  const preal s = 1 / (dx * dx + dy * dy + dz * dz);
  const preal Krn = (preal) 1.5 * muQ * s * s * MARDYN_POTFORCE_SQRT(s);
  const preal a = eix * dx + eiy * dy + eiz * dz;  // quadrupole axis
  const preal b = ejx * dx + ejy * dy + ejz * dz;  // dipole axis
  const preal g = eix * ejx + eiy * ejy + eiz * ejz;
  const preal P = 5 * a * a * b * s - b - 2 * g * a;
  r.u = Krn * P;
  orientedPairDerivatives(dx, dy, dz, mx, my, mz, eix, eiy, eiz, ejx, ejy, ejz, Krn, 5, s, P,
                          10 * a * b * s - 2 * g, 5 * a * a * s - 1, -2 * a, 5 * a * a * b, &r);
  return r;
}

/// Quadrupole-quadrupole: u = 3 Q_i Q_j / (4 r^5) [1 - 5 (c_i^2 + c_j^2) - 15 c_i^2 c_j^2
/// + 2 (e_i.e_j - 5 c_i c_j)^2].
MARDYN_POTFORCE_FN SitePairResult quadrupoleQuadrupolePotForce(preal dx, preal dy, preal dz, preal mx, preal my,
                                                               preal mz, preal eix, preal eiy, preal eiz,
                                                               preal ejx, preal ejy, preal ejz, preal QQ) {
  SitePairResult r = zeroSitePairResult();
  const preal s = 1 / (dx * dx + dy * dy + dz * dz);
  const preal Krn = (preal) 0.75 * QQ * s * s * MARDYN_POTFORCE_SQRT(s);
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
  orientedPairDerivatives(dx, dy, dz, mx, my, mz, eix, eiy, eiz, ejx, ejy, ejz, Krn, 5, s, P, Pa, Pb, 4 * T, Ps,
                          &r);
  return r;
}
