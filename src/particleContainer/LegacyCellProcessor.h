// LegacyCellProcessor: the plain reference cell processor: every molecule pair, every site pair,
// straightforward code in array-of-structures form; the oracle the fast processors are tested against.
#pragma once

#include "molecules/InteractionParameters.h"
#include "particleContainer/CellProcessor.h"
#include "particleContainer/MoleculePairInteraction.h"

namespace mardyn {

class LegacyCellProcessor : public CellProcessor {
 public:
  explicit LegacyCellProcessor(const InteractionParameters& params);

  void initTraversal() override;
  void preprocessCell(ParticleCell&) override {}
  void processCellPair(ParticleCell& cell1, ParticleCell& cell2) override;
  void processCell(ParticleCell& cell) override;
  void postprocessCell(ParticleCell&) override {}
  void endTraversal() override {}
  double upot() const override { return _upot; }
  double virial() const override { return _virial; }

  /// Interaction of two molecules (COM cutoff applied); forces and torques go to both,
  /// energy and virial are added with `weight` (1 owned-owned, 1/2 owned-halo).
  void processPair(Molecule& m1, Molecule& m2, double weight);

 private:
  const InteractionParameters& _params;
  MoleculePairInteraction _pair;  // every site kind, reaction field, optional cutoff switch
  double _cutoff2;
  double _upot = 0.0, _virial = 0.0;
};

}  // namespace mardyn
