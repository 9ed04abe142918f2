// Mirror: the region beyond the plane (y >= coord for a right mirror, y < coord for a left one), then
// reflection or the spring force, as ls1's Mirror::VelocityChange, or Meland's rule, as ls1's beforeForces.
#include "plugins/Mirror.h"

#include <cmath>

namespace mardyn {

bool Mirror::beyond(const Molecule& m) const {
  const double y = m.r().y;
  if (_config.right ? y < _config.coord : y >= _config.coord) return false;
  return _config.component == 0 || m.componentId() + 1 == _config.component;
}

void Mirror::apply(ParticleContainer& container) const {
  if (_config.type != 1 && _config.type != 2) return;  // ls1: a mirror without a type does nothing
  container.forEach([&](Molecule& m) {
    if (!beyond(m)) return;
    if (_config.type == 1) {
      Vec3 v = m.v();
      if ((_config.right && v.y > 0) || (!_config.right && v.y < 0)) v.y = -v.y;
      m.setV(v);
    } else {
      m.setF(m.F() + Vec3{0, _config.forceConstant * (_config.coord - m.r().y), 0});
    }
  });
}

void Mirror::beforeForces(ParticleContainer& container) {
  if (_config.type != 5) return;
  container.removeIf([&](Molecule& m) {
    if (!beyond(m)) return false;
    const double vy = m.v().y;
    if ((_config.right && vy < 0) || (!_config.right && vy > 0)) return false;  // already moving back
    const double reflected = 2.0 * _config.veloTarget - vy;
    if ((_config.right && reflected < 0) || (!_config.right && reflected > 0)) {
      const float p = _config.fixedProbability > 0 ? static_cast<float>(_config.fixedProbability)
                                                   : static_cast<float>(std::abs(reflected / vy));
      if (_rnd.rnd() < p) {
        m.setV({m.v().x, reflected, m.v().z});
        ++_reflected;
        return false;
      }
    }
    ++_removed;
    return true;
  });
}

}  // namespace mardyn
