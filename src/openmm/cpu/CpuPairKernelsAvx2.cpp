// AVX2+FMA build of the CPU platform's nonbonded block kernels: four neighbours per step in double
// precision, loaded as 128-bit halves and transposed in registers. Compiled with -mavx2 -mfma.
#include "CpuPairKernels.h"

#if defined(__AVX2__) && defined(__FMA__)

#include <immintrin.h>

#include <algorithm>

namespace OpenMM {

namespace {

inline double horizontalSum(__m256d v) {
    const __m128d lo = _mm256_castpd256_pd128(v);
    const __m128d hi = _mm256_extractf128_pd(v, 1);
    const __m128d s = _mm_add_pd(lo, hi);
    return _mm_cvtsd_f64(_mm_add_sd(s, _mm_unpackhi_pd(s, s)));
}

/** Loads two consecutive doubles of rows j0..j3 (stride elements apart) as two vectors (component 0, 1). */
inline void loadPairs(const double* base, int stride, const int* j, __m256d& c0, __m256d& c1) {
    const __m256d r02 = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(base + stride * j[0])),
                                             _mm_loadu_pd(base + stride * j[2]), 1);
    const __m256d r13 = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(base + stride * j[1])),
                                             _mm_loadu_pd(base + stride * j[3]), 1);
    c0 = _mm256_unpacklo_pd(r02, r13);
    c1 = _mm256_unpackhi_pd(r02, r13);
}

