// The CPU platform's nonbonded pair kernels: arguments, variant selection, and the two instruction-set
// builds (AVX2+FMA, chosen at run time when the processor has it, and portable scalar C++).
#pragma once

#include "CpuNeighborList.h"

namespace OpenMM {

/** What a block kernel needs; particle data are in the neighbour list's sorted order. */
struct CpuPairKernelArgs {
    const double* packed = nullptr;  ///< 4 per particle: x, y, z, charge * sqrt(Coulomb constant)
    const double* lj = nullptr;      ///< 2 per particle: sigma / 2, 2 * sqrt(epsilon)
    double box[3] = {0, 0, 0};
    double invBox[3] = {0, 0, 0};
    double cutoff2 = 0;              ///< interaction cutoff squared (infinite without cutoff)
    double krf = 0, crf = 0;         ///< reaction-field constants (used with reactionField)
    double ewaldAlpha = 0;           ///< screening parameter of Ewald-screened Coulomb (coulomb == 3)
    /// erfc(alpha r) and G(r) = 2 alpha/sqrt(pi) exp(-alpha^2 r^2) at r = k h with their r-derivatives, 4 per node,
    /// for cubic Hermite interpolation (coulomb == 3); ewaldInvH = 1/h.
    const double* ewaldTable = nullptr;
    double ewaldInvH = 0;
    double switchStart = 0;          ///< switching distance
    double switchInvWidth = 0;       ///< 1 / (cutoff - switching distance)
    double uniformSigma2 = 0;        ///< sigma^2 when all particles share their LJ parameters
    double uniformEps4 = 0;          ///< 4 epsilon likewise
};

/** Which variant of the kernel to run. */
struct CpuPairKernelFlags {
    bool periodic = false;
    int coulomb = 0;                 ///< 0: no charges, 1: plain Coulomb, 2: reaction field, 3: erfc(alpha r)/r
    bool mixedLJ = true;             ///< per-particle LJ parameters (else the uniform ones)
    bool switching = false;
    bool energy = true;              ///< compute the energy (a kernel may return 0 without it)
};

/** Computes the pairs listed for the particles of one block (each pair is listed once) and adds their forces
 *  to a force buffer (4 doubles per sorted particle) owned by the calling thread; returns their energy. */
using CpuBlockKernel = double (*)(const CpuPairKernelArgs&, const CpuNeighborList&, int block, double* forceBuffer);

/** Geometry of a neighbour-list candidate scan: the centre particle and the minimum-image shifts. */
struct CpuCandidateScan {
    const double* x = nullptr;       ///< sorted coordinates, readable 4 entries past the end (NaN there)
    const double* y = nullptr;
    const double* z = nullptr;
    double centre[3] = {0, 0, 0};
    double half[3] = {0, 0, 0};      ///< half box (infinite without periodicity)
    double full[3] = {0, 0, 0};      ///< box (zero without periodicity)
    double cutoff2 = 0;
    int self = -1;                   ///< index never listed
};


CpuBlockKernel selectGenericPairKernel(const CpuPairKernelFlags& flags);
CpuCandidateFilter selectGenericCandidateFilter();
CpuCandidateFilter selectAvx2CandidateFilter();
CpuBlockKernel selectAvx2PairKernel(const CpuPairKernelFlags& flags);
/** True if this build has the AVX2 kernels and the processor runs them. */
bool cpuHasAvx2PairKernels();

} // namespace OpenMM
