// What observing plugins sum over molecules, written once for the host and the device: each molecule's values
// (kinetic energies, |v|, the surface-tension term) and their exact sums, so that binned sums do not depend on
// the order of the additions (threads, atomics, processes) and the device's equal the host's.
// mardyn-kernel: fragment
//
// Written in the subset of C99 and C++ that OpenCL C, CUDA and host C++ share, with three names from whoever
// compiles it: MARDYN_SUMS_FN (the function qualifier), MARDYN_MUL(a, b) (a product that is never fused with an
// addition: the device's __dmul_rn, or a product in a statement of its own) and sums_long (a signed 64-bit integer).
// The host header io/MoleculeSums.h compiles it in double with -ffp-contract=off.

#ifndef MARDYN_SUMS_FN
#define MARDYN_SUMS_FN DEVICE
#define MARDYN_MUL(a, b) MUL_ROUNDED(a, b)
typedef mm_long sums_long;
#endif

/// Exact sums: a value x (|x| < 2^48) becomes four 32-bit chunks of x * 2^80, truncated toward zero; chunk k
/// weighs 2^(32 k - 80). Integer sums of the chunks are exact in any order (2^31 additions per sum before a 64-bit
/// word could overflow); the host turns them into a double once.
#define SUMS_LIMBS 4

MARDYN_SUMS_FN void exactChunks(double x, sums_long* chunk) {
  double y = x * 1208925819614629174706176.0;  // 2^80: a power of two, exact
  const double scale[SUMS_LIMBS] = {1.0, 4294967296.0, 18446744073709551616.0, 79228162514264337593543950336.0};
  for (int k = SUMS_LIMBS - 1; k >= 0; k--) {
    const double q = trunc(y / scale[k]);  // division by a power of two: exact
    chunk[k] = (sums_long) q;
    const double taken = MARDYN_MUL(q, scale[k]);
    y = y - taken;  // exact: the bits of y below scale[k]
  }
}

/// 2 E_rot = sum over the principal axes with I > 0 of L_body^2 / I, L_body = rotate(L) with the quaternion
/// (w, x, y, z) as molecules/Quaternion.h rotates (space to body).
MARDYN_SUMS_FN double twiceRotationalEnergy(double qw, double qx, double qy, double qz, double Lx, double Ly,
                                            double Lz, double Ix, double Iy, double Iz) {
  const double ww = MARDYN_MUL(qw, qw), xx = MARDYN_MUL(qx, qx), yy = MARDYN_MUL(qy, qy), zz = MARDYN_MUL(qz, qz);
  const double wx = MARDYN_MUL(qw, qx), wy = MARDYN_MUL(qw, qy), wz = MARDYN_MUL(qw, qz);
  const double xy = MARDYN_MUL(qx, qy), xz = MARDYN_MUL(qx, qz), yz = MARDYN_MUL(qy, qz);
  double m[9];
  m[0] = ww + xx - yy - zz;
  m[1] = 2 * (xy + wz);
  m[2] = 2 * (xz - wy);
  m[3] = 2 * (xy - wz);
  m[4] = ww - xx + yy - zz;
  m[5] = 2 * (yz + wx);
  m[6] = 2 * (xz + wy);
  m[7] = 2 * (yz - wx);
  m[8] = ww - xx - yy + zz;
  const double I[3] = {Ix, Iy, Iz};
  double e = 0;
  for (int d = 0; d < 3; d++) {
    const double a = MARDYN_MUL(m[3 * d], Lx), b = MARDYN_MUL(m[3 * d + 1], Ly), c = MARDYN_MUL(m[3 * d + 2], Lz);
    const double lb = a + b + c;
    if (I[d] > 0) {
      const double l2 = MARDYN_MUL(lb, lb);
      e = e + l2 / I[d];
    }
  }
  return e;
}

/// v . v without fused products (the squares summed in x, y, z order).
MARDYN_SUMS_FN double squaredNorm(double x, double y, double z) {
  const double a = MARDYN_MUL(x, x), b = MARDYN_MUL(y, y), c = MARDYN_MUL(z, z);
  return a + b + c;
}

/// ls1's MaxWriter: one quantity's (x, y, z) folded into its seven extremes e: the largest squared norm, the
/// largest x, y, z and the smallest x, y, z. Comparisons only, so the extremes do not depend on the order.
MARDYN_SUMS_FN void foldExtremes(double* e, double x, double y, double z) {
  const double n2 = squaredNorm(x, y, z);
  if (e[0] < n2) e[0] = n2;
  if (e[1] < x) e[1] = x;
  if (e[2] < y) e[2] = y;
  if (e[3] < z) e[3] = z;
  if (x < e[4]) e[4] = x;
  if (y < e[5]) e[5] = y;
  if (z < e[6]) e[6] = z;
}

