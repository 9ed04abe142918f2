// XmlConfigReader: ls1-mardyn's configuration schema as read here (numbers as written, k_B = 1):
//   /mardyn/refunits[@type=SI]/{length,mass,energy}[@unit]                       optional
//   /mardyn/simulation/integrator[@type=Leapfrog]/timestep                       required
//   /mardyn/simulation/run/{currenttime, production/steps, equilibration/steps}
//   /mardyn/simulation/ensemble[@type=NVT|NVE]/{temperature, domain[@type=box]/{lx,ly,lz},
//        components/{moleculetype..., mixing/rule}, phasespacepoint/{file[@type=ASCII] | generator[@name=Lattice|CubicGridGenerator]}}
//   /mardyn/simulation/algorithm/{cutoffs[@type=CenterOfMass]/radiusLJ, electrostatic[@type=ReactionField]/epsilon,
//        datastructure[@type=LinkedCells]/cellsInCutoffRadius and /skin (mardyn extension), longrange[@type=homogeneous|none],
//        thermostats/thermostat[@type=VelocityScaling][@componentId]/temperature,
//        parallelisation[@type]/MPIGridDims/{x,y,z}, gpu/{backend,cellprocessor,precision,<option>...}
//        (gpu also inside datastructure), cutoffs/switchingwidth (mardyn extension)}
//   /mardyn/simulation/output/outputplugin[@name] (also /mardyn/simulation/plugin[@name])
#include "io/XmlConfigReader.h"

#include "generators/MkTcTSGenerator.h"
#include "generators/MkesferaGenerator.h"
#include "generators/MultiObjectGenerator.h"
#include "io/BinaryPhaseSpace.h"
#include "io/ComponentReader.h"
#include "io/GpuSettingsReader.h"
#include "io/LatticeGenerator.h"
#include "io/OutputPluginReader.h"
#include "io/PhaseSpaceReader.h"
#include "io/RunSizeCheck.h"
#include "io/TemperatureControlReader.h"
#include "plugins/PhysicsPluginReader.h"
#include "utils/MemoryLimit.h"

#include <tinyxml2.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <sstream>

