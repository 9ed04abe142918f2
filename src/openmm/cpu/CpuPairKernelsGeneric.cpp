// Portable scalar build of the CPU platform's nonbonded block kernels (LJ with optional switching,
// plain, reaction-field or Ewald-screened Coulomb, minimum image); also the fallback where AVX2 is not available.
#include "CpuPairKernels.h"

#include <cmath>

namespace OpenMM {

namespace {

template <bool PERIODIC, int COULOMB, bool MIXED, bool SWITCH>
double genericBlock(const CpuPairKernelArgs& a, const CpuNeighborList& list, int block, double* buffer) {
    const int first = block * CpuNeighborList::blockSize;
    const int last = std::min(list.getNumParticles(), first + CpuNeighborList::blockSize);
    double energy = 0;
    for (int i = first; i < last; i++) {
        const double* pi = a.packed + 4 * i;
        double fx = 0, fy = 0, fz = 0;
        const int* end = list.neighborsEnd(block, i - first);
        for (const int* it = list.neighborsBegin(block, i - first); it != end; ++it) {
            const int j = *it;
            const double* pj = a.packed + 4 * j;
            double dx = pi[0] - pj[0], dy = pi[1] - pj[1], dz = pi[2] - pj[2];
            if (PERIODIC) {
                dx -= a.box[0] * std::nearbyint(dx * a.invBox[0]);
                dy -= a.box[1] * std::nearbyint(dy * a.invBox[1]);
                dz -= a.box[2] * std::nearbyint(dz * a.invBox[2]);
            }
            const double r2 = dx * dx + dy * dy + dz * dz;
            if (!(r2 < a.cutoff2) || r2 == 0.0)
                continue;
            const double inv2 = 1.0 / r2;
            double sig2 = a.uniformSigma2, eps4 = a.uniformEps4;
            if (MIXED) {
                const double sig = a.lj[2 * i] + a.lj[2 * j];
                sig2 = sig * sig;
                eps4 = a.lj[2 * i + 1] * a.lj[2 * j + 1];
            }
            const double sr2 = sig2 * inv2;
            const double sr6 = sr2 * sr2 * sr2;
            double eLJ = eps4 * (sr6 * sr6 - sr6);
            double fLJ = eps4 * (12.0 * sr6 * sr6 - 6.0 * sr6) * inv2;
            double invR = 0;
            if (SWITCH || COULOMB != 0)
                invR = 1.0 / std::sqrt(r2);
            if (SWITCH) {
                const double r = r2 * invR;
                const double t = std::max(0.0, (r - a.switchStart) * a.switchInvWidth);
                const double s = 1.0 + t * t * t * (-10.0 + t * (15.0 - 6.0 * t));
                const double ds = t * t * (-30.0 + t * (60.0 - 30.0 * t)) * a.switchInvWidth;
                fLJ = fLJ * s - eLJ * ds * invR;
                eLJ *= s;
            }
            double eC = 0, fC = 0;
            if (COULOMB != 0) {
                const double qq = pi[3] * pj[3];
                if (COULOMB == 2) {
                    eC = qq * (invR + a.krf * r2 - a.crf);
                    fC = qq * (invR * inv2 - 2.0 * a.krf);
                } else if (COULOMB == 3) {
                    // Cubic Hermite interpolation of erfc(alpha r) and G(r) = -d erfc(alpha r)/dr.
                    const double x = r2 * invR * a.ewaldInvH;
                    const int k = static_cast<int>(x);
                    const double t = x - k, h = 1.0 / a.ewaldInvH;
                    const double* n0 = a.ewaldTable + 4 * k;
                    const double t2 = t * t, t3 = t2 * t;
                    const double h00 = 2 * t3 - 3 * t2 + 1, h10 = t3 - 2 * t2 + t, h01 = -2 * t3 + 3 * t2, h11 = t3 - t2;
                    const double erfcValue = h00 * n0[0] + h10 * h * n0[1] + h01 * n0[4] + h11 * h * n0[5];
                    const double gValue = h00 * n0[2] + h10 * h * n0[3] + h01 * n0[6] + h11 * h * n0[7];
                    const double screened = erfcValue * invR;
                    eC = qq * screened;
                    fC = qq * (screened + gValue) * inv2;
                } else {
                    eC = qq * invR;
                    fC = qq * invR * inv2;
                }
            }
            const double f = fLJ + fC;
            fx += f * dx;
            fy += f * dy;
            fz += f * dz;
            buffer[4 * j] -= f * dx;
            buffer[4 * j + 1] -= f * dy;
            buffer[4 * j + 2] -= f * dz;
            energy += eLJ + eC;
        }
        double* out = buffer + 4 * i;
        out[0] += fx;
        out[1] += fy;
        out[2] += fz;
    }
    return energy;
}

template <bool PERIODIC, int COULOMB, bool MIXED>
CpuBlockKernel pickSwitch(bool switching) {
    return switching ? &genericBlock<PERIODIC, COULOMB, MIXED, true> : &genericBlock<PERIODIC, COULOMB, MIXED, false>;
}

template <bool PERIODIC, int COULOMB>
CpuBlockKernel pickMixed(const CpuPairKernelFlags& f) {
    return f.mixedLJ ? pickSwitch<PERIODIC, COULOMB, true>(f.switching) : pickSwitch<PERIODIC, COULOMB, false>(f.switching);
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

int genericFilter(const CpuCandidateScan& s, int j0, int j1, int* out) {
    int count = 0;
    for (int j = j0; j < j1; j++) {
        double dx = s.x[j] - s.centre[0], dy = s.y[j] - s.centre[1], dz = s.z[j] - s.centre[2];
        dx += (dx < -s.half[0] ? s.full[0] : 0.0) - (dx > s.half[0] ? s.full[0] : 0.0);
        dy += (dy < -s.half[1] ? s.full[1] : 0.0) - (dy > s.half[1] ? s.full[1] : 0.0);
        dz += (dz < -s.half[2] ? s.full[2] : 0.0) - (dz > s.half[2] ? s.full[2] : 0.0);
        out[count] = j;
        count += (dx * dx + dy * dy + dz * dz < s.cutoff2) & (j != s.self);
    }
    return count;
}

} // namespace

CpuCandidateFilter selectGenericCandidateFilter() { return &genericFilter; }

CpuBlockKernel selectGenericPairKernel(const CpuPairKernelFlags& flags) {
    return flags.periodic ? pickCoulomb<true>(flags) : pickCoulomb<false>(flags);
}

} // namespace OpenMM
