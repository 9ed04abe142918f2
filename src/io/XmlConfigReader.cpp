// XmlConfigReader: ls1-mardyn's configuration schema as read here (numbers as written, k_B = 1):
//   /mardyn/refunits[@type=SI]/{length,mass,energy}[@unit]                       optional
//   /mardyn/simulation/integrator[@type=Leapfrog]/timestep                       required
//   /mardyn/simulation/run/{currenttime, production/steps, equilibration/steps}
//   /mardyn/simulation/ensemble[@type=NVT|NVE]/{temperature, domain[@type=box]/{lx,ly,lz},
//        components/{moleculetype..., mixing/rule}, phasespacepoint/{file[@type=ASCII|binary] |
//        generator[@name=...] (a reader registered for the name, ElementReaders::generators)} (XmlConfigReaderPhaseSpace.cpp)}
//   /mardyn/simulation/algorithm/{cutoffs[@type=CenterOfMass]/radiusLJ, electrostatic[@type=ReactionField]/epsilon,
//        datastructure[@type=LinkedCells|AutoPas]/cellsInCutoffRadius and /skin (mardyn extension),
//        longrange[@type=homogeneous|none|planar], thermostats/thermostat[@type=VelocityScaling][@componentId]/temperature
//        and thermostat[@type=TemperatureControl] (TemperatureControlReader),
//        parallelisation[@type] (ParallelisationReader), gpu/{backend,cellprocessor,precision,<option>...}
//        (gpu also inside datastructure), cutoffs/switchingwidth (mardyn extension)}
//   /mardyn/simulation/output/outputplugin[@name] (also /mardyn/simulation/plugin[@name]; the plugins that change
//        the physics are read by the readers registered for their names, ElementReaders::plugins)
#include "io/XmlConfigReader.h"

#include "io/ComponentReader.h"
#include "io/GpuSettingsReader.h"
#include "io/OutputPluginReader.h"
#include "io/ParallelisationReader.h"
#include "io/RunSizeCheck.h"
#include "io/TemperatureControlReader.h"
#include "utils/MemoryLimit.h"

#include <tinyxml2.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <sstream>

