// MoleculeRows: list rows of whole molecules of one component (LJ centres, charges, dipoles, quadrupoles),
// with the vector lanes running over the partner molecules, for the AVX-512 level of the multi-site Verlet list.
#pragma once

#include "molecules/Component.h"
#include "molecules/InteractionParameters.h"
#include "molecules/Molecule.h"
#include "utils/SimdLevel.h"
#include "utils/Vec3.h"

#include <cstddef>
#include <vector>

namespace mardyn {

/// Each slot's centre of mass, site positions and site axes lie in one record, rewritten every traversal. A
/// row packs its partners' records into columns and computes eight partner molecules at a time: every site
/// pair of the two molecules with the pair's LJ parameters or strengths as scalars (the site-pair formulas
/// of potforce, ls1's, reaction field included), the reciprocals from the processor's estimates refined by
/// two Newton steps (a few units in the last place, no division or square root). The force and torque of
/// each pair go to the molecules directly (the partner's torque from its sites' lever arms and axes, the row
/// molecule's from conservation of angular momentum), so no site forces are kept, packed or scattered.
class MoleculeRows {
 public:
  /// At most this many sites of each kind per molecule.
  static constexpr std::size_t maxSites = 8;

  /// Whether the rows apply: one component (at least one site, at most maxSites of each kind) and the
  /// AVX-512 level on a CPU that has it.
  static bool applies(const InteractionParameters& params, SimdLevel level);

  /// For the one component of params (applies(params, level) must hold).
  explicit MoleculeRows(const InteractionParameters& params);

  /// A new traversal over numSlots slots: sums and accumulators zeroed.
  void startTraversal(std::size_t numSlots);
  /// The record of a slot from its molecule (of the component), every traversal before the rows.
  void setMolecule(std::size_t slot, const Molecule& m);
  /// Molecule i against the molecules listed[0..n), all within the cutoff: energy and virial at weight 1
  /// for the first nFirst, 1/2 for the rest; forces and torques in full on both.
  void row(std::size_t i, const std::size_t* listed, std::size_t n, std::size_t nFirst);

  /// Force and torque summed on a slot by the rows of this traversal.
  void forceAndTorque(std::size_t slot, Vec3& force, Vec3& torque) const {
    const double* a = &_acc[6 * slot];
    force = Vec3{a[0], a[1], a[2]};
    torque = Vec3{a[3], a[4], a[5]};
  }
  /// Whether the molecules carry dipoles (whose reaction-field self energy the caller adds).
  bool hasDipoles() const { return _layout.numDipoles > 0; }
  /// Energy (the dipoles' reaction field included, their self energy not) and virial of the rows.
  double upot() const { return _upot; }
  double virial() const { return _virial; }

  /// Record layout: the centre of mass, then x, y, z of every LJ centre, of every charge, and x, y, z and
  /// the space-frame axis of every dipole and every quadrupole.
  struct Layout {
    std::size_t numLJ, numCharges, numDipoles, numQuadrupoles;
    std::size_t lj() const { return 3; }
    std::size_t charges() const { return 3 + 3 * numLJ; }
    std::size_t dipoles() const { return charges() + 3 * numCharges; }
    std::size_t quadrupoles() const { return dipoles() + 6 * numDipoles; }
    std::size_t size() const { return quadrupoles() + 6 * numQuadrupoles; }
  };

 private:
  Layout _layout;
  std::size_t _recSize;
  std::vector<Vec3> _bodySites;                // every site in the body frame, in record order
  std::vector<Vec3> _bodyAxes;                 // the dipoles' and quadrupoles' axes, in record order
  std::vector<double> _eps24, _sig2, _shift6;  // per LJ centre pair (a, b), row-major
  std::vector<double> _strength;               // per charge, dipole and quadrupole in record order: q, |mu|, |Q|
  double _epsRFInvrc3;
  std::vector<double> _records, _acc;          // per slot: record; force and torque
  std::vector<double> _columns;                // one row's partners, column after column
  double _upot = 0.0, _virial = 0.0;
};

}  // namespace mardyn