namespace mardyn {

SimulationConfig XmlConfigReader::read(const std::string& file) { return read(file, Options()); }

SimulationConfig XmlConfigReader::read(const std::string& file, const Options& options) {
  SimulationConfig config;
  config.configFile = file;
  XmlConfigReader reader(config, options);
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

void XmlConfigReader::readPhaseSpace(const XmlNode& ps) {
  if (const XmlNode f = _xml.child(ps, "file")) {
    if (!checkType(f, "ASCII|binary", "ASCII")) return;
    if (_xml.attribute(f, "type") == std::string("binary")) {
      readBinaryPhaseSpace(ps, f);
      return;
    }
    const char* t = f.element->GetText();
    std::string name = t ? t : "";
    name.erase(0, name.find_first_not_of(" \t\r\n"));
    name.erase(name.find_last_not_of(" \t\r\n") + 1);
    if (name.empty()) {
      _xml.problem(f, "empty file name (expected the path of an ASCII .inp file)");
      return;
    }
    std::filesystem::path p(name);
    if (p.is_relative()) p = std::filesystem::path(f.file).parent_path() / p;
    const bool ignoreTime = _xml.boolean(ps, "ignoreCheckpointTime", false);
    if (!_options.readPhaseSpace) return;
    std::error_code ec;
    if (std::filesystem::exists(p, ec) && !std::filesystem::is_regular_file(p, ec)) {
      _xml.problem(p.string(), 0, f.path, "not a regular file (expected an ASCII .inp file)");
      return;
    }
    // As in ls1, the header's currentTime is the simulation time unless ignoreCheckpointTime is true;
    // a checkpoint written here also carries its step: the run then continues from it.
    PhaseSpaceHeader header;
    _config.molecules = PhaseSpaceReader::read(p.string(), f.path, _config.components.size(), _config.box,
                                               _xml.problems(), &header);
    if (ignoreTime) _config.currentTime = 0.0;
    else if (header.time) _config.currentTime = *header.time;
    if (header.step && !ignoreTime) {
      _config.restart.active = true;
      _config.restart.step = *header.step;
      _config.restart.file = p.string();
      _config.restart.pluginStates = header.pluginStates;
    }
    if (header.length) {
      const Vec3& L = *header.length;
      const Vec3& B = _config.box;
      if (std::abs(L.x - B.x) > 1e-12 * B.x || std::abs(L.y - B.y) > 1e-12 * B.y || std::abs(L.z - B.z) > 1e-12 * B.z) {
        std::ostringstream msg;
        msg.precision(17);
        msg << "the phase-space header's Length (" << L.x << ", " << L.y << ", " << L.z << ") differs from the box ("
            << B.x << ", " << B.y << ", " << B.z << ") of " << _domainNode.path << "; the XML's box is used";
        _xml.warnings().push_back({p.string(), header.lengthLine, f.path, msg.str()});
      }
    }
  } else if (const XmlNode g = _xml.child(ps, "generator")) {
    readGenerator(g);
  } else {
    _xml.problem(ps.file, ps.line(), ps.path + "/file", "missing element <file> (expected <file type=\"ASCII\"> or <generator>)");
  }
}

std::string XmlConfigReader::pathNamed(const XmlNode& parent, const char* name, const char* expected) {
  const XmlNode n = _xml.requiredChild(parent, name, expected);
  if (!n) return {};
  std::string t = n.element->GetText() ? n.element->GetText() : "";
  t.erase(0, t.find_first_not_of(" \t\r\n"));
  t.erase(t.find_last_not_of(" \t\r\n") + 1);
  if (t.empty()) {
    _xml.problem(n, std::string("empty file name (expected ") + expected + ")");
    return {};
  }
  std::filesystem::path p(t);
  if (p.is_relative()) p = std::filesystem::path(n.file).parent_path() / p;
  return p.string();
}

// ls1's binary phase space: <file type="binary"><header>..header.xml</header><data>...dat</data></file>.
// As ls1 does, the header's time becomes the simulation time (unless ignoreCheckpointTime).
void XmlConfigReader::readBinaryPhaseSpace(const XmlNode& ps, const XmlNode& f) {
  const std::string header = pathNamed(f, "header", "the path of a .header.xml file");
  const std::string data = pathNamed(f, "data", "the path of a .dat file");
  if (header.empty() || data.empty() || !_options.readPhaseSpace) return;
  const std::size_t before = _xml.problems().size();
  const BinaryPhaseSpaceHeader h = BinaryPhaseSpace::readHeader(header, f.path + "/header", _xml.problems());
  if (_xml.problems().size() != before) return;
  if (!checkMoleculeCount(f, static_cast<double>(h.number))) return;
  _config.molecules = BinaryPhaseSpace::readData(data, f.path + "/data", h, _config.components.size(), _config.box,
                                                 _xml.problems());
  _config.currentTime = _xml.boolean(ps, "ignoreCheckpointTime", false) ? 0.0 : h.time;
  const Vec3& B = _config.box;
  if (std::abs(h.length.x - B.x) > 1e-12 * B.x || std::abs(h.length.y - B.y) > 1e-12 * B.y ||
      std::abs(h.length.z - B.z) > 1e-12 * B.z) {
    std::ostringstream msg;
    msg.precision(17);
    msg << "the header's length (" << h.length.x << ", " << h.length.y << ", " << h.length.z << ") differs from the box ("
        << B.x << ", " << B.y << ", " << B.z << ") of " << _domainNode.path << "; the XML's box is used";
    _xml.warnings().push_back({header, 0, f.path, msg.str()});
  }
}

// The generators by name (compared without case): one entry per generator.
void XmlConfigReader::readGenerator(const XmlNode& g) {
  using Reader = void (XmlConfigReader::*)(const XmlNode&);
  static const std::vector<std::pair<std::string, Reader>> generators = {
      {"Lattice", &XmlConfigReader::readLatticeGenerator},
      {"CubicGridGenerator", &XmlConfigReader::readCubicGridGenerator},
      {"MultiObjectGenerator", &XmlConfigReader::readMultiObjectGenerator},
      {"mkTcTS", &XmlConfigReader::readMkTcTS},
      {"mkesfera", &XmlConfigReader::readMkesfera},
  };
  auto lower = [](std::string n) {
    std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return std::tolower(c); });
    return n;
  };
  const std::string name = _xml.attribute(g, "name").value_or("Lattice");
  std::string known;
  for (const auto& [n, reader] : generators) {
    if (lower(n) == lower(name)) {
      (this->*reader)(g);
      return;
    }
    known += (known.empty() ? "" : ", ") + n;
  }
  _xml.problem(g, "unknown generator '" + name + "' (expected one of: " + known + ")");
}