template <bool PERIODIC, int COULOMB, bool MIXED, bool SWITCH, bool ENERGY>
double avx2Block(const CpuPairKernelArgs& a, const CpuNeighborList& list, int block, double* buffer) {
    const int first = block * CpuNeighborList::blockSize;
    const int last = std::min(list.getNumParticles(), first + CpuNeighborList::blockSize);
    const __m256d one = _mm256_set1_pd(1.0);
    const __m256d zero = _mm256_setzero_pd();
    const __m256d cutoff2 = _mm256_set1_pd(a.cutoff2);
    const __m256d boxX = _mm256_set1_pd(a.box[0]), boxY = _mm256_set1_pd(a.box[1]), boxZ = _mm256_set1_pd(a.box[2]);
    const __m256d invX = _mm256_set1_pd(a.invBox[0]), invY = _mm256_set1_pd(a.invBox[1]), invZ = _mm256_set1_pd(a.invBox[2]);
    const __m256d krf = _mm256_set1_pd(a.krf), crf = _mm256_set1_pd(a.crf), twoKrf = _mm256_set1_pd(2.0 * a.krf);
    const __m256d swStart = _mm256_set1_pd(a.switchStart), swInv = _mm256_set1_pd(a.switchInvWidth);
    const __m256d twelve = _mm256_set1_pd(12.0), six = _mm256_set1_pd(6.0);
    const __m256d invH = _mm256_set1_pd(a.ewaldInvH);
    const __m256d hStep = _mm256_set1_pd(a.ewaldInvH > 0 ? 1.0 / a.ewaldInvH : 0.0);
    __m256d energy = zero;
    for (int i = first; i < last; i++) {
        const double* pi = a.packed + 4 * i;
        const __m256d xi = _mm256_set1_pd(pi[0]), yi = _mm256_set1_pd(pi[1]), zi = _mm256_set1_pd(pi[2]);
        const __m256d qi = _mm256_set1_pd(pi[3]);
        const __m256d hsi = _mm256_set1_pd(MIXED ? a.lj[2 * i] : 0.0);
        const __m256d sei = _mm256_set1_pd(MIXED ? a.lj[2 * i + 1] : 0.0);
        __m256d fx = zero, fy = zero, fz = zero;
        const int* end = list.neighborsEnd(block, i - first);
        for (const int* j = list.neighborsBegin(block, i - first); j != end; j += 4) {
            __m256d xj, yj, zj, qj;
            loadPairs(a.packed, 4, j, xj, yj);
            loadPairs(a.packed + 2, 4, j, zj, qj);
            __m256d dx = _mm256_sub_pd(xi, xj), dy = _mm256_sub_pd(yi, yj), dz = _mm256_sub_pd(zi, zj);
            if (PERIODIC) {
                const int mode = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;
                dx = _mm256_fnmadd_pd(boxX, _mm256_round_pd(_mm256_mul_pd(dx, invX), mode), dx);
                dy = _mm256_fnmadd_pd(boxY, _mm256_round_pd(_mm256_mul_pd(dy, invY), mode), dy);
                dz = _mm256_fnmadd_pd(boxZ, _mm256_round_pd(_mm256_mul_pd(dz, invZ), mode), dz);
            }
            const __m256d r2 = _mm256_fmadd_pd(dz, dz, _mm256_fmadd_pd(dy, dy, _mm256_mul_pd(dx, dx)));
            const __m256d mask = _mm256_and_pd(_mm256_cmp_pd(r2, cutoff2, _CMP_LT_OQ), _mm256_cmp_pd(r2, zero, _CMP_GT_OQ));
            const __m256d r2s = _mm256_blendv_pd(one, r2, mask);
            const __m256d inv2 = _mm256_div_pd(one, r2s);
            __m256d sig2, eps4;
            if (MIXED) {
                __m256d hsj, sej;
                loadPairs(a.lj, 2, j, hsj, sej);
                const __m256d sig = _mm256_add_pd(hsi, hsj);
                sig2 = _mm256_mul_pd(sig, sig);
                eps4 = _mm256_mul_pd(sei, sej);
            } else {
                sig2 = _mm256_set1_pd(a.uniformSigma2);
                eps4 = _mm256_set1_pd(a.uniformEps4);
            }
            const __m256d sr2 = _mm256_mul_pd(sig2, inv2);
            const __m256d sr6 = _mm256_mul_pd(_mm256_mul_pd(sr2, sr2), sr2);
            const __m256d eps4sr6 = _mm256_mul_pd(eps4, sr6);
            __m256d eLJ = _mm256_fmsub_pd(eps4sr6, sr6, eps4sr6);
            __m256d fLJ = _mm256_mul_pd(_mm256_fmsub_pd(_mm256_mul_pd(twelve, eps4sr6), sr6, _mm256_mul_pd(six, eps4sr6)), inv2);
            __m256d invR = zero;
            if (SWITCH || COULOMB != 0)
                invR = _mm256_sqrt_pd(inv2);
            if (SWITCH) {
                const __m256d r = _mm256_mul_pd(r2s, invR);
                const __m256d t = _mm256_max_pd(zero, _mm256_mul_pd(_mm256_sub_pd(r, swStart), swInv));
                const __m256d t2 = _mm256_mul_pd(t, t);
                // s = 1 + t^3 (-10 + t (15 - 6 t)),  ds/dr = t^2 (-30 + t (60 - 30 t)) / width
                const __m256d sPoly = _mm256_fmadd_pd(t, _mm256_fnmadd_pd(six, t, _mm256_set1_pd(15.0)), _mm256_set1_pd(-10.0));
                const __m256d s = _mm256_fmadd_pd(_mm256_mul_pd(t2, t), sPoly, one);
                const __m256d dPoly = _mm256_fmadd_pd(t, _mm256_fnmadd_pd(_mm256_set1_pd(30.0), t, _mm256_set1_pd(60.0)), _mm256_set1_pd(-30.0));
                const __m256d ds = _mm256_mul_pd(_mm256_mul_pd(t2, dPoly), swInv);
                fLJ = _mm256_fnmadd_pd(_mm256_mul_pd(eLJ, ds), invR, _mm256_mul_pd(fLJ, s));
                eLJ = _mm256_mul_pd(eLJ, s);
            }
            __m256d f = fLJ;
            __m256d e = eLJ;
            if (COULOMB != 0) {
                const __m256d qq = _mm256_mul_pd(qi, qj);
                if (COULOMB == 2) {
                    e = _mm256_add_pd(e, _mm256_mul_pd(qq, _mm256_sub_pd(_mm256_fmadd_pd(krf, r2s, invR), crf)));
                    f = _mm256_fmadd_pd(qq, _mm256_fmsub_pd(invR, inv2, twoKrf), f);
                } else if (COULOMB == 3) {
                    // erfc(alpha r) and G(r) by cubic Hermite interpolation between table nodes k and k+1 (lanes
                    // outside the cutoff read node 0).
                    const __m256d x = _mm256_and_pd(_mm256_mul_pd(_mm256_mul_pd(r2s, invR), invH), mask);
                    const __m256d kf = _mm256_floor_pd(x);
                    const __m256d t = _mm256_sub_pd(x, kf), tt = _mm256_mul_pd(t, t), ttt = _mm256_mul_pd(tt, t);
                    const __m128i index = _mm_slli_epi32(_mm256_cvttpd_epi32(kf), 2);
                    __m256d node[8];
                    for (int c = 0; c < 8; c++)
                        node[c] = _mm256_i32gather_pd(a.ewaldTable + c, index, 8);
                    const __m256d two = _mm256_set1_pd(2.0), three = _mm256_set1_pd(3.0);
                    const __m256d h01 = _mm256_fmsub_pd(three, tt, _mm256_mul_pd(two, ttt));   // 3t^2 - 2t^3
                    const __m256d h00 = _mm256_sub_pd(one, h01);                                // 2t^3 - 3t^2 + 1
                    const __m256d h11 = _mm256_mul_pd(hStep, _mm256_sub_pd(ttt, tt));           // h (t^3 - t^2)
                    const __m256d h10 = _mm256_fmadd_pd(hStep, t, _mm256_fnmadd_pd(two, _mm256_mul_pd(hStep, tt),
                                                                                    _mm256_mul_pd(hStep, ttt)));
                    const __m256d erfcValue = _mm256_fmadd_pd(h00, node[0], _mm256_fmadd_pd(h10, node[1],
                                              _mm256_fmadd_pd(h01, node[4], _mm256_mul_pd(h11, node[5]))));
                    const __m256d gValue = _mm256_fmadd_pd(h00, node[2], _mm256_fmadd_pd(h10, node[3],
                                           _mm256_fmadd_pd(h01, node[6], _mm256_mul_pd(h11, node[7]))));
                    // Written with explicit FMAs so that the force does not depend on whether the energy is computed.
                    e = _mm256_fmadd_pd(qq, _mm256_mul_pd(erfcValue, invR), e);
                    f = _mm256_fmadd_pd(qq, _mm256_mul_pd(_mm256_fmadd_pd(erfcValue, invR, gValue), inv2), f);
                } else {
                    e = _mm256_fmadd_pd(qq, invR, e);
                    f = _mm256_fmadd_pd(qq, _mm256_mul_pd(invR, inv2), f);
                }
            }
            f = _mm256_and_pd(f, mask);
            if (ENERGY)
                energy = _mm256_add_pd(energy, _mm256_and_pd(e, mask));
            const __m256d fjx = _mm256_mul_pd(f, dx), fjy = _mm256_mul_pd(f, dy), fjz = _mm256_mul_pd(f, dz);
            fx = _mm256_add_pd(fx, fjx);
            fy = _mm256_add_pd(fy, fjy);
            fz = _mm256_add_pd(fz, fjz);
            // Newton's third law: transpose the four j forces into rows (x, y, z, 0) and subtract them.
            const __m256d t0 = _mm256_unpacklo_pd(fjx, fjy), t1 = _mm256_unpackhi_pd(fjx, fjy);
            const __m256d t2 = _mm256_unpacklo_pd(fjz, zero), t3 = _mm256_unpackhi_pd(fjz, zero);
            const __m256d rows[4] = {_mm256_permute2f128_pd(t0, t2, 0x20), _mm256_permute2f128_pd(t1, t3, 0x20),
                                     _mm256_permute2f128_pd(t0, t2, 0x31), _mm256_permute2f128_pd(t1, t3, 0x31)};
            for (int k = 0; k < 4; k++) {
                double* row = buffer + 4 * j[k];
                _mm256_storeu_pd(row, _mm256_sub_pd(_mm256_loadu_pd(row), rows[k]));
            }
        }
        // Row (x, y, z, 0) of the forces on i.
        const __m256d t0 = _mm256_hadd_pd(fx, fy);  // (x0+x1, y0+y1, x2+x3, y2+y3)
        const __m256d t1 = _mm256_hadd_pd(fz, zero);
        const __m256d sum = _mm256_add_pd(_mm256_permute2f128_pd(t0, t1, 0x20), _mm256_permute2f128_pd(t0, t1, 0x31));
        double* row = buffer + 4 * i;
        _mm256_storeu_pd(row, _mm256_add_pd(_mm256_loadu_pd(row), sum));
    }
    return horizontalSum(energy);
}

