// LJTypeTable: the Lennard-Jones parameters of every pair of LJ types as flat arrays (24 eps, sigma^2,
// 6 x shift), the form the vectorised pair loops of the single-centre, multi-site and Verlet-list
// processors read.
#pragma once

#include "molecules/InteractionParameters.h"

#include <cstddef>
#include <vector>

namespace mardyn {

struct LJTypeTable {
  /// numLJTypes^2 entries each, row-major by type; shift6 = 6 x the shift (the loops sum 6 u).
  std::vector<double> eps24, sig2, shift6;

  void fill(const InteractionParameters& params) {
    const std::size_t n = static_cast<std::size_t>(params.numLJTypes()) * params.numLJTypes();
    eps24.resize(n);
    sig2.resize(n);
    shift6.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      const LJPairParameters& p = params.ljTable()[i];
      eps24[i] = p.eps24;
      sig2[i] = p.sigma2;
      shift6[i] = 6.0 * p.shift;
    }
  }
};

}  // namespace mardyn
