// Site-pair formulas shared by the CPU and the device: interactions involving a point charge
// (ls1-mardyn's PotForce2Charge, PotForceChargeDipole, PotForceChargeQuadrupole), in both site orders.
// mardyn-kernel: fragment
// mardyn-kernel: requires particleContainer/potforce/kernels/PotForceCommon.cc

/// Coulomb: u = q_i q_j / r.
MARDYN_POTFORCE_FN SitePairResult chargeChargePotForce(preal dx, preal dy, preal dz, preal mx, preal my, preal mz,
                                                       preal qq) {
  SitePairResult r = zeroSitePairResult();
  const preal inv2 = 1 / (dx * dx + dy * dy + dz * dz);
  r.u = qq * MARDYN_POTFORCE_SQRT(inv2);
  const preal fac = r.u * inv2;
  r.fx = fac * dx;
  r.fy = fac * dy;
  r.fz = fac * dz;
  r.virial = mx * r.fx + my * r.fy + mz * r.fz;
  return r;
}

/// Charge i, dipole j (unit axis e_j, moment mu): u = -q mu (e_j . d) / r^3 with d pointing
/// from the dipole to the charge. This is ls1-mardyn's sign convention (its parameter
/// "minusqmyper4pie0"); it equals the physical energy of a dipole whose axis points from its
/// positive to its negative end.
MARDYN_POTFORCE_FN SitePairResult chargeDipolePotForce(preal dx, preal dy, preal dz, preal mx, preal my, preal mz,
                                                       preal ejx, preal ejy, preal ejz, preal qmu) {
  SitePairResult r = zeroSitePairResult();
  const preal s = 1 / (dx * dx + dy * dy + dz * dz);
  const preal Krn = -qmu * s * MARDYN_POTFORCE_SQRT(s);
  const preal b = ejx * dx + ejy * dy + ejz * dz;
  r.u = Krn * b;
  orientedPairDerivatives(dx, dy, dz, mx, my, mz, 0, 0, 0, ejx, ejy, ejz, Krn, 3, s, b, 0, 1, 0, 0, &r);
  return r;
}

/// Dipole i (unit axis e_i, moment mu), charge j: the same energy as chargeDipolePotForce with
/// the sites swapped (d now points from the charge to the dipole).
MARDYN_POTFORCE_FN SitePairResult dipoleChargePotForce(preal dx, preal dy, preal dz, preal mx, preal my, preal mz,
                                                       preal eix, preal eiy, preal eiz, preal qmu) {
  SitePairResult r = zeroSitePairResult();
  const preal s = 1 / (dx * dx + dy * dy + dz * dz);
  const preal Krn = qmu * s * MARDYN_POTFORCE_SQRT(s);
  const preal a = eix * dx + eiy * dy + eiz * dz;
  r.u = Krn * a;
  orientedPairDerivatives(dx, dy, dz, mx, my, mz, eix, eiy, eiz, 0, 0, 0, Krn, 3, s, a, 1, 0, 0, 0, &r);
  return r;
}

/// Charge i, linear quadrupole j (unit axis e_j, moment Q): u = q Q / (2 r^3) (3 cos^2 t_j - 1).
MARDYN_POTFORCE_FN SitePairResult chargeQuadrupolePotForce(preal dx, preal dy, preal dz, preal mx, preal my,
                                                           preal mz, preal ejx, preal ejy, preal ejz, preal qQ) {
  SitePairResult r = zeroSitePairResult();
  const preal s = 1 / (dx * dx + dy * dy + dz * dz);
  const preal Krn = (preal) 0.5 * qQ * s * MARDYN_POTFORCE_SQRT(s);
  const preal b = ejx * dx + ejy * dy + ejz * dz;
  const preal P = 3 * b * b * s - 1;
  r.u = Krn * P;
  orientedPairDerivatives(dx, dy, dz, mx, my, mz, 0, 0, 0, ejx, ejy, ejz, Krn, 3, s, P, 0, 6 * b * s, 0, 3 * b * b,
                          &r);
  return r;
}

/// Quadrupole i, charge j (the energy is even in d).
MARDYN_POTFORCE_FN SitePairResult quadrupoleChargePotForce(preal dx, preal dy, preal dz, preal mx, preal my,
                                                           preal mz, preal eix, preal eiy, preal eiz, preal qQ) {
  SitePairResult r = zeroSitePairResult();
  const preal s = 1 / (dx * dx + dy * dy + dz * dz);
  const preal Krn = (preal) 0.5 * qQ * s * MARDYN_POTFORCE_SQRT(s);
  const preal a = eix * dx + eiy * dy + eiz * dz;
  const preal P = 3 * a * a * s - 1;
  r.u = Krn * P;
  orientedPairDerivatives(dx, dy, dz, mx, my, mz, eix, eiy, eiz, 0, 0, 0, Krn, 3, s, P, 6 * a * s, 0, 0, 3 * a * a,
                          &r);
  return r;
}
