// PhysicsPluginReader: MaxCheck's XML, and the refusal of the physics-changing plugins not ported.
//   <plugin name="MaxCheck">
//     <control> <start/> <frequency/> <stop/> </control>
//     <range> <inclusive>1</inclusive> <xmin/> <xmax/> <ymin/> <ymax/> <zmin/> <zmax/> </range>
//     <targets> <target cid="1" method="1|2"> <Fmax/> <vmax/> <Mmax/> <Lmax/> </target>... </targets>
//   </plugin>
#include "plugins/PhysicsPluginReader.h"

#include "plugins/MettDeamonReader.h"

#include <tinyxml2.h>

#include <algorithm>

namespace mardyn {

namespace {
/// What each physics-changing plugin of ls1 does (for the message when it is not supported).
const std::vector<std::pair<std::string, std::string>>& unsupported() {
  static const std::vector<std::pair<std::string, std::string>> list = {
      {"MirrorSystem", "mirrors the system"},
      {"MettDeamonFeedrateDirector", "steers MettDeamon's feed"},
      {"PosNegComp", "changes molecules' components by position"},
      {"Dropaccelerator", "accelerates a droplet"},
      {"Dropaligner", "moves a droplet"},
      {"FixRegion", "fixes molecules in a region"},
      {"DirectedPM", "changes velocities"},
      {"Permittivity", "changes the dielectric treatment"},
      {"MamicoCoupling", "couples to a continuum solver"},
  };
  return list;
}

// <plugin name="DriftCtrl"> <control> <start/> <stop/> <freq> <sample/> <control/> <write/> </freq> </control>
//   <range> <yl/> <yr>number|box</yr> <subdivision> <binwidth/> </subdivision> </range>
//   <target> <cid/> <drift> <vx/> <vy/> <vz/> </drift> <directions>xyz</directions> </target> </plugin>
DriftCtrlConfig readDriftCtrl(XmlInput& xml, const XmlNode& p, const SimulationConfig& config) {
  DriftCtrlConfig c;
  c.yr = config.box.y;
  auto positive = [&](const XmlNode& parent, const char* name, unsigned long fallback) {
    const long v = xml.integer(parent, name, static_cast<long>(fallback));
    if (v < 1) xml.problem(xml.child(parent, name), std::string(name) + " must be positive (expected an integer >= 1)");
    return static_cast<unsigned long>(std::max(1L, v));
  };
  if (const XmlNode control = xml.child(p, "control")) {
    c.start = static_cast<unsigned long>(std::max(0L, xml.integer(control, "start", 0L)));
    c.stop = static_cast<unsigned long>(std::max(0L, xml.integer(control, "stop", 4294967295L)));
    if (const XmlNode freq = xml.child(control, "freq")) {
      c.sample = positive(freq, "sample", 10);
      c.control = positive(freq, "control", 100);
    }
  }
  if (const XmlNode range = xml.child(p, "range")) {
    c.yl = xml.number(range, "yl", 0.0);
    const auto yr = xml.text(range, "yr");
    c.yr = yr && *yr != "box" ? xml.number(range, "yr", config.box.y) : config.box.y;
    if (const XmlNode sub = xml.child(range, "subdivision")) c.binWidth = xml.number(sub, "binwidth", 10.0);
  }
  if (!(c.yr > c.yl) || !(c.binWidth > 0) || c.binWidth > c.yr - c.yl)
    xml.problem(p, "DriftCtrl range: expected yl < yr and 0 < binwidth <= yr - yl");
  if (const XmlNode target = xml.child(p, "target")) {
    const long cid = xml.integer(target, "cid", 1L);
    if (cid < 0 || cid > static_cast<long>(config.components.size()))
      xml.problem(xml.child(target, "cid"), "unknown component " + std::to_string(cid) + " (expected 0 for all or 1.." +
                                                std::to_string(config.components.size()) + ")");
    else c.component = static_cast<unsigned>(cid);
    if (const XmlNode drift = xml.child(target, "drift"))
      c.drift = {xml.number(drift, "vx", 0.0), xml.number(drift, "vy", 0.0), xml.number(drift, "vz", 0.0)};
    const std::string dirs = xml.text(target, "directions").value_or("xyz");
    for (int d = 0; d < 3; ++d) c.directions[d] = dirs.find("xyz"[d]) != std::string::npos;
  }
  return c;
}

// <plugin name="COMaligner"> <x/> <y/> <z/> (booleans, default true) <interval/> <correctionFactor/> </plugin>
COMalignerConfig readCOMaligner(XmlInput& xml, const XmlNode& p) {
  COMalignerConfig c;
  c.dims = {xml.boolean(p, "x", true), xml.boolean(p, "y", true), xml.boolean(p, "z", true)};
  const long interval = xml.integer(p, "interval", 1L);
  c.factor = xml.number(p, "correctionFactor", 1.0);
  if (interval < 1) xml.problem(xml.child(p, "interval"), "interval must be positive (expected an integer >= 1)");
  if (c.factor < 0 || c.factor > 1) xml.problem(xml.child(p, "correctionFactor"), "correctionFactor out of range (expected 0..1)");
  c.interval = static_cast<unsigned long>(std::max(1L, interval));
  return c;
}


// <plugin name="WallPotential"> <potential>93|104</potential> <density/> <sigma/> <epsilon/> <yoff/> <ycut/>
//   <width/> <delta/> <component id="1"> <xi/> <eta/> </component>... </plugin>
WallPotentialConfig readWall(XmlInput& xml, const XmlNode& p, const SimulationConfig& config) {
  WallPotentialConfig w;
  w.potential = static_cast<int>(xml.integer(p, "potential", 93L));
  if (w.potential != 93 && w.potential != 104) w.potential = 93;  // as ls1
  w.density = xml.number(p, "density", 0.0);
  w.sigma = xml.number(p, "sigma", 1.0);
  w.epsilon = xml.number(p, "epsilon", 1.0);
  w.yoff = xml.number(p, "yoff", 0.0);
  w.ycut = xml.number(p, "ycut", 0.0);
  w.width = xml.number(p, "width", 0.0);
  w.delta = xml.number(p, "delta", 0.0);
  if (w.potential == 104 && !(w.delta > 0)) xml.problem(p, "WallPotential 104 needs <delta> > 0");
  for (const auto& c : xml.children(p, "component")) {
    const auto id = xml.integerAttribute(c, "id", true);
    if (!id) continue;
    if (*id < 1 || *id > static_cast<long>(config.components.size())) {
      xml.problem(c, "unknown component id " + std::to_string(*id));
      continue;
    }
    if (config.components[*id - 1].ljCenters().empty()) {
      xml.problem(c, "component " + std::to_string(*id) + " has no LJ centre (the wall mixes with its first one)");
      continue;
    }
    w.components[static_cast<unsigned>(*id)] = {xml.number(c, "xi", 0.0), xml.number(c, "eta", 0.0)};
  }
  return w;
}

// <plugin name="Mirror" type="1|2" dir="|-o|o-|"> <position><coord/><refID>0</refID></position> <forceConstant/>
//   <cid/> </plugin>; types 5 (Meland) and 6 (ramping) and positions that follow DistControl are not supported.
MirrorConfig readMirror(XmlInput& xml, const XmlNode& p) {
  MirrorConfig m;
  m.type = static_cast<int>(xml.integerAttribute(p, "type", false).value_or(0));
  if (m.type == 0)
    xml.warning(p, "Mirror without a type does nothing (as in ls1)");
  else if (m.type != 1 && m.type != 2 && m.type != 5)
    xml.problem(p, "Mirror type=\"" + std::to_string(m.type) +
                       "\" is not supported (expected 1, reflect, 2, force constant, or 5, Meland)");
  if (m.type == 5) {
    const XmlNode meland = xml.requiredChild(p, "meland", "<meland> with <velo_target>");
    if (meland) {
      const auto target = xml.number(meland, "velo_target", true, "the target velocity");
      m.veloTarget = target.value_or(0.0);
      m.fixedProbability = xml.number(meland, "fixed_probability", 0.0);
    }
    if (xml.child(p, "diffuse"))
      xml.problem(xml.child(p, "diffuse"), "a diffuse Meland mirror is not supported (expected no <diffuse>)");
  }
  m.right = xml.integer(p, "direction", 0L) == 1;
  const std::string dir = xml.attribute(p, "dir").value_or("");
  if (dir == "|-o") m.right = false;
  else if (dir == "o-|") m.right = true;
  if (const XmlNode pos = xml.child(p, "position")) {
    m.coord = xml.number(pos, "coord", 0.0);
    if (xml.integer(pos, "refID", 0L) != 0)
      xml.problem(xml.child(pos, "refID"), "a mirror position that follows DistControl (refID > 0) is not supported (expected 0)");
  }
  m.forceConstant = xml.number(p, "forceConstant", 100.0);
  m.component = static_cast<unsigned>(std::max(0L, xml.integer(p, "cid", 0L)));
  if (xml.child(p, "switchcomp")) xml.problem(xml.child(p, "switchcomp"), "Mirror switchcomp is not supported");
  return m;
}

}  // namespace

bool PhysicsPluginReader::changesPhysics(const std::string& name) {
  if (name == "MaxCheck" || name == "DriftCtrl" || name == "COMaligner" || name == "WallPotential" || name == "Mirror" ||
      name == "MettDeamon")
    return true;
  const auto& u = unsupported();
  return std::any_of(u.begin(), u.end(), [&](const auto& e) { return e.first == name; });
}

void PhysicsPluginReader::read(XmlInput& xml, const XmlNode& sim, SimulationConfig& config) {
  std::vector<XmlNode> plugins = xml.children(xml.child(sim, "output"), "outputplugin");
  const auto more = xml.children(sim, "plugin");
  plugins.insert(plugins.end(), more.begin(), more.end());
  for (const auto& p : plugins) {
    const std::string name = xml.attribute(p, "name").value_or("");
    for (const auto& [n, what] : unsupported())
      if (n == name)
        xml.problem(p, "plugin " + name + " (" + what + ") is not supported: the run would be a different simulation "
                       "(expected it removed from the configuration)");
    if (name == "DriftCtrl") config.driftCtrls.push_back(readDriftCtrl(xml, p, config));
    if (name == "COMaligner") config.comAligners.push_back(readCOMaligner(xml, p));
    if (name == "WallPotential") config.walls.push_back(readWall(xml, p, config));
    if (name == "Mirror") config.mirrors.push_back(readMirror(xml, p));
    if (name == "MettDeamon") config.mettDeamons.push_back(MettDeamonReader::read(xml, p, config));
    if (name != "MaxCheck") continue;
    MaxCheckConfig mc;
    mc.upper = config.box;
    if (const XmlNode c = xml.child(p, "control")) {
      mc.start = static_cast<unsigned long>(std::max(0L, xml.integer(c, "start", 0L)));
      mc.frequency = static_cast<unsigned long>(std::max(1L, xml.integer(c, "frequency", 1L)));
      mc.stop = static_cast<unsigned long>(std::max(0L, xml.integer(c, "stop", 10000L)));
    }
    if (const XmlNode r = xml.child(p, "range")) {
      mc.inclusive = xml.boolean(r, "inclusive", true);
      const char* lo[3] = {"xmin", "ymin", "zmin"};
      const char* hi[3] = {"xmax", "ymax", "zmax"};
      for (int d = 0; d < 3; ++d) {
        mc.lower[d] = xml.number(r, lo[d], 0.0);
        mc.upper[d] = xml.number(r, hi[d], config.box[d]);
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
      if (cid) mc.targets[static_cast<unsigned>(*cid)] = target;
    }
    config.maxChecks.push_back(mc);
  }
}

}  // namespace mardyn
