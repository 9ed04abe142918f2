// MaxCheck: scales each limited vector back to its maximum length, as ls1 does (methods 1 and 2), or
// removes the molecules over any limit (method 3).
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
  // the target of a molecule inside the range (or outside, for an exclusive range), if any
  auto targetOf = [&](const Molecule& m) -> const MaxCheckConfig::Target* {
    const auto it = _config.targets.find(m.componentId() + 1);
    if (it == _config.targets.end()) return nullptr;
    bool inside = true;
    for (int d = 0; d < 3; ++d) inside = inside && m.r()[d] >= _config.lower[d] && m.r()[d] < _config.upper[d];
    return inside == _config.inclusive ? &it->second : nullptr;
  };
  bool removes = false;
  for (const auto& [cid, t] : _config.targets) removes = removes || t.method == 3;
  if (removes) {
    auto over = [](const Vec3& x, double max) { return max >= 0 && dot(x, x) > max * max; };
    container.removeIf([&](const Molecule& m) {
      const MaxCheckConfig::Target* t = targetOf(m);
      return t && t->method == 3 && (over(m.F(), t->F) || over(m.v(), t->v) || over(m.M(), t->M) || over(m.L(), t->L));
    });
  }
  container.forEach([&](Molecule& m) {
    const MaxCheckConfig::Target* target = targetOf(m);
    if (!target) return;
    const MaxCheckConfig::Target& t = *target;
    if (t.method != 1 && t.method != 2) return;  // ls1: a target without a method does nothing
    bool fChanged = false, mChanged = false, dummy = false;
    m.setF(limited(m.F(), t.F, fChanged));
    m.setM(limited(m.M(), t.M, mChanged));
    if (t.method == 1 || fChanged) m.setV(limited(m.v(), t.v, dummy));  // method 2: v only with F
    if (t.method == 1 || mChanged) m.setL(limited(m.L(), t.L, dummy));  // method 2: L only with M
  });
}

}  // namespace mardyn
