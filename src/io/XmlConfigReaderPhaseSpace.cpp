// XmlConfigReader's phase-space part: phasespacepoint/file (ASCII .inp or ls1's binary files) and the
// generators, looked up by name in the table the reader was given (readGenerator; GeneratorRegistry's).
#include "io/XmlConfigReader.h"

#include "io/BinaryPhaseSpace.h"
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

// The generators by name (compared without case), from the table the readers were given.
void XmlConfigReader::readGenerator(const XmlNode& g) {
  auto lower = [](std::string n) {
    std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return std::tolower(c); });
    return n;
  };
  const std::string name = _xml.attribute(g, "name").value_or("Lattice");
  std::string known;
  for (const ElementReaders::Generator& entry : _readers.generators) {
    if (lower(entry.name) == lower(name)) {
      GeneratorInput input{_config, _simulationNode, _domainNode.path, _options.readPhaseSpace,
                           [this](const XmlNode& n, double count) { return checkMoleculeCount(n, count); }};
      entry.read(_xml, g, input);
      return;
    }
    known += (known.empty() ? "" : ", ") + entry.name;
  }
  _xml.problem(g, "unknown generator '" + name + "' (expected one of: " + known + ")");
}

}  // namespace mardyn
