// MaxCheck: scales each limited vector back to its maximum length, as ls1 does (methods 1 and 2).
#include "plugins/MaxCheck.h"

#include <cmath>

namespace mardyn {

bool MaxCheck::actsAt(unsigned long step) const {
  return step >= _config.start && step <= _config.stop && step % _config.frequency == 0;
}

void MaxCheck::apply(ParticleContainer& container, unsigned long step) const {
  if (!actsAt(step)) return;
  auto limited = [](const Vec3& x, double max, bool& changed) {
    const double n2 = dot(x, x);
    if (max < 0 || n2 <= max * max) return x;
    changed = true;
    return x * (max / std::sqrt(n2));
  };
  container.forEach([&](Molecule& m) {
    const auto it = _config.targets.find(m.componentId() + 1);
    if (it == _config.targets.end()) return;
    bool inside = true;
    for (int d = 0; d < 3; ++d) inside = inside && m.r()[d] >= _config.lower[d] && m.r()[d] < _config.upper[d];
    if (inside != _config.inclusive) return;
    const MaxCheckConfig::Target& t = it->second;
    if (t.method != 1 && t.method != 2) return;  // ls1: a target without a method does nothing
    bool fChanged = false, mChanged = false, dummy = false;
    m.setF(limited(m.F(), t.F, fChanged));
    m.setM(limited(m.M(), t.M, mChanged));
    if (t.method == 1 || fChanged) m.setV(limited(m.v(), t.v, dummy));  // method 2: v only with F
    if (t.method == 1 || mChanged) m.setL(limited(m.L(), t.L, dummy));  // method 2: L only with M
  });
}

}  // namespace mardyn
