// CellProcessorFactory: the CPU cell processors registered by name (legacy, vectorized, single-centre,
// verlet-list), the automatic choice among them, and the cutoff the LinkedCells container needs.
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
  std::string name;  ///< its registry name
};

class CellProcessorFactory {
 public:
  struct Options {
    std::string name;              ///< a registry name; empty: the automatic choice
    bool legacy = false;           ///< the reference processor (--legacy-cell-processor; as name "legacy")
    double verletSkin = -1.0;      ///< Verlet-list skin; negative: defaultSkin(cutoff); 0: no list
    /// A decorator replaces the traversal (a device): no CPU list; the container cutoff is cutoff + skin
    /// (the device's cells keep while no molecule moved half the skin) where the region is that wide.
    bool deviceTraversal = false;
    Vec3 regionMin, regionMax;     ///< the owned region (a list needs it at least cutoff + skin wide)
    SimdLevel simd = bestSimdLevel();  ///< variant of the pair kernels that have several
    /// Axes along which this process is its own periodic neighbour (one process along the axis): the
    /// Verlet list counts pairs across those faces once.
    bool periodicSelf[3] = {false, false, false};
  };

  /// The skin used when none is given: 0.12 cutoff (0.3 sigma at rc = 2.5 sigma, as LAMMPS's in.lj).
  static double defaultSkin(double cutoff) { return 0.12 * cutoff; }

  /// The registered names, in the order of the automatic choice ("legacy" last: by name only).
  static std::vector<std::string> names();

  /// The processor named in the options (MardynException if unknown or unfit for the system), or the
  /// first registered one that fits: the Verlet list for single-centre LJ systems (when the skin is
  /// positive, no decorator replaces the traversal and the region is at least cutoff + skin wide), else
  /// the single-centre one, else the vectorised one.
  static CellProcessorChoice create(const std::vector<Component>& components, const InteractionParameters& params,
                                    const Options& options);
};

}  // namespace mardyn