void XmlConfigReader::readMultiObjectGenerator(const XmlNode& g) {
  MultiObjectGenerator::Context ctx{_config, [this](const XmlNode& n, double count) { return checkMoleculeCount(n, count); },
                                    _options.readPhaseSpace};
  bool timeReset = false;
  auto molecules = MultiObjectGenerator::generate(_xml, g, ctx, timeReset);
  if (timeReset) _config.currentTime = 0.0;  // as ls1's ReplicaFiller
  if (_options.readPhaseSpace) _config.molecules = std::move(molecules);
}

// ls1's mkTcTS seeds its random stream with the cutoff radius, which is read later (algorithm): read it here.
void XmlConfigReader::readMkTcTS(const XmlNode& g) {
  const MkTcTSGenerator::Settings s = MkTcTSGenerator::read(_xml, g);
  const XmlNode cutoffs = _xml.child(_xml.child(_simulationNode, "algorithm"), "cutoffs");
  const double rc = cutoffs ? _xml.number(cutoffs, "radiusLJ", 0.0) : 0.0;
  const double count = _config.box.x * _config.box.y * _config.box.z * std::max(s.rho1, s.rho2);
  if (!_xml.problems().empty() || !checkMoleculeCount(g, count) || !_options.readPhaseSpace) return;
  _config.molecules = MkTcTSGenerator::generate(s, _config.box, _config.temperature, rc, _config.components.size());
}

void XmlConfigReader::readMkesfera(const XmlNode& g) {
  const MkesferaGenerator::Settings s = MkesferaGenerator::read(_xml, g, _config.box);
  const XmlNode cutoffs = _xml.child(_xml.child(_simulationNode, "algorithm"), "cutoffs");
  const double rc = cutoffs ? _xml.number(cutoffs, "radiusLJ", 0.0) : 0.0;
  const double count = _config.box.x * _config.box.y * _config.box.z * std::max(s.density, s.outerDensity);
  if (!_xml.problems().empty() || !checkMoleculeCount(g, count) || !_options.readPhaseSpace) return;
  _config.molecules = MkesferaGenerator::generate(s, _config.box, _config.temperature, rc);
}

void XmlConfigReader::readLatticeGenerator(const XmlNode& g) {
  LatticeGenerator::Settings s;
  std::string lattice = _xml.text(g, "lattice").value_or("fcc");
  std::transform(lattice.begin(), lattice.end(), lattice.begin(), [](unsigned char c) { return std::tolower(c); });
  if (lattice == "fcc") s.lattice = LatticeGenerator::Lattice::FCC;
  else if (lattice == "bcc") s.lattice = LatticeGenerator::Lattice::BCC;
  else if (lattice == "cubic" || lattice == "sc") s.lattice = LatticeGenerator::Lattice::Cubic;
  else _xml.problem(_xml.child(g, "lattice"), "wrong type: lattice '" + lattice + "' (expected fcc, bcc or cubic)");
  const XmlNode cells = _xml.requiredChild(g, "cells", "a number of unit cells per direction");
  if (cells) {
    const char* t = cells.element->GetText();
    std::istringstream words(t ? t : "");
    std::vector<long> n;
    for (std::string w; words >> w;) n.push_back(parseLong(w).value_or(0));
    std::array<long, 3> c{0, 0, 0};
    if (n.size() == 1 || n.size() == 3) {
      for (int d = 0; d < 3; ++d) c[d] = n[n.size() == 1 ? 0 : d];
    } else {
      const char* names[3] = {"x", "y", "z"};
      for (int d = 0; d < 3; ++d) c[d] = _xml.integer(cells, names[d], true, "a positive integer").value_or(1);
    }
    const long maxCells = 1L << 30;
    for (int d = 0; d < 3; ++d) s.cells[d] = c[d] > 0 && c[d] <= maxCells ? static_cast<unsigned>(c[d]) : 0u;
    if (c[0] <= 0 || c[1] <= 0 || c[2] <= 0) _xml.problem(cells, "cells must be positive (expected integers > 0)");
    else if (s.cells[0] == 0 || s.cells[1] == 0 || s.cells[2] == 0) _xml.problem(cells, "cells out of range (expected <= 2^30 per direction)");
    else if (!checkMoleculeCount(cells, static_cast<double>(s.cells[0]) * s.cells[1] * s.cells[2] *
                                            LatticeGenerator::basisSize(s.lattice)))
      s.cells = {0, 0, 0};
  }
  const std::string cidName = _xml.child(g, "componentid") ? "componentid" : "component";
  const long cid = _xml.integer(g, cidName, 1L);
  if (cid < 1 || cid > static_cast<long>(_config.components.size())) {
    const XmlNode cn = _xml.child(g, cidName);
    _xml.problem(cn ? cn : g, "unknown component id " + std::to_string(cid) + " (expected 1.." +
                                                 std::to_string(_config.components.size()) + ")");
    return;
  }
  s.component = static_cast<unsigned>(cid - 1);
  s.temperature = _xml.number(g, "temperature", _config.temperature);
  if (s.temperature < 0) _xml.problem(_xml.child(g, "temperature"), "temperature must not be negative (expected >= 0)");
  s.seed = static_cast<std::uint64_t>(_xml.integer(g, "seed", 1L));
  s.randomOrientations = _xml.boolean(g, "randomorientation", true);
  if (s.cells[0] && s.cells[1] && s.cells[2] && _options.readPhaseSpace)
    _config.molecules = LatticeGenerator::generate(s, _config.components[s.component], _config.box);
}

