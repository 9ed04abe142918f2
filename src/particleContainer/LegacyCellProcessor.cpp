// LegacyCellProcessor: reference interactions molecule pair by molecule pair, site pair by site
// pair, with the centre-of-mass cutoff, Newton's third law and ls1's molecular virial.
#include "particleContainer/LegacyCellProcessor.h"

#include <vector>

namespace mardyn {

LegacyCellProcessor::LegacyCellProcessor(const InteractionParameters& params)
    : _params(params), _cutoff2(params.cutoff() * params.cutoff()) {}

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
  for (std::size_t i = 0; i < mols.size(); ++i)
    for (std::size_t j = i + 1; j < mols.size(); ++j) processPair(mols[i], mols[j], 1.0);
}

void LegacyCellProcessor::processPair(Molecule& m1, Molecule& m2, double weight) {
  const Vec3 dcom = m1.r() - m2.r();
  if (norm2(dcom) >= _cutoff2) return;
  ljInteractions(m1, m2, dcom, weight);
}

void LegacyCellProcessor::ljInteractions(Molecule& m1, Molecule& m2, const Vec3& dcom, double weight) {
  const auto& lj1 = m1.component().ljCenters();
  const auto& lj2 = m2.component().ljCenters();
  for (std::size_t a = 0; a < lj1.size(); ++a) {
    const Vec3 o1 = m1.siteOffset(lj1[a].r);
    const unsigned t1 = _params.ljType(m1.componentId(), static_cast<unsigned>(a));
    for (std::size_t b = 0; b < lj2.size(); ++b) {
      const Vec3 o2 = m2.siteOffset(lj2[b].r);
      const LJPairParameters& p = _params.lj(t1, _params.ljType(m2.componentId(), static_cast<unsigned>(b)));
      const Vec3 d = dcom + o1 - o2;
      const double invr2 = 1.0 / norm2(d);
      const double s2 = p.sigma2 * invr2;
      const double s6 = s2 * s2 * s2;
      const double s12 = s6 * s6;
      const Vec3 f = d * (p.eps24 * (2.0 * s12 - s6) * invr2);  // force on m1's centre
      m1.addF(f);
      m2.subF(f);
      m1.addM(cross(o1, f));
      m2.subM(cross(o2, f));
      _upot += weight * (p.eps4 * (s12 - s6) + p.shift);
      _virial += weight * dot(dcom, f);
    }
  }
}

}  // namespace mardyn
