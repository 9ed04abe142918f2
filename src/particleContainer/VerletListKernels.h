// VerletListKernels: the LJ loop over the rows of a Verlet list, compiled once per instruction-set
// variant (SimdLevel: SSE2, AVX2 + FMA, AVX-512), four partners at a time.
#pragma once

#include "utils/SimdLevel.h"

#include <cstddef>
#include <cstdint>

namespace mardyn {

/// The slots and rows one call reads (slot data x, y, z, owned weight per slot; rows padded with
/// partner numSlots, a slot far away, to multiples of the variant's width).
struct VerletRows {
  const std::size_t* rowStart;  ///< row i: partners[rowStart[i]] .. partners[rowStart[i + 1] - 1]
  const std::uint32_t* partners;
  const unsigned* seen;         ///< rows of slots with seen != stamp are skipped (molecule absent)
  unsigned stamp;
  const double* pos;            ///< x, y, z, w per slot (w = 1 owned, 0 otherwise)
  const int* type;
  unsigned numTypes;
  const double *eps24, *sig2, *shift6;  ///< LJTypeTable
  double rc2;
  bool once = false;  ///< every pair counts fully (weight 1) whatever its ends' w
};

/// Rows [rowBegin, rowEnd): pairs within the cutoff add their force to both slots of `force` (x, y, z,
/// unused per slot); 6 u and the virial are added with the weight (w_i + w_j) / 2, or 1 if in.once.
using VerletRowsKernel = void (*)(const VerletRows& in, std::size_t rowBegin, std::size_t rowEnd, double* force,
                                  double& u6, double& virial);

struct VerletRowsVariant {
  VerletRowsKernel kernel;
  unsigned width;  ///< partners per vector: rows must be padded to a multiple of it
};

/// The kernel of a level (which the CPU must support: cpuSupports(level)).
VerletRowsVariant verletRowsVariant(SimdLevel level);

}  // namespace mardyn
