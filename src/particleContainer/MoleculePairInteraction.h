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

  /// Reaction-field self energy of the dipoles of one molecule: -epsRFInvrc3 |sum mu_k e_k|^2 / 2.
  double reactionFieldSelfEnergy(const Molecule& m) const;

 private:
  /// The unswitched sums of all site pairs; forces/torques added to m1/m2, energy and virial returned.
  void sitePairs(Molecule& m1, Molecule& m2, const Vec3& dcom, double& u, double& w) const;

  const InteractionParameters& _params;
};

}  // namespace mardyn
