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
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace mardyn {

namespace {
/// What each physics-changing plugin of ls1 does (for the message when it is not supported).
const std::vector<std::pair<std::string, std::string>>& unsupported() {
  static const std::vector<std::pair<std::string, std::string>> list = {
      {"MirrorSystem", "mirrors the system"},
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
    const long ref = xml.integer(pos, "refID", 0L);
    if (ref < 0 || ref > 2)
      xml.problem(xml.child(pos, "refID"), "unknown refID " + std::to_string(ref) +
                                               " (expected 0 the origin, 1 DistControl's left or 2 its right interface)");
    else m.refID = static_cast<int>(ref);
  }
  m.forceConstant = xml.number(p, "forceConstant", 100.0);
  m.pluginID = xml.integer(p, "pluginID", 100L);
  m.component = static_cast<unsigned>(std::max(0L, xml.integer(p, "cid", 0L)));
  if (xml.child(p, "switchcomp")) xml.problem(xml.child(p, "switchcomp"), "Mirror switchcomp is not supported");
  return m;
}

// <plugin name="DistControl"> (see DistControl.cpp for the elements); ls1's defaults: update 5000, init values
// 10 and 20, smooth and derivate windows 2.
DistControlConfig readDistControl(XmlInput& xml, const XmlNode& p, const SimulationConfig& config) {
  DistControlConfig c;
  c.enabled = true;
  c.source = XmlInput::source(p);
  if (const XmlNode control = xml.child(p, "control")) {
    const long u = xml.integer(control, "update", 5000L);
    if (u < 1) xml.problem(xml.child(control, "update"), "update must be positive (expected an integer >= 1)");
    c.update = static_cast<unsigned long>(std::max(1L, u));
  }
  if (const auto f = xml.text(xml.child(p, "filenames"), "control")) c.logFile = *f;
  const XmlNode sub = xml.requiredChild(p, "subdivision", "<subdivision type=\"number|width\"> with <number> or <width>");
  if (sub) {
    const std::string type = xml.attribute(sub, "type").value_or("");
    if (type == "number") {
      const long n = xml.integer(sub, "number", true, "a number of bins >= 1").value_or(0L);
      if (n < 1 || n > (1L << 24)) xml.problem(xml.child(sub, "number"), "number of bins out of range (expected 1..2^24)");
      else c.bins = static_cast<unsigned>(n);
    } else if (type == "width") {
      const double w = xml.number(sub, "width", true, "a bin width > 0").value_or(0.0);
      const double n = w > 0 ? std::round(config.box.y / w) : 0.0;
      if (!(n >= 1 && n <= (1 << 24))) xml.problem(xml.child(sub, "width"), "bin width out of range (expected 0 < width, at most the box height)");
      else c.bins = static_cast<unsigned>(n);
    } else {
      xml.problem(sub, "wrong type: type=\"" + type + "\" (expected number or width)");
    }
  }
  const XmlNode init = xml.requiredChild(p, "init", "<init type=\"startconfig|values|file\">");
  if (init) {
    const std::string type = xml.attribute(init, "type").value_or("");
    if (type == "startconfig") {
      c.init = DistControlConfig::Init::StartConfig;
    } else if (type == "values") {
      c.init = DistControlConfig::Init::Values;
      const XmlNode v = xml.requiredChild(init, "values", "<values> with <left> and <right>");
      if (v) {
        c.left = xml.number(v, "left", true, "the left interface's y").value_or(c.left);
        c.right = xml.number(v, "right", true, "the right interface's y").value_or(c.right);
      }
    } else if (type == "file") {
      // ls1's control log: the line whose first number is <simstep> holds left and right
      c.init = DistControlConfig::Init::File;
      const auto file = xml.text(init, "file");
      const long step = xml.integer(init, "simstep", true, "the step whose positions are read").value_or(0L);
      std::string path = file.value_or("");
      path.erase(0, path.find_first_not_of(" \t\r\n"));
      path.erase(path.find_last_not_of(" \t\r\n") + 1);
      if (!path.empty() && path[0] != '/') path = (std::filesystem::path(p.file).parent_path() / path).string();
      std::ifstream in(path);
      bool found = false;
      for (std::string line; in && std::getline(in, line);) {
        std::istringstream words(line);
        std::string first;
        double l = 0, r = 0;
        if (words >> first && parseLong(first) == step && words >> l >> r) c.left = l, c.right = r, found = true;
      }
      if (!found)
        xml.problem(xml.child(init, "file"), "no line for step " + std::to_string(step) + " in '" + path +
                                                 "' (expected a DistControl log with 'step left right')");
    } else {
      xml.problem(init, "wrong type: type=\"" + type + "\" (expected startconfig, values or file)");
    }
  }
  const XmlNode method = xml.requiredChild(p, "method", "<method type=\"density|denderiv\">");
  if (method) {
    const std::string type = xml.attribute(method, "type").value_or("");
    const long cid = xml.integer(method, "componentID", true, "0 for all components or 1..n").value_or(0L);
    if (cid < 0 || cid > static_cast<long>(config.components.size()))
      xml.problem(xml.child(method, "componentID"), "unknown component " + std::to_string(cid) + " (expected 0 for all or 1.." +
                                                        std::to_string(config.components.size()) + ")");
    else c.component = static_cast<unsigned>(cid);
    if (type == "density") {
      c.method = DistControlConfig::Method::Density;
      xml.number(method, "density", true, "the vapour density");
    } else if (type == "denderiv") {
      c.method = DistControlConfig::Method::DensityDerivative;
      for (const XmlNode& n : xml.children(method, "neighbourvals")) {
        const std::string a = xml.attribute(n, "algorithm").value_or("");
        const auto v = parseLong(n.element->GetText() ? n.element->GetText() : "");
        if (!v || *v < 0 || (a != "smooth" && a != "derivate")) {
          xml.problem(n, "expected <neighbourvals algorithm=\"smooth|derivate\"> with a number >= 0");
          continue;
        }
        (a == "smooth" ? c.smooth : c.derivate) = static_cast<unsigned>(*v);
      }
    } else {
      xml.problem(method, "wrong type: type=\"" + type + "\" (expected density or denderiv)");
    }
  }
  if (c.bins != 0 && c.bins <= 2 * std::max(c.smooth, c.derivate) + 1)
    xml.problem(sub, "too few bins (" + std::to_string(c.bins) + ") for the smoothing and derivative windows (expected more than " +
                         std::to_string(2 * std::max(c.smooth, c.derivate) + 1) + ")");
  return c;
}

// <plugin name="MettDeamonFeedrateDirector"> <mirror> <pluginID/> <control><update_freq/></control>
//   <feedrate> <numvals/> <init/> <list>comma-separated</list> </feedrate> </mirror> <restart><writefreq/></restart>
FeedrateDirectorConfig readFeedrateDirector(XmlInput& xml, const XmlNode& p) {
  FeedrateDirectorConfig c;
  c.source = XmlInput::source(p);
  const XmlNode mirror = xml.child(p, "mirror");
  auto positive = [&](const XmlNode& parent, const char* name, unsigned long fallback) {
    const long v = parent ? xml.integer(parent, name, static_cast<long>(fallback)) : static_cast<long>(fallback);
    if (v < 1) xml.problem(xml.child(parent, name), std::string(name) + " must be positive (expected an integer >= 1)");
    return static_cast<unsigned long>(std::max(1L, v));
  };
  if (mirror) c.mirrorID = xml.integer(mirror, "pluginID", 100L);
  c.updateFreq = positive(xml.child(mirror, "control"), "update_freq", 1000);
  const XmlNode fr = xml.child(mirror, "feedrate");
  c.numvals = static_cast<unsigned>(positive(fr, "numvals", 1));
  c.list.assign(c.numvals, fr ? xml.number(fr, "init", 0.0) : 0.0);
  if (const auto csv = fr ? xml.text(fr, "list") : std::nullopt) {
    c.list.clear();
    std::string item;
    std::istringstream in(*csv);
    while (std::getline(in, item, ',')) {
      const auto v = parseFinite(item.substr(item.find_first_not_of(" \t\r\n") == std::string::npos ? 0 : item.find_first_not_of(" \t\r\n")));
      if (!v) {
        xml.problem(xml.child(fr, "list"), "not a number in the feed-rate list: '" + item + "' (expected comma-separated numbers)");
        break;
      }
      c.list.push_back(*v);
    }
    if (c.list.empty()) xml.problem(xml.child(fr, "list"), "empty feed-rate list (expected comma-separated numbers)");
  }
  c.writeFreq = positive(xml.child(p, "restart"), "writefreq", 1000);
  return c;
}

// <plugin name="PosNegComp"> <cid_ub> <pos/> <neg/> <ignore/> </cid_ub> <limit_y> <left/> <right/> </limit_y>
// (ls1's defaults: components 1, planes 0 and 100; ignore: none)
PosNegCompConfig readPosNegComp(XmlInput& xml, const XmlNode& p, const SimulationConfig& config) {
  PosNegCompConfig c;
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
  c.pos = id("pos", 1, 1);
  c.neg = id("neg", 1, 1);
  c.ignore = id("ignore", 0, 0);
  if (const XmlNode limit = xml.child(p, "limit_y")) {
    c.left = xml.number(limit, "left", 0.0);
    c.right = xml.number(limit, "right", 100.0);
  }
  return c;
}

}  // namespace

bool PhysicsPluginReader::changesPhysics(const std::string& name) {
  if (name == "MaxCheck" || name == "DriftCtrl" || name == "COMaligner" || name == "WallPotential" || name == "Mirror" ||
      name == "MettDeamon" || name == "DistControl" || name == "PosNegComp" || name == "MettDeamonFeedrateDirector")
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
    if (name == "PosNegComp") config.posNegComps.push_back(readPosNegComp(xml, p, config));
    if (name == "Mirror" || name == "MettDeamon" || name == "MettDeamonFeedrateDirector")
      if (std::find(config.beforeForcesOrder.begin(), config.beforeForcesOrder.end(), name) == config.beforeForcesOrder.end())
        config.beforeForcesOrder.push_back(name);
    if (name == "MettDeamonFeedrateDirector") {
      if (!config.feedrateDirectors.empty()) xml.problem(p, "a second MettDeamonFeedrateDirector (expected one)");
      else config.feedrateDirectors.push_back(readFeedrateDirector(xml, p));
    }
    if (name == "DistControl") {
      if (config.distControl.enabled)
        xml.problem(p, "a second DistControl (expected one: the regions and mirrors follow one pair of interfaces)");
      else
        config.distControl = readDistControl(xml, p, config);
    }
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
  // the director steers the last MettDeamon (as ls1 finds it) and counts the first mirror of its pluginID
  if (!config.feedrateDirectors.empty()) {
    const FeedrateDirectorConfig& d = config.feedrateDirectors.front();
    const bool mirror = std::any_of(config.mirrors.begin(), config.mirrors.end(), [&](const MirrorConfig& m) { return m.pluginID == d.mirrorID; });
    if (config.mettDeamons.empty() || !mirror)
      xml.problem(d.source.file, d.source.line, d.source.path,
                  "MettDeamonFeedrateDirector needs a MettDeamon and a Mirror with pluginID " + std::to_string(d.mirrorID) +
                      " (expected both in the configuration)");
    else if (config.mettDeamons.back().directed) {
      const auto& o = config.beforeForcesOrder;
      // ls1 initialises the plugins in XML order: a director before the MettDeamon sets its starting feed
      if (std::find(o.begin(), o.end(), "MettDeamonFeedrateDirector") < std::find(o.begin(), o.end(), "MettDeamon")) {
        double sum = 0;
        for (double v : d.list) sum += v;
        config.mettDeamons.back().feed = sum / static_cast<double>(d.list.size());
      }
    }
  }
  for (const auto& m : config.mettDeamons)
    if (m.directed && config.feedrateDirectors.empty())
      xml.warning(sim, "MettDeamon feed method 5 without a MettDeamonFeedrateDirector keeps the feed at <init> (as ls1 does)");
  // what follows DistControl needs it (ls1 stops with "Initialization of plugin DistControl is needed before")
  if (!config.distControl.enabled) {
    for (std::size_t i = 0; i < config.mirrors.size(); ++i)
      if (config.mirrors[i].refID != 0)
        xml.problem(sim,
                    "a Mirror's position/refID follows DistControl, which is not configured (expected <plugin name=\"DistControl\">)");
    for (const auto& r : config.temperatureControl.regions)
      for (int k : r.refCoords)
        if (k != 0) {
          xml.problem(config.temperatureControl.source.file, config.temperatureControl.source.line,
                      config.temperatureControl.source.path,
                      "a region's coords refcoordsID follows DistControl, which is not configured (expected <plugin name=\"DistControl\">)");
          return;
        }
  }
}

}  // namespace mardyn
