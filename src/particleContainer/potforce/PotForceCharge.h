// Site-site interactions involving a point charge (ls1-mardyn's PotForce2Charge,
// PotForceChargeDipole, PotForceChargeQuadrupole), in both site orders.
#pragma once

#include "particleContainer/potforce/PotForceCommon.h"

namespace mardyn {
namespace potforce {

/// Coulomb: u = q_i q_j / r.
MARDYN_POTFORCE_FN SitePairResult chargeChargePotForce(double dx, double dy, double dz, double mx,
                                                       double my, double mz, double qq) {
  SitePairResult r;
  const double inv2 = 1.0 / (dx * dx + dy * dy + dz * dz);
  r.u = qq * MARDYN_POTFORCE_SQRT(inv2);
  const double fac = r.u * inv2;
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
MARDYN_POTFORCE_FN SitePairResult chargeDipolePotForce(double dx, double dy, double dz, double mx,
                                                       double my, double mz, double ejx, double ejy,
                                                       double ejz, double qmu) {
  SitePairResult r;
  const double s = 1.0 / (dx * dx + dy * dy + dz * dz);
  const double Krn = -qmu * s * MARDYN_POTFORCE_SQRT(s);
  const double b = ejx * dx + ejy * dy + ejz * dz;
  r.u = Krn * b;
  orientedPairDerivatives(dx, dy, dz, mx, my, mz, 0.0, 0.0, 0.0, ejx, ejy, ejz, Krn, 3.0, s, b, 0.0,
                          1.0, 0.0, 0.0, r);
  return r;
}

/// Dipole i (unit axis e_i, moment mu), charge j: the same energy as chargeDipolePotForce with
/// the sites swapped (d now points from the charge to the dipole).
MARDYN_POTFORCE_FN SitePairResult dipoleChargePotForce(double dx, double dy, double dz, double mx,
                                                       double my, double mz, double eix, double eiy,
                                                       double eiz, double qmu) {
  SitePairResult r;
  const double s = 1.0 / (dx * dx + dy * dy + dz * dz);
  const double Krn = qmu * s * MARDYN_POTFORCE_SQRT(s);
  const double a = eix * dx + eiy * dy + eiz * dz;
  r.u = Krn * a;
  orientedPairDerivatives(dx, dy, dz, mx, my, mz, eix, eiy, eiz, 0.0, 0.0, 0.0, Krn, 3.0, s, a, 1.0,
                          0.0, 0.0, 0.0, r);
  return r;
}

/// Charge i, linear quadrupole j (unit axis e_j, moment Q): u = q Q / (2 r^3) (3 cos^2 t_j - 1).
MARDYN_POTFORCE_FN SitePairResult chargeQuadrupolePotForce(double dx, double dy, double dz,
                                                           double mx, double my, double mz,
                                                           double ejx, double ejy, double ejz,
                                                           double qQ) {
  SitePairResult r;
  const double s = 1.0 / (dx * dx + dy * dy + dz * dz);
  const double Krn = 0.5 * qQ * s * MARDYN_POTFORCE_SQRT(s);
  const double b = ejx * dx + ejy * dy + ejz * dz;
  const double P = 3.0 * b * b * s - 1.0;
  r.u = Krn * P;
  orientedPairDerivatives(dx, dy, dz, mx, my, mz, 0.0, 0.0, 0.0, ejx, ejy, ejz, Krn, 3.0, s, P, 0.0,
                          6.0 * b * s, 0.0, 3.0 * b * b, r);
  return r;
}

/// Quadrupole i, charge j (the energy is even in d).
MARDYN_POTFORCE_FN SitePairResult quadrupoleChargePotForce(double dx, double dy, double dz,
                                                           double mx, double my, double mz,
                                                           double eix, double eiy, double eiz,
                                                           double qQ) {
  SitePairResult r;
  const double s = 1.0 / (dx * dx + dy * dy + dz * dz);
  const double Krn = 0.5 * qQ * s * MARDYN_POTFORCE_SQRT(s);
  const double a = eix * dx + eiy * dy + eiz * dz;
  const double P = 3.0 * a * a * s - 1.0;
  r.u = Krn * P;
  orientedPairDerivatives(dx, dy, dz, mx, my, mz, eix, eiy, eiz, 0.0, 0.0, 0.0, Krn, 3.0, s, P,
                          6.0 * a * s, 0.0, 0.0, 3.0 * a * a, r);
  return r;
}

}  // namespace potforce
}  // namespace mardyn
