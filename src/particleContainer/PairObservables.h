// PairObservables: what observers measure from molecule pairs beyond the forces: ls1's per-molecule virial
// (half of the sum over partners of dcom_d F_d, its diagonal) and the force on every site, by a pass of its own.
#pragma once

#include "molecules/InteractionParameters.h"
#include "molecules/Molecule.h"
#include "particleContainer/MoleculePairInteraction.h"

#include <cstddef>
#include <functional>
#include <vector>

namespace mardyn {

class PairObservables {
 public:
  struct Result {
    std::vector<Vec3> virial;             ///< per molecule of `owned`: ls1's Vi (x, y, z)
    std::vector<std::size_t> siteStart;   ///< per molecule of `owned` and one more: its first entry of siteForces
    std::vector<Vec3> siteForces;         ///< forces on the sites, ls1's order (LJ, charges, dipoles, quadrupoles)
  };

  explicit PairObservables(const InteractionParameters& params) : _params(params), _pair(params) {}

  /// Every pair of an `owned` molecule with a partner among `owned` and `others` (halo copies or periodic images)
  /// whose centres of mass are closer than the cutoff; `sites`: also the site forces. Threads over `owned`.
  Result compute(const std::vector<const Molecule*>& owned, const std::vector<const Molecule*>& others,
                 bool sites) const;

  /// Calls f(i, partner, dcom) for every owned[i] and every other molecule of owned and others closer than rc
  /// (centres of mass; dcom = r_i - r_partner), from a cell list of its own; with `threads` over `owned` on the
  /// OpenMP threads (then f must write only what belongs to i).
  static void forEachNeighbour(const std::vector<const Molecule*>& owned, const std::vector<const Molecule*>& others,
                               double rc, const std::function<void(std::size_t i, const Molecule& partner, const Vec3& dcom)>& f,
                               bool threads = true);

  /// Calls f(a, b, dcom) once for every pair of molecules closer than rc (centres of mass; dcom = r_a - r_b) of
  /// which a is among `owned` and b among `owned`, or among `others` with an id larger than a's (so that a pair
  /// across the processes' borders or the box's faces, whose halo copies each side holds, counts on one side
  /// only); from a cell list of its own, each pair of cells once.
  static void forEachPairOnce(const std::vector<const Molecule*>& owned, const std::vector<const Molecule*>& others,
                              double rc,
                              const std::function<void(const Molecule& a, const Molecule& b, const Vec3& dcom)>& f);

  /// The periodic images, within `width` of the box's faces, of molecules that fill the whole box [0, box).
  static std::vector<Molecule> periodicImages(const std::vector<Molecule>& molecules, const Vec3& box, double width);

 private:
  const InteractionParameters& _params;
  MoleculePairInteraction _pair;
};

}  // namespace mardyn