/// RegionVdf's histogram (ls1's file order: 0 pjy_abs, 1 pjy_pvx, 2 pjy_pvy, 3 pjy_pvz, 4 pjy_nvx, 5 pjy_nvz, 6 njy_abs,
/// 7 njy_pvx, 8 njy_pvz, 9 njy_nvx, 10 njy_nvy, 11 njy_nvz) of component d of a sampled vector by the signs of its
/// y component and of component d, or -1 where ls1 keeps none (y with unlike signs).
MARDYN_SUMS_FN int vdfHistogram(int d, int yPositive, int dPositive) {
  const int k = 2 * yPositive + dPositive;
  if (d == 0) return k == 0 ? 9 : (k == 1 ? 7 : (k == 2 ? 4 : 1));
  if (d == 1) return k == 0 ? 10 : (k == 3 ? 2 : -1);
  return k == 0 ? 11 : (k == 1 ? 8 : (k == 2 ? 5 : 3));
}

/// ls1's SampleRegion::sampleVDF for one molecule at y with the sampled vector (vx, vy, vz) (velocity or force): its
/// slab floor((y - lowerY) invBinWidth) < bins, the classes floor(|.| invWidth) of |v| and of each |v_d| among the
/// slot's `classes` (a component beyond the largest class leaves the molecule out; |v| beyond it only |v|'s count).
/// Writes the counts it adds to (histogram * numValues + value; the slot's values from `offset`, slot 0's too where
/// `sumSlot`) into at[0..8) and returns how many.
MARDYN_SUMS_FN int vdfCounts(double y, double vx, double vy, double vz, double lowerY, double invBinWidth, long bins,
                             long classes, double invWidth, long offset, int sumSlot, long numValues, long* at) {
  const double fb = floor(MARDYN_MUL(y - lowerY, invBinWidth));
  if (!(fb >= 0.0) || fb > (double) (bins - 1)) return 0;
  const long binOffset = (long) fb * classes;
  const double v[3] = {vx, vy, vz};
  long idx[3];
  for (int d = 0; d < 3; d++) {
    const double k = floor(MARDYN_MUL(fabs(v[d]), invWidth));
    if (!(k <= (double) (classes - 1))) return 0;
    idx[d] = (long) k;
  }
  int n = 0;
  for (int d = 0; d < 3; d++) {
    const int h = vdfHistogram(d, vy > 0.0, v[d] > 0.0);
    if (h < 0) continue;
    at[n++] = h * numValues + offset + binOffset + idx[d];
    if (sumSlot) at[n++] = h * numValues + binOffset + idx[d];
  }
  const double absClass = floor(MARDYN_MUL(sqrt(squaredNorm(vx, vy, vz)), invWidth));
  if (!(absClass <= (double) (classes - 1))) return n;
  const long h = vy > 0.0 ? 0 : 6;
  at[n++] = h * numValues + offset + binOffset + (long) absClass;
  if (sumSlot) at[n++] = h * numValues + binOffset + (long) absClass;
  return n;
}

/// ls1's RDF bin of a pair at squared distance dd: floor(sqrt(dd) / interval), or -1 beyond maxDist2 (the last bin's
/// end, squared) or the last bin.
MARDYN_SUMS_FN long rdfBin(double dd, double maxDist2, double interval, long bins) {
  if (dd > maxDist2) return -1;
  const double b = floor(sqrt(dd) / interval);
  return b < (double) bins ? (long) b : -1;
}

/// ls1's CavityWriter grid: point k along one axis at lower + (0.5009756 + k) spacing.
MARDYN_SUMS_FN double cavityPoint(double lower, double spacing, long k) {
  const double offset = MARDYN_MUL(0.5009756 + (double) k, spacing);
  return lower + offset;
}

/// The points k of [first, last] along one axis that may lie within R of x (those with (x - R - lower) / spacing -
/// 0.5009756 < k < (x + R - lower) / spacing - 0.5009756, from the floor of the one bound to the ceiling of the
/// other, so that rounding loses none; the caller tests the distance): from *from to *to.
MARDYN_SUMS_FN void cavityRange(double x, double lower, double spacing, double R, long first, long last, long* from,
                                long* to) {
  const double a = floor((x - R - lower) / spacing - 0.5009756), b = ceil((x + R - lower) / spacing - 0.5009756);
  *from = a > (double) first ? (long) a : first;
  *to = b < (double) last ? (long) b : last;
}

