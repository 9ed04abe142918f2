// MaxCheck: scales each limited vector back to its maximum length, as ls1 does (methods 1 and 2), or
// removes the molecules over any limit (method 3).
//   <plugin name="MaxCheck">
//     <control> <start/> <frequency/> <stop/> </control>
//     <range> <inclusive>1</inclusive> <xmin/> <xmax/> <ymin/> <ymax/> <zmin/> <zmax/> </range>
//     <targets> <target cid="1" method="1|2|3"> <Fmax/> <vmax/> <Mmax/> <Lmax/> </target>... </targets>
//   </plugin>
#include "plugins/MaxCheck.h"

#include <algorithm>
#include <cmath>

namespace mardyn {

std::shared_ptr<const PluginSettings> MaxCheck::read(XmlInput& xml, const XmlNode& p, const SimulationConfig& config) {
  auto mc = std::make_shared<MaxCheckConfig>();
  mc->upper = config.box;
  if (const XmlNode c = xml.child(p, "control")) {
    mc->start = static_cast<unsigned long>(std::max(0L, xml.integer(c, "start", 0L)));
    mc->frequency = static_cast<unsigned long>(std::max(1L, xml.integer(c, "frequency", 1L)));
    mc->stop = static_cast<unsigned long>(std::max(0L, xml.integer(c, "stop", 10000L)));
  }
  if (const XmlNode r = xml.child(p, "range")) {
    mc->inclusive = xml.boolean(r, "inclusive", true);
    const char* lo[3] = {"xmin", "ymin", "zmin"};
    const char* hi[3] = {"xmax", "ymax", "zmax"};
    for (int d = 0; d < 3; ++d) {
      mc->lower[d] = xml.number(r, lo[d], 0.0);
      mc->upper[d] = xml.number(r, hi[d], config.box[d]);
    }
  }
  const XmlNode targets = xml.requiredChild(p, "targets", "<targets> with <target cid=\"...\">");
  const auto list = xml.children(targets, "target");
  if (targets && list.empty()) xml.problem(targets, "no <target> (expected at least one)");
  for (const auto& t : list) {
    const auto cid = xml.integerAttribute(t, "cid", true);
    if (cid && (*cid < 1 || *cid > static_cast<long>(config.components.size()))) {
      xml.problem(t, "unknown component cid=\"" + std::to_string(*cid) + "\" (expected 1.." +
                         std::to_string(config.components.size()) + ")");
      continue;
    }
    MaxCheckConfig::Target target;
    target.method = static_cast<int>(xml.integerAttribute(t, "method", false).value_or(0));
    if (target.method == 0)
      xml.warning(t, "MaxCheck target without a method does nothing (as in ls1)");
    else if (target.method < 1 || target.method > 3)
      xml.problem(t, "unknown MaxCheck method=\"" + std::to_string(target.method) + "\" (expected 1, 2 or 3)");
    target.F = xml.number(t, "Fmax", -1.0);
    target.v = xml.number(t, "vmax", -1.0);
    target.M = xml.number(t, "Mmax", -1.0);
    target.L = xml.number(t, "Lmax", -1.0);
    if (cid) mc->targets[static_cast<unsigned>(*cid)] = target;
  }
  return mc;
}

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
