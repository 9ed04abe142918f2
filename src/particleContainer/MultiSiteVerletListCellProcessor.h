// MultiSiteVerletListCellProcessor: the Verlet list of VerletListCellProcessor (centre-of-mass pairs within
// cutoff + skin, kept while no molecule moved skin/2) for molecules of any site kinds, whose site pairs
// are computed by the multi-site (vectorised) loops.
#pragma once

#include "particleContainer/CellDataSoA.h"
#include "particleContainer/MoleculePairInteraction.h"
#include "particleContainer/MoleculeRows.h"
#include "particleContainer/MultipoleCellData.h"
#include "particleContainer/VectorizedCellProcessor.h"
#include "particleContainer/VerletListCellProcessor.h"

#include <memory>
#include <vector>

namespace mardyn {

/// Slots, matching and rebuilds are VerletListCellProcessor's (the cutoff is on the centre of mass, as
/// ls1's). Each row's partners within the cutoff are split by energy weight (1 both owned or counted once,
/// 1/2 one owned) and handed to MoleculeRows where it applies (one component, AVX-512), else to
/// VectorizedCellProcessor's loops for one molecule against a list, for which the sites of every slot's
/// molecule are laid out in slot order (list order: neighbouring molecules close in memory) at each list
/// build and rewritten in place at the other traversals. Forces and torques are set on the owned
/// molecules, with those of their images' pairs counted once; with Newton across faces (setNewton) on the
/// halo copies too.
class MultiSiteVerletListCellProcessor : public VerletListCellProcessor {
 public:
  /// skin > 0 (throws MardynException otherwise); simd: the variant of the site loops.
  MultiSiteVerletListCellProcessor(const InteractionParameters& params, double skin, SimdLevel simd = bestSimdLevel());

  /// Every system without the cutoff switch (whose pairs in the switching range need
  /// MoleculePairInteraction).
  static bool applies(const std::vector<Component>& components, const InteractionParameters& params);

  void postprocessCell(ParticleCell& cell) override;

  /// Whole-molecule rows (MoleculeRows) where they apply (default on); off: the site loops of
  /// VectorizedCellProcessor for every system.
  void setMoleculeRows(bool on);
  /// Whether the traversals compute the pairs with MoleculeRows.
  bool usesMoleculeRows() const { return _rows != nullptr; }

 protected:
  void computeForces() override;
  int slotType(const Molecule& /*m*/) const override { return 0; }

 private:
  const InteractionParameters& _interaction;
  VectorizedCellProcessor _sites;
  MoleculePairInteraction _pair;  // the reaction-field self energy
  double _cutoff2;
  CellDataSoA _soa;               // sites of every slot, in slot order
  unsigned long _layoutBuild = ~0ul;   // the list build the site layout was made for
  std::vector<std::uint8_t> _laidOut;  // per slot: its sites are in the layout (present when it was made)
  MultipoleCellData _multipoles;
  std::vector<std::size_t> _full, _half;  // one row's partners within the cutoff, by weight
  std::vector<Vec3> _imageForce, _imageTorque;  // per owned slot: from its images' pairs counted once
  std::unique_ptr<MoleculeRows> _rows;  // set where they apply

  /// Force and torque of a slot's molecule from this traversal's pairs.
  void slotForce(std::size_t s, Vec3& force, Vec3& torque) const;
};

}  // namespace mardyn