/// Whether CavityWriter counts a molecule at (x, y, z) (wrapped into the box) with id `id` at point (kx, ky, kz)
/// of a grid from `lower` by `spacing` with n1 x n2 points in y and z (ls1's point id kx n1 n2 + ky n2 + kz + 1):
/// closer than sqrt(r2), and not of the point's id.
MARDYN_SUMS_FN int cavityHit(double x, double y, double z, long id, double lx, double ly, double lz, double sx,
                             double sy, double sz, long n1, long n2, long kx, long ky, long kz, double r2) {
  const double dx = x - cavityPoint(lx, sx, kx), dy = y - cavityPoint(ly, sy, ky), dz = z - cavityPoint(lz, sz, kz);
  return squaredNorm(dx, dy, dz) < r2 && id != kx * n1 * n2 + ky * n2 + kz + 1;
}

/// ls1's surface-tension term of one molecule: Vi_y - (Vi_x + Vi_z) / 2.
MARDYN_SUMS_FN double surfaceTensionTerm(double vx, double vy, double vz) {
  const double mean = MARDYN_MUL(0.5, vx + vz);
  return vy - mean;
}

/// x brought into [0, L) from just outside (where positions lie between rebuilds of the cells).
MARDYN_SUMS_FN double wrapInto(double x, double L) {
  if (x >= L) return x - L;
  if (x < 0) return x + L;
  return x;
}

/// The bin of (x, y, z) in a MoleculeBinning geometry (0 slabs along y, 1 a range of y, 2 Cartesian, 3 cylinder),
/// or -1 outside: slabs floor((y - lower) / width) < bins; range lower <= y <= upper; Cartesian floor(r_d inv_d)
/// as x * u1 * u2 + y * u2 + z; cylinder r^2 inv0, (y) inv1, phi inv2 about (cx, ., cz) as h * u0 * u2 + r * u2 + phi.
MARDYN_SUMS_FN long binOf(int geometry, double x, double y, double z, double lower, double width, double upper,
                          long bins, double inv0, double inv1, double inv2, long u0, long u1, long u2, double cx,
                          double cz) {
  if (geometry == 0) {
    const double f = floor((y - lower) / width);
    if (!(f >= 0) || f > (double) (bins - 1)) return -1;
    return (long) f;
  }
  if (geometry == 1) {
    const double a = y - upper, b = y - lower;
    return MARDYN_MUL(a, b) <= 0 ? 0 : -1;
  }
  if (geometry == 2) {
    const double bx = floor(MARDYN_MUL(x, inv0)), by = floor(MARDYN_MUL(y, inv1)), bz = floor(MARDYN_MUL(z, inv2));
    if (!(bx >= 0) || !(by >= 0) || !(bz >= 0) || bx >= (double) u0 || by >= (double) u1 || bz >= (double) u2) return -1;
    return ((long) bx * u1 + (long) by) * u2 + (long) bz;
  }
  const double xc = x - cx, zc = z - cz;
  const double r2 = squaredNorm(xc, 0, zc);
  double phi = atan2(zc, xc);
  if (phi < 0.0) phi = phi + 6.283185307179586;
  const double br = floor(MARDYN_MUL(r2, inv0)), bh = floor(MARDYN_MUL(y, inv1)), bp = floor(MARDYN_MUL(phi, inv2));
  if (!(br >= 0) || !(bh >= 0) || !(bp >= 0) || br >= (double) u0 || bh >= (double) u1 || bp >= (double) u2) return -1;
  return ((long) bh * u0 + (long) br) * u2 + (long) bp;
}

/// Value of MoleculeBinning field f of one molecule (mass, rotational DOF, v, F, ls1's virial Vi, 2 E_rot).
MARDYN_SUMS_FN double fieldValue(int f, double mass, double rotDof, double vx, double vy, double vz, double fx,
                                 double fy, double fz, double vix, double viy, double viz, double twiceErot) {
  switch (f) {
    case 0: return 1.0;
    case 1: return rotDof;
    case 2: return twiceErot;
    case 3: return vx;
    case 4: return vy;
    case 5: return vz;
    case 6: return MARDYN_MUL(vx, vx);
    case 7: return MARDYN_MUL(vy, vy);
    case 8: return MARDYN_MUL(vz, vz);
    case 9: return fx;
    case 10: return fy;
    case 11: return fz;
    case 12: return vix;
    case 13: return viy;
    case 14: return viz;
    case 15: return sqrt(squaredNorm(vx, vy, vz));
    case 16: {
      const double mv2 = MARDYN_MUL(mass, squaredNorm(vx, vy, vz));
      return mv2 + twiceErot;
    }
    case 17: return 3.0 + rotDof;
    default: return surfaceTensionTerm(vix, viy, viz);
  }
}
