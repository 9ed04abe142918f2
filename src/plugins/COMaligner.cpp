// COMaligner: the mass-weighted centre reduced over the ranks, the move towards the box centre.
//   <plugin name="COMaligner"> <x/> <y/> <z/> (booleans, default true) <interval/> <correctionFactor/> </plugin>
#include "plugins/COMaligner.h"

#include <algorithm>
#include <cmath>

namespace mardyn {

std::shared_ptr<const PluginSettings> COMaligner::read(XmlInput& xml, const XmlNode& p, const SimulationConfig&) {
  auto c = std::make_shared<COMalignerConfig>();
  c->dims = {xml.boolean(p, "x", true), xml.boolean(p, "y", true), xml.boolean(p, "z", true)};
  const long interval = xml.integer(p, "interval", 1L);
  c->factor = xml.number(p, "correctionFactor", 1.0);
  if (interval < 1) xml.problem(xml.child(p, "interval"), "interval must be positive (expected an integer >= 1)");
  if (c->factor < 0 || c->factor > 1) xml.problem(xml.child(p, "correctionFactor"), "correctionFactor out of range (expected 0..1)");
  c->interval = static_cast<unsigned long>(std::max(1L, interval));
  return c;
}

Vec3 COMaligner::move(const std::vector<double>& sums) const {
  if (!(sums[3] > 0)) return {};
  Vec3 move;
  for (int d = 0; d < 3; ++d)
    if (_config.dims[d]) move[d] = -_config.factor * (sums[d] / sums[3] - 0.5 * _box[d]);
  const double length = norm(move);
  if (length > _maxMove) move = move * (_maxMove / length);
  return move;
}

Vec3 COMaligner::apply(ParticleContainer& container, const DomainDecompBase& decomp, unsigned long step) const {
  if (!actsAt(step)) return {};
  std::vector<double> sums(4, 0.0);
  container.forEach([&](const Molecule& m) {
    const double mass = m.component().mass();
    sums[3] += mass;
    for (int d = 0; d < 3; ++d) sums[d] += mass * m.r()[d];
  });
  decomp.allreduceSum(sums);
  const Vec3 shift = move(sums);
  if (shift.x == 0 && shift.y == 0 && shift.z == 0) return shift;
  container.forEach([&](Molecule& m) { m.setR(m.r() + shift); });
  return shift;
}

}  // namespace mardyn
