// customNonbondedLongRange: the coefficient C of a CustomNonbondedForce's long-range correction C / V, integrated over
// the classes of identical particles; the Reference kernel and the GPU platforms' kernel share it.
#pragma once

#include <set>
#include <utility>
#include <vector>

namespace OpenMM {

class ReferenceCustomTerms;

/** The interaction groups (set 1, set 2) of a CustomNonbondedForce; empty: every pair interacts. */
using InteractionGroups = std::vector<std::pair<std::set<int>, std::set<int>>>;

/** 2 pi N^2 sum over interacting pairs of the integral of the pair energy beyond the switching/cutoff region, divided
 * by N (N + 1) / 2 (divide by the volume), with the terms' globals loaded; with derivative >= 0 the same integral of
 * that energy-parameter derivative. Without groups every pair counts (a particle with itself too); with groups the
 * pairs of particles of set 1 and set 2 of each group, a pair the sets hold both ways once, no particle with itself. */
double customNonbondedLongRange(ReferenceCustomTerms& terms, const std::vector<std::vector<double>>& particleParameters,
                                const InteractionGroups& groups, double cutoff, bool switching,
                                double switchingDistance, int derivative);

} // namespace OpenMM