template <bool PERIODIC, int COULOMB, bool MIXED, bool SWITCH>
CpuBlockKernel pickEnergy(bool energy) {
    return energy ? &avx2Block<PERIODIC, COULOMB, MIXED, SWITCH, true> : &avx2Block<PERIODIC, COULOMB, MIXED, SWITCH, false>;
}

template <bool PERIODIC, int COULOMB, bool MIXED>
CpuBlockKernel pickSwitch(const CpuPairKernelFlags& f) {
    return f.switching ? pickEnergy<PERIODIC, COULOMB, MIXED, true>(f.energy) : pickEnergy<PERIODIC, COULOMB, MIXED, false>(f.energy);
}

template <bool PERIODIC, int COULOMB>
CpuBlockKernel pickMixed(const CpuPairKernelFlags& f) {
    return f.mixedLJ ? pickSwitch<PERIODIC, COULOMB, true>(f) : pickSwitch<PERIODIC, COULOMB, false>(f);
}

template <bool PERIODIC>
CpuBlockKernel pickCoulomb(const CpuPairKernelFlags& f) {
    switch (f.coulomb) {
    case 0: return pickMixed<PERIODIC, 0>(f);
    case 1: return pickMixed<PERIODIC, 1>(f);
    case 3: return pickMixed<PERIODIC, 3>(f);
    default: return pickMixed<PERIODIC, 2>(f);
    }
}

