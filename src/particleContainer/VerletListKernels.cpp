// VerletListKernels: one loop body over the list's rows, templated on the vector width, compiled for
// the SSE2 baseline, AVX2 + FMA and AVX-512 (function target attributes); the LJ terms are
// potforce::ljTerms, the formula every LJ loop shares. Every variant takes 4 partners per vector: an
// 8-wide AVX-512 body (rows padded to 8) measured 0.85x the 4-wide one on an AMD Zen 4 CPU, which
// executes 512-bit operations as two 256-bit halves, so the AVX-512 variant is the 4-wide body with
// AVX-512VL encodings.
#include "particleContainer/VerletListKernels.h"

// The vector helpers below are inlined into one translation unit: their ABI does not matter.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

#include "particleContainer/potforce/PotForceLJ.h"

#include <cstring>

namespace mardyn {

namespace {

typedef double V4 __attribute__((vector_size(32)));
typedef long long V4Mask __attribute__((vector_size(32)));

template <unsigned W>
struct Vec;
template <>
struct Vec<4> {
  using T = V4;
  using M = V4Mask;
};

#define MARDYN_INLINE inline __attribute__((always_inline))

MARDYN_INLINE V4 load4(const double* p) {
  V4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

MARDYN_INLINE void add4(double* p, V4 v) {
  V4 old;
  std::memcpy(&old, p, sizeof old);
  old += v;
  std::memcpy(p, &old, sizeof old);
}

template <class V>
MARDYN_INLINE V splat(double x) {
  V v;
  for (unsigned l = 0; l < sizeof(V) / sizeof(double); ++l) v[l] = x;
  return v;
}

template <class V>
MARDYN_INLINE double sum(V v) {
  double s = 0.0;
  for (unsigned l = 0; l < sizeof(V) / sizeof(double); ++l) s += v[l];
  return s;
}

// Two-vector shuffles: element k of the result is element idx[k] of (a, b) seen as one 8-vector.
#if defined(__clang__)
#define MARDYN_SHUFFLE(a, b, i0, i1, i2, i3) __builtin_shufflevector(a, b, i0, i1, i2, i3)
#else
#define MARDYN_SHUFFLE(a, b, i0, i1, i2, i3) __builtin_shuffle(a, b, V4Mask{i0, i1, i2, i3})
#endif

/// 4 x 4 transpose: rows r0..r3 become columns c0..c3 (c0 = {r0[0], r1[0], r2[0], r3[0]}, ...).
MARDYN_INLINE void transpose4(V4 r0, V4 r1, V4 r2, V4 r3, V4& c0, V4& c1, V4& c2, V4& c3) {
  const V4 t0 = MARDYN_SHUFFLE(r0, r1, 0, 4, 2, 6);  // r0[0] r1[0] r0[2] r1[2]
  const V4 t1 = MARDYN_SHUFFLE(r0, r1, 1, 5, 3, 7);  // r0[1] r1[1] r0[3] r1[3]
  const V4 t2 = MARDYN_SHUFFLE(r2, r3, 0, 4, 2, 6);
  const V4 t3 = MARDYN_SHUFFLE(r2, r3, 1, 5, 3, 7);
  c0 = MARDYN_SHUFFLE(t0, t2, 0, 1, 4, 5);
  c1 = MARDYN_SHUFFLE(t1, t3, 0, 1, 4, 5);
  c2 = MARDYN_SHUFFLE(t0, t2, 2, 3, 6, 7);
  c3 = MARDYN_SHUFFLE(t1, t3, 2, 3, 6, 7);
}

/// x, y, z, w of four slots, as columns.
MARDYN_INLINE void gather(const double* pos, const std::uint32_t* j, V4& x, V4& y, V4& z, V4& w) {
  transpose4(load4(pos + 4 * static_cast<std::size_t>(j[0])), load4(pos + 4 * static_cast<std::size_t>(j[1])),
             load4(pos + 4 * static_cast<std::size_t>(j[2])), load4(pos + 4 * static_cast<std::size_t>(j[3])), x, y,
             z, w);
}

/// Subtracts the force (fx, fy, fz) of four partners from their slots, in order (padding repeats a slot).
MARDYN_INLINE void scatterSub(double* force, const std::uint32_t* j, V4 fx, V4 fy, V4 fz) {
  V4 f0, f1, f2, f3;
  transpose4(-fx, -fy, -fz, V4{0, 0, 0, 0}, f0, f1, f2, f3);
  add4(force + 4 * static_cast<std::size_t>(j[0]), f0);
  add4(force + 4 * static_cast<std::size_t>(j[1]), f1);
  add4(force + 4 * static_cast<std::size_t>(j[2]), f2);
  add4(force + 4 * static_cast<std::size_t>(j[3]), f3);
}

template <unsigned W, bool SingleType, bool Once>
MARDYN_INLINE void rowsBody(const VerletRows& in, std::size_t rowBegin, std::size_t rowEnd, double* const force,
                            double& u6, double& vir) {
  using V = typename Vec<W>::T;
  using M = typename Vec<W>::M;
  // Locals: the stores through force must not make the compiler reload these.
  const std::size_t numTypes = in.numTypes;
  const std::size_t* const rowStart = in.rowStart;
  const std::uint32_t* const partners = in.partners;
  const unsigned* const seen = in.seen;
  const unsigned stamp = in.stamp;
  const double* const pos = in.pos;
  const int* const type = in.type;
  const double *const eps24 = in.eps24, *const sig2 = in.sig2, *const shift6 = in.shift6;
  const V rc2 = splat<V>(in.rc2), half = splat<V>(0.5), one = splat<V>(1.0), zero = splat<V>(0.0);
  V e24 = splat<V>(eps24[0]), s2 = splat<V>(sig2[0]), sh6 = splat<V>(shift6[0]);
  V su = zero, sv = zero;
  for (std::size_t i = rowBegin; i < rowEnd; ++i) {
    const std::size_t b = rowStart[i], e = rowStart[i + 1];
    if (b == e || seen[i] != stamp) continue;
    const double* pi = pos + 4 * i;
    const V xi = splat<V>(pi[0]), yi = splat<V>(pi[1]), zi = splat<V>(pi[2]), wi = splat<V>(pi[3]);
    const std::size_t row = SingleType ? 0 : static_cast<std::size_t>(type[i]) * numTypes;
    V sfx = zero, sfy = zero, sfz = zero;
    for (std::size_t k = b; k < e; k += W) {
      const std::uint32_t* j = partners + k;
      V xj, yj, zj, wj;
      gather(pos, j, xj, yj, zj, wj);
      const V dx = xi - xj, dy = yi - yj, dz = zi - zj;
      if (!SingleType) {
        for (unsigned l = 0; l < W; ++l) {
          const std::size_t t = row + static_cast<std::size_t>(type[j[l]]);
          e24[l] = eps24[t];
          s2[l] = sig2[t];
          sh6[l] = shift6[t];
        }
      }
      const V r2 = dx * dx + dy * dy + dz * dz;
      const M inside = (M)(r2 < rc2);
      const V invr2 = (V)((M)(1.0 / r2) & inside);  // no partner coincides with slot i
      V fac, u;
      potforce::ljTerms(e24, s2, invr2, fac, u);
      const V fx = dx * fac, fy = dy * fac, fz = dz * fac;
      sfx += fx;
      sfy += fy;
      sfz += fz;
      scatterSub(force, j, fx, fy, fz);
      const V weight = Once ? one : half * (wi + wj);
      su += weight * (u + (V)((M)sh6 & inside));
      sv += weight * (dx * fx + dy * fy + dz * fz);
    }
    add4(force + 4 * i, V4{sum(sfx), sum(sfy), sum(sfz), 0.0});
  }
  u6 += sum(su);
  vir += sum(sv);
}

template <unsigned W>
MARDYN_INLINE void rows(const VerletRows& in, std::size_t b, std::size_t e, double* force, double& u6, double& vir) {
  if (in.once) {
    if (in.numTypes == 1) rowsBody<W, true, true>(in, b, e, force, u6, vir);
    else rowsBody<W, false, true>(in, b, e, force, u6, vir);
  } else {
    if (in.numTypes == 1) rowsBody<W, true, false>(in, b, e, force, u6, vir);
    else rowsBody<W, false, false>(in, b, e, force, u6, vir);
  }
}

void rowsSse2(const VerletRows& in, std::size_t b, std::size_t e, double* force, double& u6, double& vir) {
  rows<4>(in, b, e, force, u6, vir);
}

MARDYN_TARGET_AVX2 void rowsAvx2(const VerletRows& in, std::size_t b, std::size_t e, double* force, double& u6,
                                 double& vir) {
  rows<4>(in, b, e, force, u6, vir);
}

MARDYN_TARGET_AVX512 void rowsAvx512(const VerletRows& in, std::size_t b, std::size_t e, double* force, double& u6,
                                     double& vir) {
  rows<4>(in, b, e, force, u6, vir);
}

}  // namespace

VerletRowsVariant verletRowsVariant(SimdLevel level) {
  switch (level) {
    case SimdLevel::Avx512: return {rowsAvx512, 4};
    case SimdLevel::Avx2: return {rowsAvx2, 4};
    case SimdLevel::Sse2: break;
  }
  return {rowsSse2, 4};
}

}  // namespace mardyn
