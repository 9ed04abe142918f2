// Shared pieces of the site-pair potential/force functions: the result record and the
// derivative bookkeeping common to all oriented (dipole/quadrupole) interactions.
#pragma once

// Device code can define MARDYN_POTFORCE_FN (e.g. as `DEVICE inline`) and MARDYN_POTFORCE_SQRT
// before including these headers; on the host every function is a plain inline function.
#ifndef MARDYN_POTFORCE_FN
#include <cmath>
#define MARDYN_POTFORCE_FN inline
#define MARDYN_POTFORCE_SQRT std::sqrt
#endif

namespace mardyn {
namespace potforce {

/// Result of one site-site interaction. Conventions (ls1-mardyn's):
///  - d = r_site_i - r_site_j, m = r_com_i - r_com_j (both minimum image);
///  - (fx, fy, fz) is the force on site i; site j receives the opposite force (Newton 3);
///  - u is the potential energy of the pair without the 1/(4 pi eps0) factor;
///  - uRF is the dipole reaction-field term (-mu_i mu_j e_i.e_j epsRFInvrc3, ls1's "myRF"),
///    zero for all other pair kinds; the caller adds it to U and 3*uRF to the virial;
///  - virial = m . f (the molecular virial of the pair);
///  - (mix, miy, miz), (mjx, mjy, mjz): torques on molecules i and j from the orientation
///    dependence of the sites (not the lever-arm torque d_site x F, which the molecule adds).
struct SitePairResult {
  double fx = 0.0, fy = 0.0, fz = 0.0;
  double u = 0.0;
  double uRF = 0.0;
  double virial = 0.0;
  double mix = 0.0, miy = 0.0, miz = 0.0;
  double mjx = 0.0, mjy = 0.0, mjz = 0.0;
};

/// Fills force, torques and virial of an energy of the form u = K r^-n P(a, b, g, s), with
/// a = e_i.d, b = e_j.d, g = e_i.e_j, s = 1/r^2, from the partial derivatives of P:
///   grad_d u = K r^-n [(-n s P - 2 s^2 P_s) d + P_a e_i + P_b e_j]
///   torque_i = e_i x (-du/de_i) = -K r^-n [P_a (e_i x d) + P_g (e_i x e_j)]
///   torque_j = e_j x (-du/de_j) = -K r^-n [P_b (e_j x d) + P_g (e_j x e_i)]
/// A site without orientation passes e = 0 and zero derivatives for it.
MARDYN_POTFORCE_FN void orientedPairDerivatives(double dx, double dy, double dz, double mx, double my,
                                                double mz, double eix, double eiy, double eiz,
                                                double ejx, double ejy, double ejz, double Krn,
                                                double n, double s, double P, double Pa, double Pb,
                                                double Pg, double Ps, SitePairResult& r) {
  const double cd = Krn * (n * s * P + 2.0 * s * s * Ps);  // force = cd d - Krn (Pa ei + Pb ej)
  r.fx = cd * dx - Krn * (Pa * eix + Pb * ejx);
  r.fy = cd * dy - Krn * (Pa * eiy + Pb * ejy);
  r.fz = cd * dz - Krn * (Pa * eiz + Pb * ejz);
  r.virial = mx * r.fx + my * r.fy + mz * r.fz;
  const double gxx = eiy * ejz - eiz * ejy;  // e_i x e_j
  const double gxy = eiz * ejx - eix * ejz;
  const double gxz = eix * ejy - eiy * ejx;
  r.mix = -Krn * (Pa * (eiy * dz - eiz * dy) + Pg * gxx);
  r.miy = -Krn * (Pa * (eiz * dx - eix * dz) + Pg * gxy);
  r.miz = -Krn * (Pa * (eix * dy - eiy * dx) + Pg * gxz);
  r.mjx = -Krn * (Pb * (ejy * dz - ejz * dy) - Pg * gxx);
  r.mjy = -Krn * (Pb * (ejz * dx - ejx * dz) - Pg * gxy);
  r.mjz = -Krn * (Pb * (ejx * dy - ejy * dx) - Pg * gxz);
}

}  // namespace potforce
}  // namespace mardyn
