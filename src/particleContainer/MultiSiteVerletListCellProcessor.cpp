// MultiSiteVerletListCellProcessor: site data laid out per slot, each row's partners filtered by the
// centre-of-mass cutoff and passed to the multi-site loops; forces and torques returned per cell.
#include "particleContainer/MultiSiteVerletListCellProcessor.h"

namespace mardyn {

MultiSiteVerletListCellProcessor::MultiSiteVerletListCellProcessor(const InteractionParameters& params, double skin,
                                                                   SimdLevel simd)
    : VerletListCellProcessor(params, skin, simd),
      _sites(params, simd),
      _pair(params),
      _cutoff2(params.cutoff() * params.cutoff()) {}

bool MultiSiteVerletListCellProcessor::applies(const std::vector<Component>& /*components*/,
                                               const InteractionParameters& params) {
  return !(params.switchingWidth() > 0.0);
}

void MultiSiteVerletListCellProcessor::computeForces() {
  _sites.initTraversal();
  _soa.comX.clear();
  _soa.comY.clear();
  _soa.comZ.clear();
  _soa.lj.clear();
  _multipoles.clear();
  _soa.numMolecules = _numSlots;
  for (std::size_t s = 0; s < _numSlots; ++s) _sites.appendMolecule(_soa, _multipoles, present(s) ? _molecule[s] : nullptr);
  _soa.lj.first.push_back(_soa.lj.size());
  _multipoles.finish();
  const bool dipoles = _multipoles.dipoles.size() > 0;
  double selfEnergy = 0.0;
  for (std::size_t i = 0; i < _numSlots; ++i) {
    if (!present(i)) continue;
    const double* pi = &_pos[4 * i];
    const bool ownedI = pi[3] != 0.0;
    _full.clear();
    _half.clear();
    for (std::size_t k = _rowStart[i]; k < _rowStart[i + 1]; ++k) {
      const std::size_t j = _partners[k];
      if (j >= _numSlots || !present(j)) continue;  // padding, or absent in this traversal
      const double* pj = &_pos[4 * j];
      const bool ownedJ = pj[3] != 0.0;
      if (!ownedI && !ownedJ) continue;  // between two halo copies: counted by their owners
      const double dx = pi[0] - pj[0], dy = pi[1] - pj[1], dz = pi[2] - pj[2];
      if (dx * dx + dy * dy + dz * dz < _cutoff2) (ownedI && ownedJ ? _full : _half).push_back(j);
    }
    const std::size_t nFull = _full.size();
    _full.insert(_full.end(), _half.begin(), _half.end());  // packed once: weight 1, then weight 1/2
    _sites.moleculeAgainstListed(_soa, _multipoles, i, _soa, _multipoles, _full.data(), _full.size(), nFull, 1.0, 0.5);
    if (ownedI && dipoles) selfEnergy += _pair.reactionFieldSelfEnergy(*_molecule[i]);
  }
  _upot = _sites.upot() + selfEnergy;
  _virial = _sites.virial();
}

void MultiSiteVerletListCellProcessor::postprocessCell(ParticleCell& cell) {
  compute();
  if (cell.isHalo()) return;  // forces on halo copies are discarded
  auto& mols = cell.molecules();
  for (std::size_t i = 0; i < mols.size(); ++i) {
    Vec3 f, torque;
    VectorizedCellProcessor::moleculeForce(_soa, _multipoles, static_cast<std::size_t>(slotOf(cell, i)), f, torque);
    mols[i].setF(f);
    mols[i].setM(torque);
  }
}

}  // namespace mardyn
