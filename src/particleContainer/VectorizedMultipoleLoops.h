// VectorizedMultipoleLoops: the structure-of-arrays loops of the vectorised cell processor for
// charges, dipoles and quadrupoles: one site of a molecule against its packed neighbour sites.
#pragma once

#include "particleContainer/MultipoleCellData.h"
#include "particleContainer/potforce/PotForceCharge.h"
#include "particleContainer/potforce/PotForceMultipole.h"

#include <cstddef>

// Forced inlining, so that the rows are compiled into each target clone of their caller.
#if defined(__GNUC__)
#define MARDYN_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define MARDYN_ALWAYS_INLINE inline
#endif

namespace mardyn {
namespace multipoleloops {

enum class Kind { Charge, Dipole, Quadrupole };

/// Energy (reaction field included) and virial (with ls1's 3 uRF) summed by the loops.
struct Sums {
  double upot = 0.0;
  double virial = 0.0;
};

/// Site-pair function of kinds A (site i) and B (site j); sA, sB are the site strengths.
template <Kind A, Kind B>
struct Kernel;

#define MARDYN_KERNEL(KA, KB, CALL)                                                                     \
  template <>                                                                                           \
  struct Kernel<Kind::KA, Kind::KB> {                                                                   \
    static MARDYN_ALWAYS_INLINE potforce::SitePairResult eval(double dx, double dy, double dz, double mx, double my,  \
                                                double mz, double eix, double eiy, double eiz,          \
                                                double ejx, double ejy, double ejz, double ss,          \
                                                double rf) {                                            \
      (void)eix; (void)eiy; (void)eiz; (void)ejx; (void)ejy; (void)ejz; (void)rf;                       \
      return CALL;                                                                                      \
    }                                                                                                   \
  };
MARDYN_KERNEL(Charge, Charge, potforce::chargeChargePotForce(dx, dy, dz, mx, my, mz, ss))
MARDYN_KERNEL(Charge, Dipole, potforce::chargeDipolePotForce(dx, dy, dz, mx, my, mz, ejx, ejy, ejz, ss))
MARDYN_KERNEL(Dipole, Charge, potforce::dipoleChargePotForce(dx, dy, dz, mx, my, mz, eix, eiy, eiz, ss))
MARDYN_KERNEL(Charge, Quadrupole, potforce::chargeQuadrupolePotForce(dx, dy, dz, mx, my, mz, ejx, ejy, ejz, ss))
MARDYN_KERNEL(Quadrupole, Charge, potforce::quadrupoleChargePotForce(dx, dy, dz, mx, my, mz, eix, eiy, eiz, ss))
MARDYN_KERNEL(Dipole, Dipole,
              potforce::dipoleDipolePotForce(dx, dy, dz, mx, my, mz, eix, eiy, eiz, ejx, ejy, ejz, ss, rf))
MARDYN_KERNEL(Dipole, Quadrupole,
              potforce::dipoleQuadrupolePotForce(dx, dy, dz, mx, my, mz, eix, eiy, eiz, ejx, ejy, ejz, ss))
MARDYN_KERNEL(Quadrupole, Dipole,
              potforce::quadrupoleDipolePotForce(dx, dy, dz, mx, my, mz, eix, eiy, eiz, ejx, ejy, ejz, ss))
MARDYN_KERNEL(Quadrupole, Quadrupole,
              potforce::quadrupoleQuadrupolePotForce(dx, dy, dz, mx, my, mz, eix, eiy, eiz, ejx, ejy, ejz, ss))
#undef MARDYN_KERNEL

/// Site i of a against the sites [begin, end) of b; the centre-of-mass cutoff is a mask, so the
/// loop has no branches. Forces/torques on b's sites are updated in place, those on i returned.
template <Kind A, Kind B>
MARDYN_ALWAYS_INLINE void row(const MultipoleSiteArrays& a, std::size_t i, MultipoleSiteArrays& b, std::size_t begin,
                std::size_t end, double cutoff2, double epsRFInvrc3, double fi[3], double ti[3], Sums& sums) {
  constexpr bool orientedI = A != Kind::Charge;
  constexpr bool orientedJ = B != Kind::Charge;
  const double xi = a.x[i], yi = a.y[i], zi = a.z[i];
  const double cxi = a.cx[i], cyi = a.cy[i], czi = a.cz[i];
  const double eix = a.ex[i], eiy = a.ey[i], eiz = a.ez[i];
  const double si = a.s[i];
  const double* const bx = b.x.data(); const double* const by = b.y.data(); const double* const bz = b.z.data();
  const double* const bcx = b.cx.data(); const double* const bcy = b.cy.data(); const double* const bcz = b.cz.data();
  const double* const bex = b.ex.data(); const double* const bey = b.ey.data(); const double* const bez = b.ez.data();
  const double* const bs = b.s.data();
  double* const bfx = b.fx.data(); double* const bfy = b.fy.data(); double* const bfz = b.fz.data();
  double* const btx = b.tx.data(); double* const bty = b.ty.data(); double* const btz = b.tz.data();
  double sfx = 0.0, sfy = 0.0, sfz = 0.0, stx = 0.0, sty = 0.0, stz = 0.0, su = 0.0, sv = 0.0;
#pragma GCC ivdep
  for (std::size_t j = begin; j < end; ++j) {
    const double mx = cxi - bcx[j], my = cyi - bcy[j], mz = czi - bcz[j];
    const double mask = (mx * mx + my * my + mz * mz) < cutoff2 ? 1.0 : 0.0;
    const double ejx = orientedJ ? bex[j] : 0.0, ejy = orientedJ ? bey[j] : 0.0, ejz = orientedJ ? bez[j] : 0.0;
    const potforce::SitePairResult r = Kernel<A, B>::eval(xi - bx[j], yi - by[j], zi - bz[j], mx, my, mz, eix,
                                                          eiy, eiz, ejx, ejy, ejz, si * bs[j], epsRFInvrc3);
    const double fx = mask * r.fx, fy = mask * r.fy, fz = mask * r.fz;
    sfx += fx; sfy += fy; sfz += fz;
    bfx[j] -= fx; bfy[j] -= fy; bfz[j] -= fz;
    if (orientedI) { stx += mask * r.mix; sty += mask * r.miy; stz += mask * r.miz; }
    if (orientedJ) { btx[j] += mask * r.mjx; bty[j] += mask * r.mjy; btz[j] += mask * r.mjz; }
    su += mask * (r.u + r.uRF);
    sv += mask * (r.virial + 3.0 * r.uRF);
  }
  fi[0] += sfx; fi[1] += sfy; fi[2] += sfz;
  ti[0] += stx; ti[1] += sty; ti[2] += stz;
  sums.upot += su;
  sums.virial += sv;
}

/// The sites of kind A of molecule m against every packed site of p: the packed sites of each kind
/// before split[kind] (charges, dipoles, quadrupoles) sum their energy and virial into sums[0], the
/// others into sums[1] (the two energy weights of a list row).
template <Kind A>
MARDYN_ALWAYS_INLINE void rowsOfKind(MultipoleSiteArrays& arr, std::size_t m, MultipoleCellData& p,
                                     const std::size_t split[3], double cutoff2, double epsRFInvrc3, Sums sums[2]) {
  const std::size_t nc = p.charges.size(), nd = p.dipoles.size(), nq = p.quadrupoles.size();
  for (std::size_t i = arr.first[m]; i < arr.first[m + 1]; ++i) {
    double fi[3] = {0.0, 0.0, 0.0}, ti[3] = {0.0, 0.0, 0.0};
    if (split[0]) row<A, Kind::Charge>(arr, i, p.charges, 0, split[0], cutoff2, epsRFInvrc3, fi, ti, sums[0]);
    if (nc > split[0]) row<A, Kind::Charge>(arr, i, p.charges, split[0], nc, cutoff2, epsRFInvrc3, fi, ti, sums[1]);
    if (split[1]) row<A, Kind::Dipole>(arr, i, p.dipoles, 0, split[1], cutoff2, epsRFInvrc3, fi, ti, sums[0]);
    if (nd > split[1]) row<A, Kind::Dipole>(arr, i, p.dipoles, split[1], nd, cutoff2, epsRFInvrc3, fi, ti, sums[1]);
    if (split[2]) row<A, Kind::Quadrupole>(arr, i, p.quadrupoles, 0, split[2], cutoff2, epsRFInvrc3, fi, ti, sums[0]);
    if (nq > split[2])
      row<A, Kind::Quadrupole>(arr, i, p.quadrupoles, split[2], nq, cutoff2, epsRFInvrc3, fi, ti, sums[1]);
    arr.fx[i] += fi[0]; arr.fy[i] += fi[1]; arr.fz[i] += fi[2];
    arr.tx[i] += ti[0]; arr.ty[i] += ti[1]; arr.tz[i] += ti[2];
  }
}

/// Sites of molecule m of `a` (all kinds) against every packed site of `p` (sites of molecules
/// already known to lie within the cutoff, so the mask is always 1): all nine ordered kind pairs;
/// split and sums as in rowsOfKind.
MARDYN_ALWAYS_INLINE void moleculeAgainstPacked(MultipoleCellData& a, std::size_t m, MultipoleCellData& p,
                                                const std::size_t split[3], double cutoff2, double epsRFInvrc3,
                                                Sums sums[2]) {
  rowsOfKind<Kind::Charge>(a.charges, m, p, split, cutoff2, epsRFInvrc3, sums);
  rowsOfKind<Kind::Dipole>(a.dipoles, m, p, split, cutoff2, epsRFInvrc3, sums);
  rowsOfKind<Kind::Quadrupole>(a.quadrupoles, m, p, split, cutoff2, epsRFInvrc3, sums);
}

}  // namespace multipoleloops
}  // namespace mardyn
