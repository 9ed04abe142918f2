// MoleculeRows: the records, the packing of a row's partners into columns, and the AVX-512 row body.

// The vector helpers below are inlined into this translation unit only: their ABI does not matter.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif
#include "particleContainer/MoleculeRows.h"

#include <algorithm>
#include <cstdint>
#include <utility>

#if MARDYN_SIMD_X86
#include <immintrin.h>
#endif

namespace mardyn {

bool MoleculeRows::applies(const InteractionParameters& params, const Component& c, SimdLevel level) {
  const std::size_t lj = c.ljCenters().size(), q = c.charges().size();
  return MARDYN_SIMD_X86 && level == SimdLevel::Avx512 && cpuSupports(level) && params.numComponents() == 1 &&
         c.dipoles().empty() && c.quadrupoles().empty() && lj + q > 0 && lj <= maxSites && q <= maxSites;
}

MoleculeRows::MoleculeRows(const InteractionParameters& params, const Component& c)
    : _numLJ(c.ljCenters().size()), _numCharges(c.charges().size()), _recSize(3 + 3 * (_numLJ + _numCharges)) {
  for (const LJCenter& s : c.ljCenters()) _bodySites.push_back(s.r);
  for (const Charge& s : c.charges()) _bodySites.push_back(s.r);
  for (std::size_t a = 0; a < _numLJ; ++a)
    for (std::size_t b = 0; b < _numLJ; ++b) {  // the one component's LJ types are its centres' numbers
      const LJPairParameters& p = params.lj(params.ljType(0, static_cast<unsigned>(a)),
                                            params.ljType(0, static_cast<unsigned>(b)));
      _eps24.push_back(p.eps24);
      _sig2.push_back(p.sigma2);
      _shift6.push_back(6.0 * p.shift);
    }
  for (const Charge& a : c.charges())
    for (const Charge& b : c.charges()) _qq.push_back(a.q * b.q);
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
  for (std::size_t s = 0; s < _bodySites.size(); ++s) {
    const Vec3& b = _bodySites[s];
    rec[3 + 3 * s] = r.x + rot[0] * b.x + rot[3] * b.y + rot[6] * b.z;
    rec[4 + 3 * s] = r.y + rot[1] * b.x + rot[4] * b.y + rot[7] * b.z;
    rec[5 + 3 * s] = r.z + rot[2] * b.x + rot[5] * b.y + rot[8] * b.z;
  }
}

namespace {

/// One row as the body reads it: the row molecule's record, the partners' columns in blocks of 8 partners
/// (column c of partner 8 b + l at columns[b * blockSize + 8 c + l]: the record's numbers, then the energy
/// weight; blockSize a multiple of 64), the pair parameters.
struct RowInput {
  const double* reci;
  const double* columns;
  std::size_t blockSize, n, numLJ, numCharges;
  const double *eps24, *sig2, *shift6, *qq;
};

/// The sums of a row: force and torque on the row molecule, 6 u and the virial; per partner the force and
/// torque on it (out[6 * k + c]).
struct RowSums {
  double fi[3] = {0.0, 0.0, 0.0}, ti[3] = {0.0, 0.0, 0.0}, upot = 0.0, virial = 0.0;
};

#if MARDYN_SIMD_X86
/// Adds g to p and lever x g to t, the lever arm running from the partners' centres cj to their site
/// (columns at cb, cb + 8, cb + 16).
MARDYN_TARGET_AVX512 inline __attribute__((always_inline)) void leverTorque(
    const double* cb, const __m512d cj[3], __m512d gx, __m512d gy, __m512d gz, __m512d& px,
    __m512d& py, __m512d& pz, __m512d& tx, __m512d& ty, __m512d& tz) {
  const __m512d lx = _mm512_sub_pd(_mm512_loadu_pd(cb), cj[0]);
  const __m512d ly = _mm512_sub_pd(_mm512_loadu_pd(cb + 8), cj[1]);
  const __m512d lz = _mm512_sub_pd(_mm512_loadu_pd(cb + 16), cj[2]);
  tx = _mm512_add_pd(tx, _mm512_fmsub_pd(ly, gz, _mm512_mul_pd(lz, gy)));
  ty = _mm512_add_pd(ty, _mm512_fmsub_pd(lz, gx, _mm512_mul_pd(lx, gz)));
  tz = _mm512_add_pd(tz, _mm512_fmsub_pd(lx, gy, _mm512_mul_pd(ly, gx)));
  px = _mm512_add_pd(px, gx);
  py = _mm512_add_pd(py, gy);
  pz = _mm512_add_pd(pz, gz);
}

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

MARDYN_TARGET_AVX512 void rowAvx512(const RowInput& in, double* out, RowSums& sums) {
  const double* const reci = in.reci;
  const __m512d one = _mm512_set1_pd(1.0), half = _mm512_set1_pd(0.5), sixth = _mm512_set1_pd(1.0 / 6.0);
  const __m512d cxi = _mm512_set1_pd(reci[0]), cyi = _mm512_set1_pd(reci[1]), czi = _mm512_set1_pd(reci[2]);
  __m512d fix = _mm512_setzero_pd(), fiy = fix, fiz = fix, tix = fix, tiy = fix, tiz = fix, su = fix, sv = fix;
  const std::size_t ljCol = 3, qCol = 3 + 3 * in.numLJ, wCol = 3 + 3 * (in.numLJ + in.numCharges);
  for (std::size_t k = 0; k < in.n; k += 8) {
    const __mmask8 lanes = in.n - k >= 8 ? __mmask8(0xff) : __mmask8((1u << (in.n - k)) - 1u);
    const double* const col = in.columns + k / 8 * in.blockSize;
    const __m512d cxj = _mm512_load_pd(col), cyj = _mm512_load_pd(col + 8), czj = _mm512_load_pd(col + 16);
    __m512d px = _mm512_setzero_pd(), py = px, pz = px, tx = px, ty = px, tz = px, u6 = px, uq = px;
    // Partner site b against every row site a of its kind: g = sum over a of the force on the row molecule;
    // the partner's torque takes - lever_b x g, so t sums lever_b x g.
    const __m512d cj[3] = {cxj, cyj, czj};
    for (std::size_t b = 0; b < in.numLJ; ++b) {
      const double* cb = col + 8 * (ljCol + 3 * b);
      const __m512d xb = _mm512_load_pd(cb), yb = _mm512_load_pd(cb + 8), zb = _mm512_load_pd(cb + 16);
      __m512d gx = _mm512_setzero_pd(), gy = gx, gz = gx;
      for (std::size_t a = 0; a < in.numLJ; ++a) {
        const double* ra = reci + 3 + 3 * a;
        const __m512d dx = _mm512_sub_pd(_mm512_set1_pd(ra[0]), xb);
        const __m512d dy = _mm512_sub_pd(_mm512_set1_pd(ra[1]), yb);
        const __m512d dz = _mm512_sub_pd(_mm512_set1_pd(ra[2]), zb);
        const __m512d r2 = _mm512_fmadd_pd(dz, dz, _mm512_fmadd_pd(dy, dy, _mm512_mul_pd(dx, dx)));
        __m512d inv = _mm512_rcp14_pd(r2);  // 14 bits, then 28, then the double's 53
        inv = _mm512_fmadd_pd(inv, _mm512_fnmadd_pd(r2, inv, one), inv);
        inv = _mm512_fmadd_pd(inv, _mm512_fnmadd_pd(r2, inv, one), inv);
        const std::size_t ab = a * in.numLJ + b;
        const __m512d e24 = _mm512_set1_pd(in.eps24[ab]);
        const __m512d s2 = _mm512_mul_pd(_mm512_set1_pd(in.sig2[ab]), inv);
        const __m512d s6 = _mm512_mul_pd(_mm512_mul_pd(s2, s2), s2);
        const __m512d s12 = _mm512_mul_pd(s6, s6);
        const __m512d fac = _mm512_mul_pd(_mm512_mul_pd(e24, _mm512_sub_pd(_mm512_add_pd(s12, s12), s6)), inv);
        u6 = _mm512_add_pd(u6, _mm512_fmadd_pd(e24, _mm512_sub_pd(s12, s6), _mm512_set1_pd(in.shift6[ab])));
        gx = _mm512_fmadd_pd(fac, dx, gx);
        gy = _mm512_fmadd_pd(fac, dy, gy);
        gz = _mm512_fmadd_pd(fac, dz, gz);
      }
      leverTorque(cb, cj, gx, gy, gz, px, py, pz, tx, ty, tz);
    }
    for (std::size_t b = 0; b < in.numCharges; ++b) {
      const double* cb = col + 8 * (qCol + 3 * b);
      const __m512d xb = _mm512_load_pd(cb), yb = _mm512_load_pd(cb + 8), zb = _mm512_load_pd(cb + 16);
      __m512d gx = _mm512_setzero_pd(), gy = gx, gz = gx;
      for (std::size_t a = 0; a < in.numCharges; ++a) {
        const double* ra = reci + 3 + 3 * (in.numLJ + a);
        const __m512d dx = _mm512_sub_pd(_mm512_set1_pd(ra[0]), xb);
        const __m512d dy = _mm512_sub_pd(_mm512_set1_pd(ra[1]), yb);
        const __m512d dz = _mm512_sub_pd(_mm512_set1_pd(ra[2]), zb);
        const __m512d r2 = _mm512_fmadd_pd(dz, dz, _mm512_fmadd_pd(dy, dy, _mm512_mul_pd(dx, dx)));
        const __m512d h = _mm512_mul_pd(half, r2);
        __m512d y = _mm512_rsqrt14_pd(r2);  // 1/r: y += y (1/2 - r2 y^2 / 2), twice
        y = _mm512_fmadd_pd(y, _mm512_fnmadd_pd(_mm512_mul_pd(h, y), y, half), y);
        y = _mm512_fmadd_pd(y, _mm512_fnmadd_pd(_mm512_mul_pd(h, y), y, half), y);
        const __m512d u = _mm512_mul_pd(_mm512_set1_pd(in.qq[a * in.numCharges + b]), y);
        const __m512d fac = _mm512_mul_pd(u, _mm512_mul_pd(y, y));
        uq = _mm512_add_pd(uq, u);
        gx = _mm512_fmadd_pd(fac, dx, gx);
        gy = _mm512_fmadd_pd(fac, dy, gy);
        gz = _mm512_fmadd_pd(fac, dz, gz);
      }
      leverTorque(cb, cj, gx, gy, gz, px, py, pz, tx, ty, tz);
    }
    // Padding lanes (copies of a listed partner) count nothing.
    px = _mm512_maskz_mov_pd(lanes, px);
    py = _mm512_maskz_mov_pd(lanes, py);
    pz = _mm512_maskz_mov_pd(lanes, pz);
    tx = _mm512_maskz_mov_pd(lanes, tx);
    ty = _mm512_maskz_mov_pd(lanes, ty);
    tz = _mm512_maskz_mov_pd(lanes, tz);
    const __m512d w = _mm512_maskz_load_pd(lanes, col + 8 * wCol);
    const __m512d dcx = _mm512_sub_pd(cxi, cxj), dcy = _mm512_sub_pd(cyi, cyj), dcz = _mm512_sub_pd(czi, czj);
    su = _mm512_fmadd_pd(w, _mm512_fmadd_pd(u6, sixth, uq), su);
    sv = _mm512_fmadd_pd(w, _mm512_fmadd_pd(dcz, pz, _mm512_fmadd_pd(dcy, py, _mm512_mul_pd(dcx, px))), sv);
    fix = _mm512_add_pd(fix, px);
    fiy = _mm512_add_pd(fiy, py);
    fiz = _mm512_add_pd(fiz, pz);
    // The row molecule's torque: T_i + T_j = (c_i - c_j) x F_j with F_j = -p and T_j = -t.
    tix = _mm512_add_pd(tix, _mm512_sub_pd(tx, _mm512_fmsub_pd(dcy, pz, _mm512_mul_pd(dcz, py))));
    tiy = _mm512_add_pd(tiy, _mm512_sub_pd(ty, _mm512_fmsub_pd(dcz, px, _mm512_mul_pd(dcx, pz))));
    tiz = _mm512_add_pd(tiz, _mm512_sub_pd(tz, _mm512_fmsub_pd(dcx, py, _mm512_mul_pd(dcy, px))));
    double* o = out + 6 * k;  // per partner: -p, -t (lane after lane)
    alignas(64) double v[6][8];
    for (auto [dst, src] : {std::pair{v[0], px}, {v[1], py}, {v[2], pz}, {v[3], tx}, {v[4], ty}, {v[5], tz}})
      _mm512_store_pd(dst, src);
    for (std::size_t l = 0; l < 8; ++l)
      for (std::size_t c = 0; c < 6; ++c) o[6 * l + c] = -v[c][l];
  }
  sums.fi[0] += _mm512_reduce_add_pd(fix);
  sums.fi[1] += _mm512_reduce_add_pd(fiy);
  sums.fi[2] += _mm512_reduce_add_pd(fiz);
  sums.ti[0] += _mm512_reduce_add_pd(tix);
  sums.ti[1] += _mm512_reduce_add_pd(tiy);
  sums.ti[2] += _mm512_reduce_add_pd(tiz);
  sums.upot += _mm512_reduce_add_pd(su);
  sums.virial += _mm512_reduce_add_pd(sv);
}
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
  const RowInput in{records + _recSize * i, c, blockSize, n, _numLJ, _numCharges,
                    _eps24.data(), _sig2.data(), _shift6.data(), _qq.data()};
  RowSums sums;
  rowAvx512(in, out, sums);
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
