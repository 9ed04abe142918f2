// COMaligner: the mass-weighted centre reduced over the ranks, the move towards the box centre.
#include "plugins/COMaligner.h"

#include <cmath>

namespace mardyn {

Vec3 COMaligner::apply(ParticleContainer& container, const DomainDecompBase& decomp, unsigned long step) const {
  if (step < 1 || (step - 1) % _config.interval != 0) return {};
  std::vector<double> sums(4, 0.0);
  container.forEach([&](const Molecule& m) {
    const double mass = m.component().mass();
    sums[3] += mass;
    for (int d = 0; d < 3; ++d) sums[d] += mass * m.r()[d];
  });
  decomp.allreduceSum(sums);
  if (!(sums[3] > 0)) return {};
  Vec3 move;
  for (int d = 0; d < 3; ++d)
    if (_config.dims[d]) move[d] = -_config.factor * (sums[d] / sums[3] - 0.5 * _box[d]);
  const double length = norm(move);
  if (length > _maxMove) move = move * (_maxMove / length);
  container.forEach([&](Molecule& m) { m.setR(m.r() + move); });
  return move;
}

}  // namespace mardyn
