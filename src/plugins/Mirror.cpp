// Mirror: the region beyond the plane (y >= coord for a right mirror, y < coord for a left one), then
// reflection or the spring force, as ls1's Mirror::VelocityChange, or Meland's rule, as ls1's beforeForces.
//   <plugin name="Mirror" type="1|2|5" dir="|-o|o-|"> <position><coord/><refID>0|1|2</refID></position>
//     <forceConstant/> <cid/> <pluginID/> <meland><velo_target/><fixed_probability/></meland> </plugin>
// (type 6, ramping, a diffuse Meland mirror and switchcomp are refused)
#include "plugins/Mirror.h"

#include <algorithm>
#include <cmath>

namespace mardyn {

std::shared_ptr<const PluginSettings> Mirror::read(XmlInput& xml, const XmlNode& p, const SimulationConfig&) {
  auto m = std::make_shared<MirrorConfig>();
  m->type = static_cast<int>(xml.integerAttribute(p, "type", false).value_or(0));
  if (m->type == 0)
    xml.warning(p, "Mirror without a type does nothing (as in ls1)");
  else if (m->type != 1 && m->type != 2 && m->type != 5)
    xml.problem(p, "Mirror type=\"" + std::to_string(m->type) +
                       "\" is not supported (expected 1, reflect, 2, force constant, or 5, Meland)");
  if (m->type == 5) {
    const XmlNode meland = xml.requiredChild(p, "meland", "<meland> with <velo_target>");
    if (meland) {
      const auto target = xml.number(meland, "velo_target", true, "the target velocity");
      m->veloTarget = target.value_or(0.0);
      m->fixedProbability = xml.number(meland, "fixed_probability", 0.0);
    }
    if (xml.child(p, "diffuse"))
      xml.problem(xml.child(p, "diffuse"), "a diffuse Meland mirror is not supported (expected no <diffuse>)");
  }
  m->right = xml.integer(p, "direction", 0L) == 1;
  const std::string dir = xml.attribute(p, "dir").value_or("");
  if (dir == "|-o") m->right = false;
  else if (dir == "o-|") m->right = true;
  if (const XmlNode pos = xml.child(p, "position")) {
    m->coord = xml.number(pos, "coord", 0.0);
    const long ref = xml.integer(pos, "refID", 0L);
    if (ref < 0 || ref > 2)
      xml.problem(xml.child(pos, "refID"), "unknown refID " + std::to_string(ref) +
                                               " (expected 0 the origin, 1 DistControl's left or 2 its right interface)");
    else m->refID = static_cast<int>(ref);
  }
  m->forceConstant = xml.number(p, "forceConstant", 100.0);
  m->pluginID = xml.integer(p, "pluginID", 100L);
  m->component = static_cast<unsigned>(std::max(0L, xml.integer(p, "cid", 0L)));
  if (xml.child(p, "switchcomp")) xml.problem(xml.child(p, "switchcomp"), "Mirror switchcomp is not supported");
  return m;
}

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

void Mirror::applyMeland(ParticleContainer& container) {
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
