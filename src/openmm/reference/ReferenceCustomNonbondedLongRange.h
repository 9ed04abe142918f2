// customNonbondedLongRange: the coefficient C of a CustomNonbondedForce's long-range correction C / V, integrated over
// the classes of identical particles; the Reference kernel and the GPU platforms' kernel share it.
#pragma once

#include <vector>

namespace OpenMM {

class ReferenceCustomTerms;

/** 2 pi N^2 <integral of the pair energy beyond the switching/cutoff region> (divide by the volume), with the terms'
 * globals loaded; with derivative >= 0 the same integral of that energy-parameter derivative. */
double customNonbondedLongRange(ReferenceCustomTerms& terms, const std::vector<std::vector<double>>& particleParameters,
                                double cutoff, bool switching, double switchingDistance, int derivative);

} // namespace OpenMM
