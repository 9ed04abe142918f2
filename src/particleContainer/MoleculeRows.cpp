// MoleculeRows: the records, the packing of a row's partners into columns, and the AVX-512 row body.

// The vector helpers below are inlined into this translation unit only: their ABI does not matter.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif
#include "particleContainer/MoleculeRows.h"

#include <algorithm>
#include <cstdint>

#if MARDYN_SIMD_X86
#include <immintrin.h>
#endif

namespace mardyn {

bool MoleculeRows::applies(const InteractionParameters& params, SimdLevel level) {
  if (params.numComponents() != 1) return false;
  const Component& c = params.component(0);
  const std::size_t lj = c.ljCenters().size(), q = c.charges().size(), d = c.dipoles().size(),
                    qu = c.quadrupoles().size();
  return MARDYN_SIMD_X86 && level == SimdLevel::Avx512 && cpuSupports(level) && lj + q + d + qu > 0 && std::max({lj, q, d, qu}) <= maxSites;
}

MoleculeRows::MoleculeRows(const InteractionParameters& params)
    : _layout{params.component(0).ljCenters().size(), params.component(0).charges().size(),
              params.component(0).dipoles().size(), params.component(0).quadrupoles().size()},
      _recSize(_layout.size()),
      _epsRFInvrc3(params.epsRFInvrc3()) {
  const Component& c = params.component(0);
  for (const LJCenter& s : c.ljCenters()) _bodySites.push_back(s.r);
  for (const Charge& s : c.charges()) {
    _bodySites.push_back(s.r);
    _strength.push_back(s.q);
  }
  for (const Dipole& s : c.dipoles()) {
    _bodySites.push_back(s.r);
    _bodyAxes.push_back(s.e);
    _strength.push_back(s.abs);
  }
  for (const Quadrupole& s : c.quadrupoles()) {
    _bodySites.push_back(s.r);
    _bodyAxes.push_back(s.e);
    _strength.push_back(s.abs);
  }
  for (std::size_t a = 0; a < _layout.numLJ; ++a)
    for (std::size_t b = 0; b < _layout.numLJ; ++b) {  // the one component's LJ types are its centres' numbers
      const LJPairParameters& p = params.lj(params.ljType(0, static_cast<unsigned>(a)),
                                            params.ljType(0, static_cast<unsigned>(b)));
      _eps24.push_back(p.eps24);
      _sig2.push_back(p.sigma2);
      _shift6.push_back(6.0 * p.shift);
    }
}

void MoleculeRows::startTraversal(std::size_t numSlots) {
  _records.resize(_recSize * numSlots + 8);  // + 8: the packing reads whole vectors
  _acc.assign(6 * numSlots, 0.0);
  _upot = 0.0;
  _virial = 0.0;
}

void MoleculeRows::setMolecule(std::size_t slot, const Molecule& m) {
  const Vec3& r = m.r();
  const auto rot = m.q().matrix();  // space -> body; its transpose maps body -> space
  double* rec = &_records[_recSize * slot];
  rec[0] = r.x;
  rec[1] = r.y;
  rec[2] = r.z;
  auto toSpace = [&rot](const Vec3& b, double* to) {
    to[0] = rot[0] * b.x + rot[3] * b.y + rot[6] * b.z;
    to[1] = rot[1] * b.x + rot[4] * b.y + rot[7] * b.z;
    to[2] = rot[2] * b.x + rot[5] * b.y + rot[8] * b.z;
  };
  double* to = rec + 3;
  const std::size_t points = _layout.numLJ + _layout.numCharges;
  for (std::size_t s = 0; s < _bodySites.size(); ++s) {
    toSpace(_bodySites[s], to);
    to[0] += r.x;
    to[1] += r.y;
    to[2] += r.z;
    if (s >= points) toSpace(_bodyAxes[s - points], to + 3);
    to += s >= points ? 6 : 3;
  }
}

namespace {

#if MARDYN_SIMD_X86
/// Eight doubles (one per partner lane), with the arithmetic operators of GCC's vector extensions.
typedef double V8 __attribute__((vector_size(64)));

#define MARDYN_ROW_INLINE MARDYN_TARGET_AVX512 inline __attribute__((always_inline))

MARDYN_ROW_INLINE V8 load8(const double* p) { return (V8)_mm512_load_pd(p); }

/// 1 / x from the 14-bit estimate and two Newton steps.
MARDYN_ROW_INLINE V8 reciprocal(V8 x) {
  V8 y = (V8)_mm512_rcp14_pd((__m512d)x);
  y = y + y * (1.0 - x * y);
  return y + y * (1.0 - x * y);
}

/// 1 / sqrt(x) from the 14-bit estimate and two Newton steps.
MARDYN_ROW_INLINE V8 reciprocalSqrt(V8 x) {
  const V8 h = 0.5 * x;
  V8 y = (V8)_mm512_rsqrt14_pd((__m512d)x);
  y = y + y * (0.5 - h * y * y);
  return y + y * (0.5 - h * y * y);
}

/// A site of the row molecule: position and axis (zero for points).
struct RowSite {
  double x, y, z, ex, ey, ez;
};

/// A partner site (eight lanes): position and axis; g sums the force on the row molecule's sites from it,
/// tau the orientation torque on it.
struct PartnerSite {
  V8 x, y, z, ex, ey, ez;
  V8 gx, gy, gz, taux, tauy, tauz;
};

/// The energies of a block: 6 u of the LJ pairs, u of the others, the dipoles' reaction field uRF.
struct BlockEnergy {
  V8 u6, u, uRF;
};

enum class Kind { Charge, Dipole, Quadrupole };

/// One electrostatic site pair (A: the row site, B: the partner site), ls1's formulas as potforce writes them
/// for one pair (kernels/PotForceCharge.cc, PotForceMultipole.cc), here over eight lanes: an energy
/// K r^-n P(a, b, g, s) with a = e_i.d, b = e_j.d, g = e_i.e_j, s = 1/r^2, its force from the partial
/// derivatives of P and the partner's orientation torque; the dipole pair's reaction field too. Those files
/// cannot be instantiated over vector types (their literals are casts to preal); MoleculeRowsTest holds the
/// two to the same numbers through the all-site sums, which use potforce's.
template <Kind A, Kind B>
MARDYN_ROW_INLINE void electrostaticPair(const RowSite& i, PartnerSite& j, double strength, double epsRFInvrc3,
                                         BlockEnergy& e) {
  constexpr bool orientedI = A != Kind::Charge, orientedJ = B != Kind::Charge;
  const V8 dx = i.x - j.x, dy = i.y - j.y, dz = i.z - j.z;
  const V8 y = reciprocalSqrt(dx * dx + dy * dy + dz * dz), s = y * y;
  if constexpr (!orientedI && !orientedJ) {  // Coulomb
    const V8 u = strength * y, fac = u * s;
    e.u += u;
    j.gx += fac * dx;
    j.gy += fac * dy;
    j.gz += fac * dz;
    return;
  } else {
    const V8 zero = {};
    const V8 a = orientedI ? i.ex * dx + i.ey * dy + i.ez * dz : zero;
    const V8 b = orientedJ ? j.ex * dx + j.ey * dy + j.ez * dz : zero;
    const V8 g = orientedI && orientedJ ? i.ex * j.ex + i.ey * j.ey + i.ez * j.ez : zero;
    V8 krn, p, pa = zero, pb = zero, pg = zero, ps = zero;
    double n = 3.0;
    if constexpr (A == Kind::Charge && B == Kind::Dipole) {
      krn = -strength * s * y;
      p = b;
      pb = zero + 1.0;
    } else if constexpr (A == Kind::Dipole && B == Kind::Charge) {
      krn = strength * s * y;
      p = a;
      pa = zero + 1.0;
    } else if constexpr (A == Kind::Charge && B == Kind::Quadrupole) {
      krn = 0.5 * strength * s * y;
      p = 3.0 * b * b * s - 1.0;
      pb = 6.0 * b * s;
      ps = 3.0 * b * b;
    } else if constexpr (A == Kind::Quadrupole && B == Kind::Charge) {
      krn = 0.5 * strength * s * y;
      p = 3.0 * a * a * s - 1.0;
      pa = 6.0 * a * s;
      ps = 3.0 * a * a;
    } else if constexpr (A == Kind::Dipole && B == Kind::Dipole) {
      krn = strength * s * y;
      p = g - 3.0 * a * b * s;
      pa = -3.0 * b * s;
      pb = -3.0 * a * s;
      pg = zero + 1.0;
      ps = -3.0 * a * b;
    } else if constexpr (A == Kind::Dipole && B == Kind::Quadrupole) {
      krn = 1.5 * strength * s * s * y;
      p = a - 5.0 * a * b * b * s + 2.0 * g * b;
      pa = 1.0 - 5.0 * b * b * s;
      pb = 2.0 * g - 10.0 * a * b * s;
      pg = 2.0 * b;
      ps = -5.0 * a * b * b;
      n = 5.0;
    } else if constexpr (A == Kind::Quadrupole && B == Kind::Dipole) {
      krn = 1.5 * strength * s * s * y;
      p = 5.0 * a * a * b * s - b - 2.0 * g * a;
      pa = 10.0 * a * b * s - 2.0 * g;
      pb = 5.0 * a * a * s - 1.0;
      pg = -2.0 * a;
      ps = 5.0 * a * a * b;
      n = 5.0;
    } else {  // two quadrupoles
      krn = 0.75 * strength * s * s * y;
      const V8 a2 = a * a, b2 = b * b, t = g - 5.0 * a * b * s;
      p = 1.0 - 5.0 * (a2 + b2) * s - 15.0 * a2 * b2 * s * s + 2.0 * t * t;
      pa = -10.0 * a * s - 30.0 * a * b2 * s * s - 20.0 * t * b * s;
      pb = -10.0 * b * s - 30.0 * a2 * b * s * s - 20.0 * t * a * s;
      pg = 4.0 * t;
      ps = -5.0 * (a2 + b2) - 30.0 * a2 * b2 * s - 20.0 * t * a * b;
      n = 5.0;
    }
    e.u += krn * p;
    // Force on the row site: K r^-n [(n s P + 2 s^2 Ps) d - Pa e_i - Pb e_j].
    const V8 cd = krn * (n * s * p + 2.0 * s * s * ps), ka = krn * pa, kb = krn * pb;
    j.gx += cd * dx - ka * i.ex - kb * j.ex;
    j.gy += cd * dy - ka * i.ey - kb * j.ey;
    j.gz += cd * dz - ka * i.ez - kb * j.ez;
    // The partner's orientation torque: -K r^-n [Pb (e_j x d) - Pg (e_i x e_j)].
    if constexpr (orientedJ) {
      j.taux -= kb * (j.ey * dz - j.ez * dy);
      j.tauy -= kb * (j.ez * dx - j.ex * dz);
      j.tauz -= kb * (j.ex * dy - j.ey * dx);
    }
    if constexpr (orientedI && orientedJ) {
      V8 kg = krn * pg;
      if constexpr (A == Kind::Dipole && B == Kind::Dipole) {  // reaction field: uRF = -mu mu epsRF g
        const double rf = strength * epsRFInvrc3;
        e.uRF -= rf * g;
        kg -= rf;  // its torque on the partner: -rf (e_i x e_j)
      }
      j.taux += kg * (i.ey * j.ez - i.ez * j.ey);
      j.tauy += kg * (i.ez * j.ex - i.ex * j.ez);
      j.tauz += kg * (i.ex * j.ey - i.ey * j.ex);
    }
  }
}

/// One row as the body reads it: the row molecule's record, the partners' columns in blocks of 8 partners
/// (column c of partner 8 b + l at columns[b * blockSize + 8 c + l]: the record's numbers, then the energy
/// weight; blockSize a multiple of 64), the pair parameters and site strengths.
struct RowInput {
  const double* reci;
  const double* columns;
  std::size_t blockSize, n;
  MoleculeRows::Layout layout;
  const double *eps24, *sig2, *shift6, *strength;
  double epsRFInvrc3;
};

/// The sums of a row: force and torque on the row molecule, its energy and virial; per partner the force
/// and torque on it (out[6 * k + c]).
struct RowSums {
  double fi[3] = {0.0, 0.0, 0.0}, ti[3] = {0.0, 0.0, 0.0}, upot = 0.0, virial = 0.0;
};

/// The records of 8 slots (idx) as columns: column f of slot l to block[8 f + l], for the fields of chunks
/// whole vectors (those past the record are whatever follows it).
MARDYN_TARGET_AVX512 void packBlockAvx512(const double* records, std::size_t recSize, const std::size_t idx[8],
                                          std::size_t chunks, double* block) {
  for (std::size_t ch = 0; ch < chunks; ++ch) {
    __m512d r[8];
    for (std::size_t l = 0; l < 8; ++l) r[l] = _mm512_loadu_pd(records + recSize * idx[l] + 8 * ch);
    // 8 x 8 transpose: pairs of rows interleaved, then 128-bit lanes twice.
    __m512d t[8], u[8];
    for (std::size_t p = 0; p < 4; ++p) {
      t[2 * p] = _mm512_unpacklo_pd(r[2 * p], r[2 * p + 1]);
      t[2 * p + 1] = _mm512_unpackhi_pd(r[2 * p], r[2 * p + 1]);
    }
    for (std::size_t h = 0; h < 2; ++h) {  // rows 0-3, then 4-7
      __m512d* tt = t + 4 * h;
      u[4 * h] = _mm512_shuffle_f64x2(tt[0], tt[2], 0x88);      // fields 0, 4
      u[4 * h + 1] = _mm512_shuffle_f64x2(tt[0], tt[2], 0xdd);  // 2, 6
      u[4 * h + 2] = _mm512_shuffle_f64x2(tt[1], tt[3], 0x88);  // 1, 5
      u[4 * h + 3] = _mm512_shuffle_f64x2(tt[1], tt[3], 0xdd);  // 3, 7
    }
    double* to = block + 64 * ch;
    _mm512_store_pd(to + 0, _mm512_shuffle_f64x2(u[0], u[4], 0x88));
    _mm512_store_pd(to + 32, _mm512_shuffle_f64x2(u[0], u[4], 0xdd));
    _mm512_store_pd(to + 16, _mm512_shuffle_f64x2(u[1], u[5], 0x88));
    _mm512_store_pd(to + 48, _mm512_shuffle_f64x2(u[1], u[5], 0xdd));
    _mm512_store_pd(to + 8, _mm512_shuffle_f64x2(u[2], u[6], 0x88));
    _mm512_store_pd(to + 40, _mm512_shuffle_f64x2(u[2], u[6], 0xdd));
    _mm512_store_pd(to + 24, _mm512_shuffle_f64x2(u[3], u[7], 0x88));
    _mm512_store_pd(to + 56, _mm512_shuffle_f64x2(u[3], u[7], 0xdd));
  }
}

/// The block's sums over the partners' sites: p sums the force on the row molecule, t the lever arm (from
/// the partner's centre cj) times the force on the row molecule, less the partners' orientation torques.
struct BlockSums {
  V8 px, py, pz, tx, ty, tz;
};

/// Folds a partner site's g (and, Oriented, tau) into the block's sums.
template <bool Oriented>
MARDYN_ROW_INLINE void addPartnerSite(const PartnerSite& j, const V8 cj[3], BlockSums& b) {
  const V8 lx = j.x - cj[0], ly = j.y - cj[1], lz = j.z - cj[2];
  b.tx += ly * j.gz - lz * j.gy;
  b.ty += lz * j.gx - lx * j.gz;
  b.tz += lx * j.gy - ly * j.gx;
  if constexpr (Oriented) {
    b.tx -= j.taux;
    b.ty -= j.tauy;
    b.tz -= j.tauz;
  }
  b.px += j.gx;
  b.py += j.gy;
  b.pz += j.gz;
}

/// Partner site of kind B (columns at col) against every electrostatic site of the row molecule (Oriented:
/// the molecules may have dipoles and quadrupoles).
template <Kind B, bool Oriented>
MARDYN_ROW_INLINE void electrostaticPartner(const RowInput& in, const double* col, double strengthJ, const V8 cj[3],
                                            BlockSums& sums, BlockEnergy& e) {
  const V8 zero = {};
  PartnerSite j{load8(col), load8(col + 8), load8(col + 16), zero, zero, zero, zero, zero, zero, zero, zero, zero};
  if constexpr (B != Kind::Charge) {
    j.ex = load8(col + 24);
    j.ey = load8(col + 32);
    j.ez = load8(col + 40);
  }
  const MoleculeRows::Layout& l = in.layout;
  const double* q = in.strength;  // charges, then dipoles, then quadrupoles
  for (std::size_t a = 0; a < l.numCharges; ++a) {
    const double* r = in.reci + l.charges() + 3 * a;
    electrostaticPair<Kind::Charge, B>({r[0], r[1], r[2], 0.0, 0.0, 0.0}, j, q[a] * strengthJ, in.epsRFInvrc3, e);
  }
  if constexpr (Oriented) {
    q += l.numCharges;
    for (std::size_t a = 0; a < l.numDipoles; ++a) {
      const double* r = in.reci + l.dipoles() + 6 * a;
      electrostaticPair<Kind::Dipole, B>({r[0], r[1], r[2], r[3], r[4], r[5]}, j, q[a] * strengthJ,
                                         in.epsRFInvrc3, e);
    }
    q += l.numDipoles;
    for (std::size_t a = 0; a < l.numQuadrupoles; ++a) {
      const double* r = in.reci + l.quadrupoles() + 6 * a;
      electrostaticPair<Kind::Quadrupole, B>({r[0], r[1], r[2], r[3], r[4], r[5]}, j, q[a] * strengthJ,
                                             in.epsRFInvrc3, e);
    }
  }
  addPartnerSite<B != Kind::Charge>(j, cj, sums);
}

/// Oriented: whether the molecules have dipoles or quadrupoles (else their loops are left out, which keeps
/// the registers of the point-site loops free).
template <bool Oriented>
MARDYN_TARGET_AVX512 void rowAvx512(const RowInput& in, double* out, RowSums& sums) {
  const double* const reci = in.reci;
  const MoleculeRows::Layout& l = in.layout;
  const V8 zero = {};
  const V8 cxi = zero + reci[0], cyi = zero + reci[1], czi = zero + reci[2];
  V8 fix = zero, fiy = zero, fiz = zero, tix = zero, tiy = zero, tiz = zero, su = zero, sv = zero;
  const std::size_t wCol = l.size();
  const double* const strengthD = in.strength + l.numCharges;
  const double* const strengthQ = strengthD + l.numDipoles;
  for (std::size_t k = 0; k < in.n; k += 8) {
    const __mmask8 lanes = in.n - k >= 8 ? __mmask8(0xff) : __mmask8((1u << (in.n - k)) - 1u);
    const double* const col = in.columns + k / 8 * in.blockSize;
    const V8 cj[3] = {load8(col), load8(col + 8), load8(col + 16)};
    BlockSums b{zero, zero, zero, zero, zero, zero};
    BlockEnergy e{zero, zero, zero};
    for (std::size_t bj = 0; bj < l.numLJ; ++bj) {
      const double* cb = col + 8 * (l.lj() + 3 * bj);
      PartnerSite j{load8(cb), load8(cb + 8), load8(cb + 16), zero, zero, zero, zero, zero, zero, zero, zero, zero};
      for (std::size_t a = 0; a < l.numLJ; ++a) {
        const double* ra = reci + l.lj() + 3 * a;
        const V8 dx = ra[0] - j.x, dy = ra[1] - j.y, dz = ra[2] - j.z;
        const V8 inv = reciprocal(dx * dx + dy * dy + dz * dz);
        const std::size_t ab = a * l.numLJ + bj;
        const double e24 = in.eps24[ab];
        const V8 s2 = in.sig2[ab] * inv;
        const V8 s6 = s2 * s2 * s2, s12 = s6 * s6;
        const V8 fac = e24 * (s12 + s12 - s6) * inv;
        e.u6 += e24 * (s12 - s6) + in.shift6[ab];
        j.gx += fac * dx;
        j.gy += fac * dy;
        j.gz += fac * dz;
      }
      addPartnerSite<false>(j, cj, b);
    }
    for (std::size_t bj = 0; bj < l.numCharges; ++bj)
      electrostaticPartner<Kind::Charge, Oriented>(in, col + 8 * (l.charges() + 3 * bj), in.strength[bj], cj, b, e);
    if constexpr (Oriented) {
      for (std::size_t bj = 0; bj < l.numDipoles; ++bj)
        electrostaticPartner<Kind::Dipole, true>(in, col + 8 * (l.dipoles() + 6 * bj), strengthD[bj], cj, b, e);
      for (std::size_t bj = 0; bj < l.numQuadrupoles; ++bj)
        electrostaticPartner<Kind::Quadrupole, true>(in, col + 8 * (l.quadrupoles() + 6 * bj), strengthQ[bj], cj, b, e);
    }
    // Padding lanes (copies of a listed partner) count nothing.
    b.px = (V8)_mm512_maskz_mov_pd(lanes, (__m512d)b.px);
    b.py = (V8)_mm512_maskz_mov_pd(lanes, (__m512d)b.py);
    b.pz = (V8)_mm512_maskz_mov_pd(lanes, (__m512d)b.pz);
    b.tx = (V8)_mm512_maskz_mov_pd(lanes, (__m512d)b.tx);
    b.ty = (V8)_mm512_maskz_mov_pd(lanes, (__m512d)b.ty);
    b.tz = (V8)_mm512_maskz_mov_pd(lanes, (__m512d)b.tz);
    const V8 w = (V8)_mm512_maskz_load_pd(lanes, col + 8 * wCol);
    const V8 dcx = cxi - cj[0], dcy = cyi - cj[1], dcz = czi - cj[2];
    su += w * (e.u6 * (1.0 / 6.0) + e.u + e.uRF);
    sv += w * (dcx * b.px + dcy * b.py + dcz * b.pz + 3.0 * e.uRF);
    fix += b.px;
    fiy += b.py;
    fiz += b.pz;
    // The row molecule's torque: T_i + T_j = (c_i - c_j) x F_j with F_j = -p and T_j = -t.
    tix += b.tx - (dcy * b.pz - dcz * b.py);
    tiy += b.ty - (dcz * b.px - dcx * b.pz);
    tiz += b.tz - (dcx * b.py - dcy * b.px);
    double* o = out + 6 * k;  // per partner: -p, -t (lane after lane)
    const V8 perPartner[6] = {b.px, b.py, b.pz, b.tx, b.ty, b.tz};
    for (std::size_t lane = 0; lane < 8; ++lane)
      for (std::size_t c = 0; c < 6; ++c) o[6 * lane + c] = -perPartner[c][lane];
  }
  const V8 totals[8] = {fix, fiy, fiz, tix, tiy, tiz, su, sv};
  double t[8];
  for (std::size_t c = 0; c < 8; ++c) t[c] = _mm512_reduce_add_pd((__m512d)totals[c]);
  for (std::size_t c = 0; c < 3; ++c) {
    sums.fi[c] += t[c];
    sums.ti[c] += t[3 + c];
  }
  sums.upot += t[6];
  sums.virial += t[7];
}
#undef MARDYN_ROW_INLINE
#endif

}  // namespace

void MoleculeRows::row(std::size_t i, const std::size_t* listed, std::size_t n, std::size_t nFirst) {
#if MARDYN_SIMD_X86
  if (n == 0) return;
  const std::size_t padded = (n + 7) / 8 * 8, chunks = (_recSize + 8) / 8, blockSize = 64 * chunks;
  const std::size_t need = blockSize * padded / 8 + 6 * padded + 8;  // + 8: room to align to 64 bytes
  if (_columns.size() < need) _columns.resize(need);
  double* const __restrict__ c = _columns.data() + (8 - reinterpret_cast<std::uintptr_t>(_columns.data()) / 8 % 8) % 8;
  const double* const __restrict__ records = _records.data();
  for (std::size_t k = 0; k < padded; k += 8) {  // padding: copies of the first partner (finite, masked out)
    std::size_t idx[8];
    for (std::size_t l = 0; l < 8; ++l) idx[l] = listed[k + l < n ? k + l : 0];
    double* block = c + k / 8 * blockSize;
    packBlockAvx512(records, _recSize, idx, chunks, block);
    for (std::size_t l = 0; l < 8; ++l) block[8 * _recSize + l] = k + l < nFirst ? 1.0 : 0.5;
  }
  double* const out = c + blockSize * padded / 8;
  const RowInput in{records + _recSize * i, c, blockSize, n, _layout, _eps24.data(), _sig2.data(), _shift6.data(),
                    _strength.data(), _epsRFInvrc3};
  RowSums sums;
  if (_layout.numDipoles + _layout.numQuadrupoles > 0)
    rowAvx512<true>(in, out, sums);
  else
    rowAvx512<false>(in, out, sums);
  double* const __restrict__ acc = _acc.data();
  for (std::size_t k = 0; k < n; ++k) {
    double* a = acc + 6 * listed[k];
    for (std::size_t f = 0; f < 6; ++f) a[f] += out[6 * k + f];
  }
  double* a = acc + 6 * i;
  for (std::size_t f = 0; f < 3; ++f) {
    a[f] += sums.fi[f];
    a[3 + f] += sums.ti[f];
  }
  _upot += sums.upot;
  _virial += sums.virial;
#else
  (void)i, (void)listed, (void)n, (void)nFirst;
#endif
}

}  // namespace mardyn
