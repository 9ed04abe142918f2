// RunSizeCheck: the memory a run will need (molecules with their halo copies, the linked-cell grid,
// the Verlet list), estimated from the configuration before anything is allocated.
#pragma once

#include "config/SimulationConfig.h"
#include "utils/MardynException.h"

#include <vector>

namespace mardyn {

class RunSizeCheck {
 public:
  /// Where the sizes come from, for the messages.
  struct Places {
    SettingSource box, cutoff, cells, phaseSpace;
  };

  /// Appends a problem for each part that does not fit in MemoryLimit::availableBytes(): the
  /// linked-cell grid (named at cellsInCutoffRadius when one cell per cutoff radius would fit, else
  /// at the box), and the
  /// molecules with halo copies and neighbour list (named at the phase space).
  static void check(const SimulationConfig& config, const Places& where, std::vector<InputProblem>& problems);

  /// Number of linked cells over the whole box, halo layers included (a double: it may not fit
  /// any integer type).
  static double cellCount(const Vec3& box, double cutoff, int cellsInCutoffRadius);
  /// Bytes per molecule over a run: its input record, the container's copy, halo copies and the
  /// cell processors' per-molecule data, generously.
  static double bytesPerMolecule();
  /// Bytes per linked cell (the cell and its empty molecule list).
  static double bytesPerCell();
};

}  // namespace mardyn
