// XmlConfigReader's phase-space part: phasespacepoint/file (ASCII .inp or ls1's binary files) and the
// generators, looked up by name in one table (readGenerator): Lattice, CubicGridGenerator, MultiObjectGenerator,
// mkTcTS, mkesfera, PerCellGenerator, ReplicaGenerator.
#include "io/XmlConfigReader.h"

#include "generators/MkTcTSGenerator.h"
#include "generators/MkesferaGenerator.h"
#include "generators/PerCellGenerator.h"
#include "generators/ReplicaGenerator.h"
#include "generators/MultiObjectGenerator.h"
#include "io/BinaryPhaseSpace.h"
#include "io/LatticeGenerator.h"
#include "io/PhaseSpaceReader.h"

#include <tinyxml2.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <sstream>

namespace mardyn {

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
      {"PerCellGenerator", &XmlConfigReader::readPerCellGenerator},
      {"ReplicaGenerator", &XmlConfigReader::readReplicaGenerator},
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
  // mkesfera fills a cube of the largest box length with a third more sites than the densest phase needs
  const double edge = std::max({_config.box.x, _config.box.y, _config.box.z});
  const double count = 1.3333 * edge * edge * edge * std::max(s.density, s.outerDensity);
  if (!_xml.problems().empty() || !checkMoleculeCount(g, count) || !_options.readPhaseSpace) return;
  _config.molecules = MkesferaGenerator::generate(s, _config.box, _config.temperature, rc);
}

// ls1-mardyn's PerCellGenerator: <numMoleculesPerCell> (required) molecules in every linked cell, whose edge
// comes from algorithm/cutoffs/radiusLJ and algorithm/datastructure/cellsInCutoffRadius (read here),
// <initTemperature> (required, > 0), <generateAtLeastTwoParticles> (default true), <seed> (default 1).
void XmlConfigReader::readPerCellGenerator(const XmlNode& g) {
  PerCellGenerator::Settings s;
  const auto perCell = _xml.integer(g, "numMoleculesPerCell", true, "a number of molecules per cell >= 0");
  if (perCell && *perCell < 0) _xml.problem(_xml.child(g, "numMoleculesPerCell"), "numMoleculesPerCell must not be negative (expected >= 0)");
  const auto T = _xml.number(g, "initTemperature", true, "a positive temperature");
  if (T && !(*T > 0)) _xml.problem(_xml.child(g, "initTemperature"), "initTemperature must be positive (expected > 0)");
  s.atLeastTwo = _xml.boolean(g, "generateAtLeastTwoParticles", true);
  s.seed = static_cast<std::uint64_t>(_xml.integer(g, "seed", 1L));
  const XmlNode algorithm = _xml.child(_simulationNode, "algorithm");
  const XmlNode cutoffs = _xml.child(algorithm, "cutoffs");
  const double rc = cutoffs ? _xml.number(cutoffs, "radiusLJ", 0.0) : 0.0;
  const XmlNode ds = _xml.child(algorithm, "datastructure");
  const long inCutoff = ds ? _xml.integer(ds, "cellsInCutoffRadius", 1L) : 1L;
  if (!(rc > 0)) {
    _xml.problem(g, "PerCellGenerator needs algorithm/cutoffs/radiusLJ > 0 (the cells are the linked cells)");
    return;
  }
  if (!perCell || !T || *perCell < 0 || !(*T > 0) || inCutoff < 1 || !_xml.problems().empty()) return;
  s.perCell = static_cast<unsigned long>(*perCell);
  s.temperature = *T;
  s.cellEdge = rc / static_cast<double>(inCutoff);
  const auto n = PerCellGenerator::cells(_config.box, s.cellEdge);
  const double count = s.perCell == 0 ? (s.atLeastTwo ? 2.0 : 0.0)
                                      : static_cast<double>(n[0]) * n[1] * n[2] * static_cast<double>(s.perCell);
  if (!checkMoleculeCount(_xml.child(g, "numMoleculesPerCell"), count) || !_options.readPhaseSpace) return;
  _config.molecules = PerCellGenerator::generate(s, _config.components[0], _config.box);
}

// ls1-mardyn's ReplicaGenerator: the box becomes the replicas' box (as in ls1, which overwrites the XML's
// domain; a warning names a difference); the simulation time is the XML's (ls1 ignores the headers' times).
void XmlConfigReader::readReplicaGenerator(const XmlNode& g) {
  ReplicaGenerator::Input in;
  const bool het = _xml.text(g, "type").value_or("") != "homogeneous";
  if (!ReplicaGenerator::read(_xml, g, _config.components.size(), _options.readPhaseSpace,
                              [this](const XmlNode& n, double count) { return checkMoleculeCount(n, count); }, in))
    return;
  const Vec3 box = ReplicaGenerator::box(in.settings, in.vapor, het ? &in.liquid : nullptr);
  const Vec3& B = _config.box;
  if (std::abs(box.x - B.x) > 1e-9 * B.x || std::abs(box.y - B.y) > 1e-9 * B.y || std::abs(box.z - B.z) > 1e-9 * B.z) {
    std::ostringstream msg;
    msg.precision(17);
    msg << "the replicas make a box of (" << box.x << ", " << box.y << ", " << box.z << "), not the ("
        << B.x << ", " << B.y << ", " << B.z << ") of " << _domainNode.path << "; the replicas' box is used (as in ls1)";
    _xml.warning(g, msg.str());
  }
  _config.box = box;
  if (_options.readPhaseSpace)
    _config.molecules = ReplicaGenerator::generate(in.settings, in.vapor, het ? &in.liquid : nullptr);
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

}  // namespace mardyn
