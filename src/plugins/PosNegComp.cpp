// PosNegComp: the component switch by the sign of v_y between the two planes.
//   <plugin name="PosNegComp"> <cid_ub><pos/><neg/><ignore/></cid_ub> <limit_y><left/><right/></limit_y> </plugin>
// (ls1's defaults: components 1, planes 0 and 100; ignore: none)
#include "plugins/PosNegComp.h"

#include <algorithm>

namespace mardyn {

std::shared_ptr<const PluginSettings> PosNegComp::read(XmlInput& xml, const XmlNode& p, const SimulationConfig& config) {
  auto c = std::make_shared<PosNegCompConfig>();
  const XmlNode ids = xml.child(p, "cid_ub");
  const long n = static_cast<long>(config.components.size());
  auto id = [&](const char* name, long fallback, long lowest) {
    const long v = ids ? xml.integer(ids, name, fallback) : fallback;
    if (v < lowest || v > n) {
      xml.problem(xml.child(ids, name), std::string("unknown component ") + std::to_string(v) + " in cid_ub/" + name +
                                            " (expected " + std::to_string(lowest) + ".." + std::to_string(n) + ")");
      return static_cast<unsigned>(std::max(1L, std::min(fallback, n)));
    }
    return static_cast<unsigned>(v);
  };
  c->pos = id("pos", 1, 1);
  c->neg = id("neg", 1, 1);
  c->ignore = id("ignore", 0, 0);
  if (const XmlNode limit = xml.child(p, "limit_y")) {
    c->left = xml.number(limit, "left", 0.0);
    c->right = xml.number(limit, "right", 100.0);
  }
  return c;
}

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
