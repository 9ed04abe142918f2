// LegacyCellProcessor: reference interactions molecule pair by molecule pair, site pair by site
// pair, with the centre-of-mass cutoff, Newton's third law and ls1's molecular virial.
#include "particleContainer/LegacyCellProcessor.h"

#include <vector>

namespace mardyn {

LegacyCellProcessor::LegacyCellProcessor(const InteractionParameters& params)
    : _params(params), _pair(params), _cutoff2(params.cutoff() * params.cutoff()) {}

void LegacyCellProcessor::initTraversal() {
  _upot = 0.0;
  _virial = 0.0;
}

void LegacyCellProcessor::processCellPair(ParticleCell& cell1, ParticleCell& cell2) {
  const double weight = (cell1.isHalo() || cell2.isHalo()) ? 0.5 : 1.0;
  for (auto& m1 : cell1.molecules())
    for (auto& m2 : cell2.molecules()) processPair(m1, m2, weight);
}

void LegacyCellProcessor::processCell(ParticleCell& cell) {
  auto& mols = cell.molecules();
  for (std::size_t i = 0; i < mols.size(); ++i) {
    _upot += _pair.reactionFieldSelfEnergy(mols[i]);  // processCell sees owned cells only
    for (std::size_t j = i + 1; j < mols.size(); ++j) processPair(mols[i], mols[j], 1.0);
  }
}

void LegacyCellProcessor::processPair(Molecule& m1, Molecule& m2, double weight) {
  const Vec3 dcom = m1.r() - m2.r();
  if (norm2(dcom) >= _cutoff2) return;
  _pair.interact(m1, m2, dcom, weight, _upot, _virial);
}

}  // namespace mardyn
