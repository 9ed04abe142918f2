// CellProcessorFactory: picks the CPU cell processor for a system (reference, vectorised, single-centre
// or Verlet list) and the cutoff the LinkedCells container must be built with for it.
#pragma once

#include "molecules/InteractionParameters.h"
#include "particleContainer/CellProcessor.h"
#include "utils/SimdLevel.h"
#include "utils/Vec3.h"

#include <memory>
#include <string>
#include <vector>

namespace mardyn {

/// A processor and the container cutoff it needs (cutoff + skin for a Verlet list, else the cutoff).
struct CellProcessorChoice {
  std::unique_ptr<CellProcessor> processor;
  double containerCutoff = 0.0;
  std::string name;  ///< "legacy", "vectorized", "single-centre" or "verlet-list"
};

class CellProcessorFactory {
 public:
  struct Options {
    bool legacy = false;           ///< the reference processor (--legacy-cell-processor)
    double verletSkin = -1.0;      ///< Verlet-list skin; negative: defaultSkin(cutoff); 0: no list
    /// A decorator replaces the traversal (a device): no CPU list; the container cutoff is cutoff + skin
    /// (the device's cells keep while no molecule moved half the skin) where the region is that wide.
    bool deviceTraversal = false;
    Vec3 regionMin, regionMax;     ///< the owned region (a list needs it at least cutoff + skin wide)
    SimdLevel simd = bestSimdLevel();  ///< variant of the pair kernels that have several
  };

  /// The skin used when none is given: 0.12 cutoff (0.3 sigma at rc = 2.5 sigma, as LAMMPS's in.lj).
  static double defaultSkin(double cutoff) { return 0.12 * cutoff; }

  /// Reference processor if asked for; for single-centre LJ systems the Verlet-list processor (when
  /// the skin is positive, no decorator replaces the traversal and the region is at least cutoff +
  /// skin wide) or else the single-centre one; the vectorised processor otherwise.
  static CellProcessorChoice create(const std::vector<Component>& components, const InteractionParameters& params,
                                    const Options& options);
};

}  // namespace mardyn
