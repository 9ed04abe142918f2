// Site-pair potentials and forces of the device kernels: Lennard-Jones 12-6, charge, dipole (with
// reaction field) and linear quadrupole pairs, from the formulas the CPU uses (particleContainer/potforce).
//
// The formulas exist once, in particleContainer/potforce/kernels/*.cc (required below, so they come
// before this file); the host headers particleContainer/potforce/*.h compile the same files. Here they
// take the names the molecule-pair code calls, without the centre offset m: the caller forms the
// molecular virial from the summed pair force, so the functions' virial term (m . f with m = 0) is
// left unused and compiled away. Arithmetic in preal (`mixed`, see PotForceCommon.cc). Conventions
// (those of the CPU functions): d = r_site_i - r_site_j; (fx, fy, fz) is the force on site i; u is the
// pair energy (LJ already divided by 6); uRF the dipole reaction-field term; the torques mi/mj are the
// orientation torques only (the caller adds the lever-arm torque).
// mardyn-kernel: fragment
// mardyn-kernel: requires particleContainer/potforce/kernels/PotForceCommon.cc
// mardyn-kernel: requires particleContainer/potforce/kernels/PotForceLJ.cc
// mardyn-kernel: requires particleContainer/potforce/kernels/PotForceCharge.cc
// mardyn-kernel: requires particleContainer/potforce/kernels/PotForceMultipole.cc
// mardyn-kernel: requires particleContainer/potforce/kernels/PotForceSwitch.cc

#ifndef SQRT
#define SQRT sqrt
#endif

/// Lennard-Jones 12-6 with parameters (24 eps, sigma^2, 6 shift).
DEVICE SitePairResult pfLennardJones(preal dx, preal dy, preal dz, preal eps24, preal sig2, preal shift6) {
  return ljPotForce(dx, dy, dz, 0, 0, 0, eps24, sig2, shift6);
}

/// Coulomb u = q_i q_j / r.
DEVICE SitePairResult pfChargeCharge(preal dx, preal dy, preal dz, preal qq) {
  return chargeChargePotForce(dx, dy, dz, 0, 0, 0, qq);
}

/// Charge i, dipole j: u = -q mu (e_j.d) / r^3.
DEVICE SitePairResult pfChargeDipole(preal dx, preal dy, preal dz, preal ejx, preal ejy, preal ejz, preal qmu) {
  return chargeDipolePotForce(dx, dy, dz, 0, 0, 0, ejx, ejy, ejz, qmu);
}

/// Dipole i, charge j.
DEVICE SitePairResult pfDipoleCharge(preal dx, preal dy, preal dz, preal eix, preal eiy, preal eiz, preal qmu) {
  return dipoleChargePotForce(dx, dy, dz, 0, 0, 0, eix, eiy, eiz, qmu);
}

/// Charge i, linear quadrupole j: u = q Q / (2 r^3) (3 cos^2 - 1).
DEVICE SitePairResult pfChargeQuadrupole(preal dx, preal dy, preal dz, preal ejx, preal ejy, preal ejz, preal qQ) {
  return chargeQuadrupolePotForce(dx, dy, dz, 0, 0, 0, ejx, ejy, ejz, qQ);
}

/// Quadrupole i, charge j.
DEVICE SitePairResult pfQuadrupoleCharge(preal dx, preal dy, preal dz, preal eix, preal eiy, preal eiz, preal qQ) {
  return quadrupoleChargePotForce(dx, dy, dz, 0, 0, 0, eix, eiy, eiz, qQ);
}

/// Dipole-dipole with the reaction field (uRF reported separately, its torque included).
DEVICE SitePairResult pfDipoleDipole(preal dx, preal dy, preal dz, preal eix, preal eiy, preal eiz, preal ejx,
                                     preal ejy, preal ejz, preal mumu, preal epsRFInvrc3) {
  return dipoleDipolePotForce(dx, dy, dz, 0, 0, 0, eix, eiy, eiz, ejx, ejy, ejz, mumu, epsRFInvrc3);
}

/// Dipole i, quadrupole j.
DEVICE SitePairResult pfDipoleQuadrupole(preal dx, preal dy, preal dz, preal eix, preal eiy, preal eiz, preal ejx,
                                         preal ejy, preal ejz, preal muQ) {
  return dipoleQuadrupolePotForce(dx, dy, dz, 0, 0, 0, eix, eiy, eiz, ejx, ejy, ejz, muQ);
}

/// Quadrupole i, dipole j.
DEVICE SitePairResult pfQuadrupoleDipole(preal dx, preal dy, preal dz, preal eix, preal eiy, preal eiz, preal ejx,
                                         preal ejy, preal ejz, preal muQ) {
  return quadrupoleDipolePotForce(dx, dy, dz, 0, 0, 0, eix, eiy, eiz, ejx, ejy, ejz, muQ);
}

/// Quadrupole-quadrupole.
DEVICE SitePairResult pfQuadrupoleQuadrupole(preal dx, preal dy, preal dz, preal eix, preal eiy, preal eiz,
                                             preal ejx, preal ejy, preal ejz, preal QQ) {
  return quadrupoleQuadrupolePotForce(dx, dy, dz, 0, 0, 0, eix, eiy, eiz, ejx, ejy, ejz, QQ);
}
