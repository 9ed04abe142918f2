// MoleculePairInteraction: every site-pair interaction of two rigid molecules (LJ centres, charges,
// dipoles, quadrupoles) through the potforce/ functions, with the optional smooth cutoff switch.
#pragma once

#include "molecules/InteractionParameters.h"
#include "molecules/Molecule.h"

namespace mardyn {

/// The straightforward molecule-pair computation: the reference processor uses it for every pair,
/// the vectorised processor for the pairs inside the switching range of the smooth cutoff.
class MoleculePairInteraction {
 public:
  explicit MoleculePairInteraction(const InteractionParameters& params) : _params(params) {}

  /// Interaction of m1 and m2 with centre distance dcom = r1 - r2 (|dcom| < rc, checked by the
  /// caller): forces and torques go to both molecules, weight * energy (reaction field included)
  /// to upot and weight * molecular virial (ls1's: dcom . F, plus 3 uRF) to virial.
  void interact(Molecule& m1, Molecule& m2, const Vec3& dcom, double weight, double& upot, double& virial) const;

  /// The forces of m2's sites on every site of m1 (unswitched), added to siteForces1[k] for m1's k-th site in ls1's
  /// order (LJ centres, charges, dipoles, quadrupoles; null: not wanted), and their sum to total; dcom = r1 - r2.
  void siteForces(const Molecule& m1, const Molecule& m2, const Vec3& dcom, Vec3* siteForces1, Vec3& total) const;

  /// Reaction-field self energy of the dipoles of one molecule: -epsRFInvrc3 |sum mu_k e_k|^2 / 2.
  double reactionFieldSelfEnergy(const Molecule& m) const;

 private:
  /// The unswitched sums of all site pairs; forces/torques added to m1/m2, energy and virial returned.
  void sitePairs(Molecule& m1, Molecule& m2, const Vec3& dcom, double& u, double& w) const;

  const InteractionParameters& _params;
};

}  // namespace mardyn
