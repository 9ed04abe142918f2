// Site-pair potential/force functions on the host: the result record and the derivative bookkeeping of
// oriented interactions, compiled from the formula file that the device code shares (kernels/*.cc).
#pragma once

#include <cmath>

// How the host compiles the shared formula files of particleContainer/potforce/kernels (see
// kernels/PotForceCommon.cc): plain inline functions in double.
#define MARDYN_POTFORCE_FN inline
#define MARDYN_POTFORCE_SQRT std::sqrt

namespace mardyn {
namespace potforce {

/// Arithmetic type of the shared site-pair formulas (double on the host, `mixed` on the device).
using preal = double;

// SitePairResult, zeroSitePairResult, orientedPairDerivatives.
#include "particleContainer/potforce/kernels/PotForceCommon.cc"

}  // namespace potforce
}  // namespace mardyn
