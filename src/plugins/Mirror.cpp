// Mirror: the region beyond the plane (y >= coord for a right mirror, y < coord for a left one), then
// reflection or the spring force, as ls1's Mirror::VelocityChange.
#include "plugins/Mirror.h"

namespace mardyn {

void Mirror::apply(ParticleContainer& container) const {
  if (_config.type != 1 && _config.type != 2) return;  // ls1: a mirror without a type does nothing
  container.forEach([&](Molecule& m) {
    const double y = m.r().y;
    if (_config.right ? y < _config.coord : y >= _config.coord) return;
    if (_config.component != 0 && m.componentId() + 1 != _config.component) return;
    if (_config.type == 1) {
      Vec3 v = m.v();
      if ((_config.right && v.y > 0) || (!_config.right && v.y < 0)) v.y = -v.y;
      m.setV(v);
    } else {
      m.setF(m.F() + Vec3{0, _config.forceConstant * (_config.coord - y), 0});
    }
  });
}

}  // namespace mardyn