namespace mardyn {

SimulationConfig XmlConfigReader::read(const std::string& file, const ElementReaders& readers, const Options& options) {
  SimulationConfig config;
  config.configFile = file;
  XmlConfigReader reader(config, readers, options);
  const XmlNode root = reader._xml.load(file);
  if (root) reader.readRoot(root);
  reader._xml.throwIfProblems();
  config.warnings = reader._xml.warnings();
  return config;
}

bool XmlConfigReader::checkType(const XmlNode& node, const std::string& allowed, const std::string& fallback) {
  const auto type = _xml.attribute(node, "type");
  const std::string t = type ? *type : fallback;
  std::stringstream ss(allowed);
  std::string a;
  while (std::getline(ss, a, '|'))
    if (a == t) return true;
  std::string expected = allowed;
  std::replace(expected.begin(), expected.end(), '|', ',');
  _xml.problem(node, "wrong type: type=\"" + t + "\" (expected one of: " + expected + ")");
  return false;
}

void XmlConfigReader::readRoot(const XmlNode& root) {
  if (std::string(root.element->Name()) != "mardyn") {
    _xml.problem(root, std::string("wrong root element <") + root.element->Name() + "> (expected <mardyn>)");
    return;
  }
  if (const XmlNode ru = _xml.child(root, "refunits")) readRefUnits(ru);
  const XmlNode sim = _xml.requiredChild(root, "simulation", "<simulation type=\"MD\">");
  if (!sim) return;
  _simulationNode = sim;
  readIntegratorAndRun(sim);
  const XmlNode ensemble = _xml.requiredChild(sim, "ensemble", "<ensemble type=\"NVT\"> or type=\"NVE\"");
  if (ensemble) readEnsemble(ensemble);
  const XmlNode algorithm = _xml.requiredChild(sim, "algorithm", "<algorithm> with <cutoffs>");
  if (algorithm) readAlgorithm(algorithm);
  readOutput(sim);
  checkConsistency(sim);
}

void XmlConfigReader::readRefUnits(const XmlNode& ru) {
  if (!checkType(ru, "SI", "SI")) return;
  auto unitFactor = [&](const char* name, const std::vector<std::pair<const char*, double>>& units, double& out) {
    const XmlNode n = _xml.requiredChild(ru, name, "a value with a unit attribute");
    if (!n) return;
    const auto v = _xml.number(ru, name, true);
    const std::string unit = _xml.attribute(n, "unit").value_or("");
    for (const auto& u : units)
      if (unit == u.first) {
        out = v.value_or(1.0) * u.second;
        return;
      }
    std::string list;
    for (const auto& u : units) list += (list.empty() ? "" : ", ") + std::string(u.first);
    _xml.problem(n, "unknown unit '" + unit + "' (expected one of: " + list + ")");
  };
  RefUnits& r = _config.refUnits;
  r.given = true;
  unitFactor("length", {{"nm", 1e-9}, {"Angstrom", 1e-10}, {"A", 1e-10}, {"m", 1.0}, {"pm", 1e-12}}, r.lengthMeter);
  unitFactor("mass", {{"u", 1.66053906660e-27}, {"kg", 1.0}, {"g", 1e-3}}, r.massKg);
  unitFactor("energy", {{"eV", 1.602176634e-19}, {"K", 1.380649e-23}, {"J", 1.0}, {"kJ/mol", 1e3 / 6.02214076e23}},
             r.energyJoule);
}

void XmlConfigReader::readIntegratorAndRun(const XmlNode& sim) {
  const XmlNode integ = _xml.requiredChild(sim, "integrator", "<integrator type=\"Leapfrog\"> with <timestep>");
  if (integ && checkType(integ, "Leapfrog")) {
    const auto dt = _xml.number(integ, "timestep", true, "a positive number");
    if (dt && !(*dt > 0)) _xml.problem(_xml.child(integ, "timestep"), "timestep must be positive (expected > 0)");
    _config.timestep = dt.value_or(0.0);
  }
  const XmlNode run = _xml.requiredChild(sim, "run", "<run> with <production><steps>");
  if (!run) return;
  _config.currentTime = _xml.number(run, "currenttime", 0.0);
  const XmlNode prod = _xml.requiredChild(run, "production", "<production> with <steps>");
  auto steps = [&](const XmlNode& n, bool required) -> unsigned long {
    const auto s = _xml.integer(n, "steps", required, "a non-negative integer");
    if (s && *s < 0) {
      _xml.problem(_xml.child(n, "steps"), "steps must not be negative");
      return 0;
    }
    return static_cast<unsigned long>(s.value_or(0));
  };
  if (prod) _config.productionSteps = steps(prod, true);
  if (const XmlNode eq = _xml.child(run, "equilibration")) _config.equilibrationSteps = steps(eq, false);
}

void XmlConfigReader::readEnsemble(const XmlNode& ens) {
  if (checkType(ens, "NVT|NVE"))
    _config.ensemble = _xml.attribute(ens, "type") == std::string("NVE") ? SimulationConfig::Ensemble::NVE
                                                                         : SimulationConfig::Ensemble::NVT;
  const bool nvt = _config.ensemble == SimulationConfig::Ensemble::NVT;
  const auto T = _xml.number(ens, "temperature", nvt, "a positive temperature");
  if (T && !(*T > 0)) _xml.problem(_xml.child(ens, "temperature"), "temperature must be positive (expected > 0)");
  _config.temperature = T.value_or(0.0);

  _domainNode = _xml.requiredChild(ens, "domain", "<domain type=\"box\"> with <lx>, <ly>, <lz>");
  if (_domainNode && checkType(_domainNode, "box", "box")) {
    const char* names[3] = {"lx", "ly", "lz"};
    for (int d = 0; d < 3; ++d) {
      const auto l = _xml.number(_domainNode, names[d], true, "a positive box length");
      if (l && !(*l > 0)) _xml.problem(_xml.child(_domainNode, names[d]), "non-positive box length (expected > 0)");
      _config.box[d] = l.value_or(0.0);
    }
  }

  const XmlNode comps = _xml.requiredChild(ens, "components", "<components> with <moleculetype> or <include>");
  ComponentReader cr(_xml);
  if (comps) {
    _config.components = cr.readComponents(comps);
    _config.mixing = cr.readMixing(comps, _config.components.size());
  }
  const auto extra = cr.readMixing(ens, _config.components.size());
  _config.mixing.insert(_config.mixing.end(), extra.begin(), extra.end());

  const XmlNode ps = _xml.requiredChild(ens, "phasespacepoint", "<phasespacepoint> with <file> or <generator>");
  _phaseSpaceNode = ps;
  const bool boxOk = _config.box.x > 0 && _config.box.y > 0 && _config.box.z > 0;
  if (ps && boxOk && !_config.components.empty()) readPhaseSpace(ps);
}

void XmlConfigReader::readAlgorithm(const XmlNode& alg) {
  _cutoffNode = _xml.requiredChild(alg, "cutoffs", "<cutoffs type=\"CenterOfMass\"> with <radiusLJ>");
  if (_cutoffNode && checkType(_cutoffNode, "CenterOfMass", "CenterOfMass")) {
    const auto rc = _xml.number(_cutoffNode, "radiusLJ", true, "a positive cutoff radius");
    if (rc && !(*rc > 0)) _xml.problem(_xml.child(_cutoffNode, "radiusLJ"), "cutoff radius must be positive (expected > 0)");
    _config.cutoffRadius = rc.value_or(0.0);
    const auto w = _xml.number(_cutoffNode, "switchingwidth", false, "a width 0 <= w < radiusLJ");
    if (w && (*w < 0 || (rc && *w >= *rc)))
      _xml.problem(_xml.child(_cutoffNode, "switchingwidth"), "switching width out of range (expected 0 <= w < radiusLJ)");
    else if (w)
      _config.cutoffSwitchWidth = *w;
  }
  if (const XmlNode es = _xml.child(alg, "electrostatic")) {
    if (checkType(es, "ReactionField", "ReactionField")) {
      _config.epsilonRF = _xml.number(es, "epsilon", true, "a positive dielectric constant").value_or(1e10);
      if (!(_config.epsilonRF > 0))
        _xml.problem(_xml.child(es, "epsilon"), "reaction-field epsilon must be positive (expected > 0)");
    }
  }
  if (const XmlNode ds = _xml.child(alg, "datastructure")) {
    if (_xml.attribute(ds, "type").value_or("") == "AutoPas") {
      // ls1's AutoPas container tunes how the same forces are computed: run on the linked cells.
      std::string ignored;
      for (const auto& c : _xml.children(ds, ""))
        if (std::string(c.element->Name()) != "gpu") ignored += (ignored.empty() ? "" : ", ") + std::string(c.element->Name());
      _xml.warning(ds, "datastructure type=\"AutoPas\" runs on the linked cells (cellsInCutoffRadius 1)" +
                           (ignored.empty() ? std::string() : "; options ignored: " + ignored));
    } else if (checkType(ds, "LinkedCells", "LinkedCells")) {
      const long c = _xml.integer(ds, "cellsInCutoffRadius", 1L);
      _cellsNode = _xml.child(ds, "cellsInCutoffRadius");
      if (c < 1 || c > 1000) _xml.problem(_cellsNode, "cellsInCutoffRadius out of range (expected 1..1000)");
      _config.cellsInCutoffRadius = static_cast<int>(std::clamp(c, 1L, 1000L));
      if (const auto skin = _xml.number(ds, "skin", false, "a skin >= 0 (0: no Verlet list)")) {
        if (*skin < 0) _xml.problem(_xml.child(ds, "skin"), "skin must be >= 0 (0: no Verlet list)");
        else _config.verletSkin = *skin;
      }
    }
  }
  if (const XmlNode lr = _xml.child(alg, "longrange")) {
    if (checkType(lr, "homogeneous|none|None|Homogeneous|planar|Planar")) {
      const std::string t = *_xml.attribute(lr, "type");
      _config.longRange = (t == "none" || t == "None") ? SimulationConfig::LongRange::None
                          : (t == "planar" || t == "Planar") ? SimulationConfig::LongRange::Planar
                                                             : SimulationConfig::LongRange::Homogeneous;
      if (_config.longRange == SimulationConfig::LongRange::Planar) readPlanar(lr);
    }
  }
  if (const XmlNode th = _xml.child(alg, "thermostats")) readThermostats(th);
  if (const XmlNode par = _xml.child(alg, "parallelisation")) ParallelisationReader::read(_xml, par, _config.parallelisation);
  if (const XmlNode gpu = _xml.child(alg, "gpu")) GpuSettingsReader::read(_xml, gpu, _config.gpu);
  if (const XmlNode gpu = _xml.child(_xml.child(alg, "datastructure"), "gpu")) GpuSettingsReader::read(_xml, gpu, _config.gpu);
}

// ls1's planar correction: <longrange type="planar"> <slabs/> <smooth/> <frequency/>
// <region><left/><right>number|box</right></region> <writecontrol>...</writecontrol> </longrange>
// (writecontrol: ls1's profile files, not written here).
void XmlConfigReader::readPlanar(const XmlNode& lr) {
  PlanarLongRangeConfig& p = _config.planar;
  p.source = XmlInput::source(lr);
  const long slabs = _xml.integer(lr, "slabs", 200L);
  if (slabs < 2 || slabs > 1000000) _xml.problem(_xml.child(lr, "slabs"), "slabs out of range (expected 2..1000000)");
  else p.slabs = static_cast<unsigned>(slabs);
  const long f = _xml.integer(lr, "frequency", 10L);
  if (f < 1) _xml.problem(_xml.child(lr, "frequency"), "frequency must be positive (expected an integer >= 1)");
  else p.frequency = static_cast<unsigned long>(f);
  p.smooth = _xml.boolean(lr, "smooth", false);
  if (const XmlNode region = _xml.child(lr, "region")) {
    p.left = _xml.number(region, "left", 0.0);
    const auto right = _xml.text(region, "right");
    if (right && *right != "box") p.right = _xml.number(region, "right", -1.0);
    for (const char* side : {"left", "right"})
      if (const XmlNode n = _xml.child(region, side))
        if (n.element->Attribute("refcoordsID") && std::string(n.element->Attribute("refcoordsID")) != "0")
          _xml.problem(n, "refcoordsID (a region following the DistControl plugin) is not supported (expected 0)");
  }
  if (_config.box.y > 0 && _config.cutoffRadius > 0 && p.slabs > 0 && _config.box.y / p.slabs > _config.cutoffRadius)
    _xml.problem(_xml.child(lr, "slabs"), "slabs wider than the cutoff radius (expected more slabs)");
}

void XmlConfigReader::readThermostats(const XmlNode& th) {
  for (const auto& t : _xml.children(th, "thermostat")) {
    if (!checkType(t, "VelocityScaling|TemperatureControl", "VelocityScaling")) continue;
    if (_xml.attribute(t, "type") == std::string("TemperatureControl")) {
      if (_config.temperatureControl.enabled) _xml.problem(t, "a second TemperatureControl (expected one; put all regions in it)");
      _config.temperatureControl = TemperatureControlReader::read(_xml, t, _config.box, _config.components.size());
      continue;
    }
    ThermostatConfig c;
    // ls1 names the component in @componentId (its name, or "global"); @componentName and a
    // 1-based number are accepted too. ls1 itself never reads @componentName: one that names no component
    // leaves the thermostat global, as ls1 runs it.
    const auto byId = _xml.attribute(t, "componentId");
    c.componentName = byId.value_or(_xml.attribute(t, "componentName").value_or(""));
    if (!byId && !c.componentName.empty() && c.componentName != "global") {
      const bool known = std::any_of(_config.components.begin(), _config.components.end(),
                                     [&](const Component& comp) { return comp.name() == c.componentName; });
      const auto number = parseLong(c.componentName);
      if (!known && !(number && *number >= 1 && *number <= static_cast<long>(_config.components.size()))) {
        _xml.warning(t, "componentName '" + c.componentName + "' names no component; ls1 reads only componentId, so the "
                        "thermostat is global (as ls1 runs it)");
        c.componentName.clear();
      }
    }
    const auto T = _xml.number(t, "temperature", false, "a positive temperature");
    if (T && *T <= 0) _xml.problem(_xml.child(t, "temperature"), "temperature must be positive");
    c.temperature = T.value_or(_config.temperature);
    if (c.temperature <= 0 && !T) _xml.problem(t.file, t.line(), t.path + "/temperature", "missing element <temperature> (expected a positive temperature)");
    if (!c.componentName.empty() && c.componentName != "global") {
      const auto it = std::find_if(_config.components.begin(), _config.components.end(),
                                   [&](const Component& comp) { return comp.name() == c.componentName; });
      const auto number = parseLong(c.componentName);
      if (it != _config.components.end())
        c.component = static_cast<int>(it->id());
      else if (number && *number >= 1 && *number <= static_cast<long>(_config.components.size()))
        c.component = static_cast<int>(*number - 1);
      else
        _xml.problem(t, "unknown component '" + c.componentName + "' (expected the name of a moleculetype or global)");
    }
    _config.thermostats.push_back(c);
  }
}

void XmlConfigReader::readOutput(const XmlNode& sim) {
  _config.outputPlugins = OutputPluginReader::read(_xml, sim, _readers);
  // ls1 lists every plugin in output/outputplugin or simulation/plugin: those that change the physics are read
  // by their own readers, in XML order
  std::vector<XmlNode> plugins = _xml.children(_xml.child(sim, "output"), "outputplugin");
  const auto more = _xml.children(sim, "plugin");
  plugins.insert(plugins.end(), more.begin(), more.end());
  for (const XmlNode& p : plugins)
    if (const ElementReaders::Plugin* reader = _readers.plugin(_xml.attribute(p, "name").value_or("")))
      reader->read(_xml, p, _config);
  if (_readers.checkPlugins) _readers.checkPlugins(_xml, sim, _config);
}

void XmlConfigReader::checkConsistency(const XmlNode& /*simulation*/) {
  const double minL = std::min({_config.box.x, _config.box.y, _config.box.z});
  if (_cutoffNode && minL > 0 && _config.cutoffRadius > 0.5 * minL) {
    std::ostringstream msg;
    msg << "cutoff radius " << _config.cutoffRadius << " is over half the smallest box length " << minL
        << " (expected radiusLJ <= " << 0.5 * minL << ")";
    const XmlNode rc = _xml.child(_cutoffNode, "radiusLJ");
    _xml.problem(rc ? rc : _cutoffNode, msg.str());
  }
  if (_config.temperatureControl.enabled && !_config.thermostats.empty()) {
    const SettingSource& src = _config.temperatureControl.source;
    _xml.warnings().push_back({src.file, src.line, src.path,
                               "the VelocityScaling thermostats beside TemperatureControl are not applied (as in ls1)"});
  }
  if (_config.ensemble == SimulationConfig::Ensemble::NVT && _config.thermostats.empty() && _config.temperature > 0)
    _config.thermostats.push_back({"VelocityScaling", "", -1, _config.temperature});
  if (_domainNode && _cutoffNode && minL > 0 && _config.cutoffRadius > 0) {
    RunSizeCheck::Places where;
    where.box = XmlInput::source(_domainNode);
    where.cutoff = XmlInput::source(_xml.child(_cutoffNode, "radiusLJ"));
    where.cells = _cellsNode ? XmlInput::source(_cellsNode) : where.cutoff;
    where.phaseSpace = _phaseSpaceNode ? XmlInput::source(_phaseSpaceNode) : where.box;
    RunSizeCheck::check(_config, where, _xml.problems());
  }
}

bool XmlConfigReader::checkMoleculeCount(const XmlNode& node, double count) {
  const double bytes = count * RunSizeCheck::bytesPerMolecule();
  if (MemoryLimit::fits(bytes)) return true;
  std::ostringstream msg;
  msg << "the generator would make " << count << " molecules, which need " << MemoryLimit::format(bytes) << ", more than the "
      << MemoryLimit::format(MemoryLimit::availableBytes()) << " of memory available (expected fewer molecules)";
  _xml.problem(node, msg.str());
  return false;
}

}  // namespace mardyn