/** For each 4-bit mask, the byte shuffle that moves the selected 32-bit lanes to the front. */
struct CompressTable {
    alignas(16) unsigned char bytes[16][16];
    CompressTable() {
        for (int m = 0; m < 16; m++) {
            int k = 0;
            for (int lane = 0; lane < 4; lane++)
                if (m & (1 << lane)) {
                    for (int b = 0; b < 4; b++)
                        bytes[m][4 * k + b] = static_cast<unsigned char>(4 * lane + b);
                    k++;
                }
            for (; k < 4; k++)
                for (int b = 0; b < 4; b++)
                    bytes[m][4 * k + b] = 0x80;
        }
    }
};

const CompressTable compressTable;

inline __m256d minimumImage(__m256d d, __m256d half, __m256d full) {
    const __m256d plus = _mm256_and_pd(_mm256_cmp_pd(d, _mm256_sub_pd(_mm256_setzero_pd(), half), _CMP_LT_OQ), full);
    const __m256d minus = _mm256_and_pd(_mm256_cmp_pd(d, half, _CMP_GT_OQ), full);
    return _mm256_add_pd(d, _mm256_sub_pd(plus, minus));
}

int avx2Filter(const CpuCandidateScan& s, int j0, int j1, int* out) {
    const __m256d cx = _mm256_set1_pd(s.centre[0]), cy = _mm256_set1_pd(s.centre[1]), cz = _mm256_set1_pd(s.centre[2]);
    const __m256d hx = _mm256_set1_pd(s.half[0]), hy = _mm256_set1_pd(s.half[1]), hz = _mm256_set1_pd(s.half[2]);
    const __m256d fx = _mm256_set1_pd(s.full[0]), fy = _mm256_set1_pd(s.full[1]), fz = _mm256_set1_pd(s.full[2]);
    const __m256d cut2 = _mm256_set1_pd(s.cutoff2);
    const __m128i lanes = _mm_setr_epi32(0, 1, 2, 3);
    int count = 0;
    for (int j = j0; j < j1; j += 4) {
        const __m256d dx = minimumImage(_mm256_sub_pd(_mm256_loadu_pd(s.x + j), cx), hx, fx);
        const __m256d dy = minimumImage(_mm256_sub_pd(_mm256_loadu_pd(s.y + j), cy), hy, fy);
        const __m256d dz = minimumImage(_mm256_sub_pd(_mm256_loadu_pd(s.z + j), cz), hz, fz);
        const __m256d r2 = _mm256_fmadd_pd(dz, dz, _mm256_fmadd_pd(dy, dy, _mm256_mul_pd(dx, dx)));
        int mask = _mm256_movemask_pd(_mm256_cmp_pd(r2, cut2, _CMP_LT_OQ));
        if (j1 - j < 4)
            mask &= (1 << (j1 - j)) - 1;
        if (s.self >= j && s.self < j + 4)
            mask &= ~(1 << (s.self - j));
        const __m128i indices = _mm_add_epi32(_mm_set1_epi32(j), lanes);
        const __m128i shuffle = _mm_load_si128(reinterpret_cast<const __m128i*>(compressTable.bytes[mask]));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + count), _mm_shuffle_epi8(indices, shuffle));
        count += __builtin_popcount(static_cast<unsigned>(mask));
    }
    return count;
}

} // namespace

CpuCandidateFilter selectAvx2CandidateFilter() { return &avx2Filter; }

CpuBlockKernel selectAvx2PairKernel(const CpuPairKernelFlags& flags) {
    return flags.periodic ? pickCoulomb<true>(flags) : pickCoulomb<false>(flags);
}

bool cpuHasAvx2PairKernels() {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

} // namespace OpenMM

#else

namespace OpenMM {

CpuBlockKernel selectAvx2PairKernel(const CpuPairKernelFlags&) { return nullptr; }

CpuCandidateFilter selectAvx2CandidateFilter() { return nullptr; }

bool cpuHasAvx2PairKernels() { return false; }

} // namespace OpenMM

#endif
