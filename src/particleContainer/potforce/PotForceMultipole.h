// Interactions between point dipoles and linear point quadrupoles after Gray & Gubbins,
// "Theory of Molecular Fluids" (1984), eqs. 2.180-2.184, without 1/(4 pi eps0), as in ls1-mardyn.
#pragma once

#include "particleContainer/potforce/PotForceCommon.h"

namespace mardyn {
namespace potforce {

/// Reaction-field factor epsRFInvrc3 = 2 (eps_RF - 1) / (rc^3 (2 eps_RF + 1)).
MARDYN_POTFORCE_FN double reactionFieldFactor(double epsRF, double rc) {
  return 2.0 * (epsRF - 1.0) / (rc * rc * rc * (2.0 * epsRF + 1.0));
}

/// Reaction-field self energy of the dipoles of one molecule (including the cross terms of a
/// molecule with several dipoles): -1/2 epsRFInvrc3 |sum_k mu_k e_k|^2, given that sum.
MARDYN_POTFORCE_FN double reactionFieldSelfEnergy(double mux, double muy, double muz,
                                                  double epsRFInvrc3) {
  return -0.5 * epsRFInvrc3 * (mux * mux + muy * muy + muz * muz);
}

/// Dipole-dipole: u = mu_i mu_j / r^3 (e_i.e_j - 3 (e_i.d)(e_j.d)/r^2), plus the reaction field
/// uRF = -mu_i mu_j epsRFInvrc3 e_i.e_j (reported separately, its torque included).
MARDYN_POTFORCE_FN SitePairResult dipoleDipolePotForce(double dx, double dy, double dz, double mx,
                                                       double my, double mz, double eix, double eiy,
                                                       double eiz, double ejx, double ejy,
                                                       double ejz, double mumu,
                                                       double epsRFInvrc3) {
  SitePairResult r;
  const double s = 1.0 / (dx * dx + dy * dy + dz * dz);
  const double Krn = mumu * s * MARDYN_POTFORCE_SQRT(s);
  const double a = eix * dx + eiy * dy + eiz * dz;
  const double b = ejx * dx + ejy * dy + ejz * dz;
  const double g = eix * ejx + eiy * ejy + eiz * ejz;
  const double P = g - 3.0 * a * b * s;
  r.u = Krn * P;
  const double rffac = mumu * epsRFInvrc3;
  r.uRF = -rffac * g;
  orientedPairDerivatives(dx, dy, dz, mx, my, mz, eix, eiy, eiz, ejx, ejy, ejz, Krn, 3.0, s, P,
                          -3.0 * b * s, -3.0 * a * s, 1.0, -3.0 * a * b, r);
  // Reaction-field torque: e_i x (-d uRF/d e_i) = rffac (e_i x e_j), opposite on j.
  const double gx = rffac * (eiy * ejz - eiz * ejy);
  const double gy = rffac * (eiz * ejx - eix * ejz);
  const double gz = rffac * (eix * ejy - eiy * ejx);
  r.mix += gx; r.miy += gy; r.miz += gz;
  r.mjx -= gx; r.mjy -= gy; r.mjz -= gz;
  return r;
}

/// Dipole i, quadrupole j: u = 3 mu Q / (2 r^4) [-c_i (5 c_j^2 - 1) + 2 c_j e_i.e_j], with
/// c = e.d/r and d pointing from the quadrupole to the dipole (G&G 2.182 with r_12 = -d).
MARDYN_POTFORCE_FN SitePairResult dipoleQuadrupolePotForce(double dx, double dy, double dz,
                                                           double mx, double my, double mz,
                                                           double eix, double eiy, double eiz,
                                                           double ejx, double ejy, double ejz,
                                                           double muQ) {
  SitePairResult r;
  const double s = 1.0 / (dx * dx + dy * dy + dz * dz);
  const double Krn = 1.5 * muQ * s * s * MARDYN_POTFORCE_SQRT(s);
  const double a = eix * dx + eiy * dy + eiz * dz;
  const double b = ejx * dx + ejy * dy + ejz * dz;
  const double g = eix * ejx + eiy * ejy + eiz * ejz;
  const double P = a - 5.0 * a * b * b * s + 2.0 * g * b;
  r.u = Krn * P;
  orientedPairDerivatives(dx, dy, dz, mx, my, mz, eix, eiy, eiz, ejx, ejy, ejz, Krn, 5.0, s, P,
                          1.0 - 5.0 * b * b * s, 2.0 * g - 10.0 * a * b * s, 2.0 * b,
                          -5.0 * a * b * b, r);
  return r;
}

/// Quadrupole i, dipole j: dipoleQuadrupolePotForce with the sites swapped.
MARDYN_POTFORCE_FN SitePairResult quadrupoleDipolePotForce(double dx, double dy, double dz,
                                                           double mx, double my, double mz,
                                                           double eix, double eiy, double eiz,
                                                           double ejx, double ejy, double ejz,
                                                           double muQ) {
  SitePairResult r;
  const double s = 1.0 / (dx * dx + dy * dy + dz * dz);
  const double Krn = 1.5 * muQ * s * s * MARDYN_POTFORCE_SQRT(s);
  const double a = eix * dx + eiy * dy + eiz * dz;  // quadrupole axis
  const double b = ejx * dx + ejy * dy + ejz * dz;  // dipole axis
  const double g = eix * ejx + eiy * ejy + eiz * ejz;
  const double P = 5.0 * a * a * b * s - b - 2.0 * g * a;
  r.u = Krn * P;
  orientedPairDerivatives(dx, dy, dz, mx, my, mz, eix, eiy, eiz, ejx, ejy, ejz, Krn, 5.0, s, P,
                          10.0 * a * b * s - 2.0 * g, 5.0 * a * a * s - 1.0, -2.0 * a,
                          5.0 * a * a * b, r);
  return r;
}

/// Quadrupole-quadrupole: u = 3 Q_i Q_j / (4 r^5) [1 - 5 (c_i^2 + c_j^2) - 15 c_i^2 c_j^2
/// + 2 (e_i.e_j - 5 c_i c_j)^2].
MARDYN_POTFORCE_FN SitePairResult quadrupoleQuadrupolePotForce(double dx, double dy, double dz,
                                                               double mx, double my, double mz,
                                                               double eix, double eiy, double eiz,
                                                               double ejx, double ejy, double ejz,
                                                               double QQ) {
  SitePairResult r;
  const double s = 1.0 / (dx * dx + dy * dy + dz * dz);
  const double Krn = 0.75 * QQ * s * s * MARDYN_POTFORCE_SQRT(s);
  const double a = eix * dx + eiy * dy + eiz * dz;
  const double b = ejx * dx + ejy * dy + ejz * dz;
  const double g = eix * ejx + eiy * ejy + eiz * ejz;
  const double a2 = a * a, b2 = b * b;
  const double T = g - 5.0 * a * b * s;
  const double P = 1.0 - 5.0 * (a2 + b2) * s - 15.0 * a2 * b2 * s * s + 2.0 * T * T;
  r.u = Krn * P;
  const double Pa = -10.0 * a * s - 30.0 * a * b2 * s * s - 20.0 * T * b * s;
  const double Pb = -10.0 * b * s - 30.0 * a2 * b * s * s - 20.0 * T * a * s;
  const double Ps = -5.0 * (a2 + b2) - 30.0 * a2 * b2 * s - 20.0 * T * a * b;
  orientedPairDerivatives(dx, dy, dz, mx, my, mz, eix, eiy, eiz, ejx, ejy, ejz, Krn, 5.0, s, P, Pa,
                          Pb, 4.0 * T, Ps, r);
  return r;
}

}  // namespace potforce
}  // namespace mardyn
