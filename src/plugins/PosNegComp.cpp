// PosNegComp: the component switch by the sign of v_y between the two planes.
//   <plugin name="PosNegComp"> <cid_ub><pos/><neg/><ignore/></cid_ub> <limit_y><left/><right/></limit_y> </plugin>
#include "plugins/PosNegComp.h"

namespace mardyn {

void PosNegComp::apply(ParticleContainer& container) const {
  const Component* pos = &_components[_config.pos - 1];
  const Component* neg = &_components[_config.neg - 1];
  container.forEach(
      [&](Molecule& m) {
        if (_config.ignore != 0 && m.componentId() + 1 == _config.ignore) return;
        const double y = m.r().y;
        if (y <= _config.left || y >= _config.right) return;
        m.setComponent(m.v().y > 0 ? pos : neg);
      },
      IterateOver::OwnedAndHalo);
}

}  // namespace mardyn