// ls1-mardyn's CubicGridGenerator: <numMolecules> or <density> (one of them); a body-centred cubic
// lattice of n^3 cells, n = ceil((N/2)^(1/3)), filling the box, component 1, ensemble temperature.
void XmlConfigReader::readCubicGridGenerator(const XmlNode& g) {
  const auto count = _xml.integer(g, "numMolecules", false, "a positive number of molecules");
  const auto density = _xml.number(g, "density", false, "a positive density");
  if (count.has_value() == density.has_value()) {
    _xml.problem(g, "CubicGridGenerator needs exactly one of <numMolecules> and <density>");
    return;
  }
  const double n = count ? static_cast<double>(*count) : *density * _config.box.x * _config.box.y * _config.box.z;
  if (!(n > 0)) {
    _xml.problem(g, "CubicGridGenerator: the number of molecules must be positive");
    return;
  }
  if (_xml.boolean(g, "binaryMixture", false)) {
    _xml.problem(_xml.child(g, "binaryMixture"), "binaryMixture is not supported (expected false)");
    return;
  }
  LatticeGenerator::Settings s;
  s.lattice = LatticeGenerator::Lattice::BCC;
  const double perDim = std::ceil(std::cbrt(n / 2.0) - 1e-9);
  if (!checkMoleculeCount(_xml.child(g, count ? "numMolecules" : "density"), 2.0 * perDim * perDim * perDim)) return;
  const auto cells = static_cast<unsigned>(perDim);
  s.cells = {cells, cells, cells};
  s.component = 0;
  s.temperature = _config.temperature;
  s.seed = static_cast<std::uint64_t>(_xml.integer(g, "seed", 1L));
  if (_options.readPhaseSpace) _config.molecules = LatticeGenerator::generate(s, _config.components[0], _config.box);
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
  if (const XmlNode par = _xml.child(alg, "parallelisation")) {
    _config.parallelisation.type = _xml.attribute(par, "type").value_or("DomainDecomposition");
    // ls1's load-balanced decompositions split the same box differently; the physics does not depend
    // on the split, so they run on the Cartesian grid of DomainDecomposition.
    static const char* balanced[] = {"KDDecomposition", "GeneralDomainDecomposition", "StaticIrregDomainDecomposition",
                                     "DummyDecomposition"};
    for (const char* b : balanced)
      if (_config.parallelisation.type == b) {
        _xml.warning(par, "parallelisation type=\"" + _config.parallelisation.type +
                              "\" runs as DomainDecomposition (a Cartesian process grid); its options are ignored");
        _config.parallelisation.type = "DomainDecomposition";
      }
    if (const XmlNode dims = _xml.child(par, "MPIGridDims")) {
      const char* names[3] = {"x", "y", "z"};
      for (int d = 0; d < 3; ++d) {
        const long v = _xml.integer(dims, names[d], 0L);
        if (v < 0 || v > 1000000) _xml.problem(_xml.child(dims, names[d]), "MPIGridDims out of range (expected 0..1000000)");
        _config.parallelisation.mpiGridDims[d] = static_cast<int>(std::clamp(v, 0L, 1000000L));
      }
    }
  }
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
  if (slabs < 2 || slabs > 10000000) _xml.problem(_xml.child(lr, "slabs"), "slabs out of range (expected 2..10000000)");
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
    // 1-based number are accepted too.
    c.componentName = _xml.attribute(t, "componentId").value_or(_xml.attribute(t, "componentName").value_or(""));
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
  _config.outputPlugins = OutputPluginReader::read(_xml, sim);
  PhysicsPluginReader::read(_xml, sim, _config);
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
