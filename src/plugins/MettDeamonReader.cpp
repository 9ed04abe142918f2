// MettDeamonReader: ls1-mardyn's MettDeamon XML, as ls1 reads it:
//   <plugin name="MettDeamon">
//     <control> <updatefreq/> <logfreqfeed/> <logfreqreleased/> <writefreq/> <numvals/>
//       <feed> <init/> <direction>1</direction> <method>1..5</method> <targetID/> <target/>
//              <release_velo> <method>1|2|3</method> <fix_value/> </release_velo> </feed>
//       <z2method/> <manipfree> <ymin/> <ymax/> <cid_ub/> </manipfree> </control>
//     <reservoir> <file type="binary"><header/><data/></file> | <file type="ASCII">path</file>
//       <binwidth/> <ins_percent/> <changes><change><from/><to/></change></changes> </reservoir>
//     <restart> <binindex/> <deltaY/> </restart>
//     <changes> <change> <from/> <to/> </change>... </changes>   (free component -> trapped component)
//   </plugin>
#include "plugins/MettDeamonReader.h"

#include "io/BinaryPhaseSpace.h"
#include "io/PhaseSpaceReader.h"

#include <tinyxml2.h>

#include <filesystem>
#include <limits>
#include <numeric>

namespace mardyn {

namespace {

std::string pathOf(XmlInput& xml, const XmlNode& n, const std::string& expected) {
  if (!n) return {};
  std::string t = n.element->GetText() ? n.element->GetText() : "";
  t.erase(0, t.find_first_not_of(" \t\r\n"));
  t.erase(t.find_last_not_of(" \t\r\n") + 1);
  if (t.empty()) {
    xml.problem(n, "empty file name (expected " + expected + ")");
    return {};
  }
  std::filesystem::path p(t);
  if (p.is_relative()) p = std::filesystem::path(n.file).parent_path() / p;
  return p.string();
}

/// <changes><change><from/><to/></change>...</changes>: 1-based ids, each checked.
std::vector<std::pair<unsigned, unsigned>> readChanges(XmlInput& xml, const XmlNode& changes, std::size_t nc) {
  std::vector<std::pair<unsigned, unsigned>> list;
  const auto all = xml.children(changes, "change");
  if (all.empty()) xml.problem(changes, "no <change> (expected at least one <change><from/><to/></change>)");
  for (const auto& c : all) {
    const long from = xml.integer(c, "from", 1L);
    const long to = xml.integer(c, "to", 1L);
    if (from < 1 || to < 1 || from > static_cast<long>(nc) || to > static_cast<long>(nc)) {
      xml.problem(c, "component change " + std::to_string(from) + " -> " + std::to_string(to) +
                         " names an unknown component (expected 1.." + std::to_string(nc) + ")");
      continue;
    }
    list.emplace_back(static_cast<unsigned>(from - 1), static_cast<unsigned>(to - 1));
  }
  return list;
}

void readReservoir(XmlInput& xml, const XmlNode& res, const SimulationConfig& config, MettDeamonConfig& m) {
  const std::size_t nc = config.components.size();
  m.binWidth = xml.number(res, "binwidth", 0.0);
  if (!(m.binWidth > 0)) xml.problem(res, "reservoir <binwidth> must be positive");
  if (xml.attribute(res, "update").value_or("1") == "0")
    xml.warning(res, "reservoir update=\"0\" has no effect here (the reservoir is always cut at the process regions)");
  if (xml.child(res, "ins_percent") && xml.number(res, "ins_percent", 1.0) != 1.0)
    xml.warning(xml.child(res, "ins_percent"), "ins_percent has no effect (as in ls1, every reservoir molecule is inserted)");
  const XmlNode file = xml.requiredChild(res, "file", "<file type=\"binary\"> or <file type=\"ASCII\">");
  if (!file) return;
  const std::string type = xml.attribute(file, "type").value_or("");
  const std::size_t before = xml.problems().size();
  const double inf = std::numeric_limits<double>::infinity();
  if (type == "binary") {
    const std::string header = pathOf(xml, xml.requiredChild(file, "header", "the path of a .header.xml file"),
                                      "the path of a .header.xml file");
    const std::string data = pathOf(xml, xml.requiredChild(file, "data", "the path of a .dat file"), "the path of a .dat file");
    if (header.empty() || data.empty()) return;
    const BinaryPhaseSpaceHeader h = BinaryPhaseSpace::readHeader(header, file.path + "/header", xml.problems());
    if (xml.problems().size() != before) return;
    m.reservoirBox = h.length;
    m.reservoir = BinaryPhaseSpace::readData(data, file.path + "/data", h, nc, h.length, xml.problems());
  } else if (type == "ASCII") {
    const std::string path = pathOf(xml, file, "the path of an ASCII phase space file");
    if (path.empty()) return;
    PhaseSpaceHeader header;
    m.reservoir = PhaseSpaceReader::read(path, file.path, nc, {inf, inf, inf}, xml.problems(), &header);
    if (xml.problems().size() != before) return;
    if (!header.length) xml.problem(file, "the reservoir file " + path + " has no Length line (its box is needed)");
    else m.reservoirBox = *header.length;
  } else {
    xml.problem(file, "reservoir file type \"" + type + "\" is not known (expected binary or ASCII)");
    return;
  }
  if (xml.problems().size() != before) return;
  if (m.binWidth > m.reservoirBox.y)
    xml.problem(xml.child(res, "binwidth"), "binwidth " + std::to_string(m.binWidth) +
                                                " is wider than the reservoir (" + std::to_string(m.reservoirBox.y) + ")");
  if (const XmlNode changes = xml.child(res, "changes")) {
    std::vector<unsigned> map(nc);
    std::iota(map.begin(), map.end(), 0u);
    for (const auto& [from, to] : readChanges(xml, changes, nc)) map[from] = to;
    for (MoleculeRecord& r : m.reservoir) r.component = map[r.component];
  }
}

}  // namespace

MettDeamonConfig MettDeamonReader::read(XmlInput& xml, const XmlNode& p, const SimulationConfig& config) {
  MettDeamonConfig m;
  m.source = XmlInput::source(p);
  const std::size_t nc = config.components.size();
  m.freeze.resize(nc);
  std::iota(m.freeze.begin(), m.freeze.end(), 0u);
  m.unfreeze = m.freeze;
  const XmlNode control = xml.requiredChild(p, "control", "<control> with <feed>");
  if (control) {
    const long writefreq = xml.integer(control, "writefreq", 0L);
    m.writeFrequency = writefreq > 0 ? static_cast<unsigned long>(writefreq) : 0;
    if (const XmlNode mf = xml.child(control, "manipfree")) {
      m.manipYmin = xml.number(mf, "ymin", 0.0);
      m.manipYmax = xml.number(mf, "ymax", 0.0);
      if (const XmlNode cid = xml.child(mf, "cid_ub")) {
        if (xml.child(cid, "pos") || xml.child(cid, "neg")) {
          xml.problem(cid, "manipfree/cid_ub with <pos>/<neg> is not supported (expected one component id)");
        } else {
          const long c = xml.integer(mf, "cid_ub", 0L);
          if (c < 0 || c > static_cast<long>(nc)) xml.problem(cid, "unknown component " + std::to_string(c));
          else m.manipComponent = static_cast<unsigned>(c);
        }
      }
    }
    const XmlNode feed = xml.requiredChild(control, "feed", "<feed> with <direction>, <method> and <release_velo>");
    if (feed) {
      const long direction = xml.integer(feed, "direction", 0L);
      if (direction == 2)
        xml.problem(xml.child(feed, "direction"),
                    "MettDeamon direction 2 (right to left) is not supported (expected 1, left to right)");
      else if (direction != 1)
        xml.problem(feed, "MettDeamon feed direction " + std::to_string(direction) + " is not known (expected 1)");
      const long method = xml.integer(feed, "method", 0L);
      m.feed = xml.number(feed, "init", 0.0);
      if (method == 4) {
        m.feed = xml.number(feed, "target", m.feed);
      } else if (method == 5) {
        m.directed = true;  // the feed comes from MettDeamonFeedrateDirector (PhysicsPluginReader checks it is there)
      } else if (method >= 1 && method <= 3) {
        // ls1 computes the feed of these methods only in a branch that method 5 alone enters: the feed stays <init>
        xml.warning(xml.child(feed, "method"), "MettDeamon feed method " + std::to_string(method) +
                                                   " keeps the feed at <init> for the whole run (as ls1 does)");
      } else {
        xml.problem(feed, "MettDeamon feed method " + std::to_string(method) + " is not known (expected 1..5)");
      }
      if (!(m.feed >= 0)) xml.problem(feed, "MettDeamon feed must not be negative");
      const XmlNode rv = xml.child(feed, "release_velo");
      const long rvm = rv ? xml.integer(rv, "method", 0L) : 0L;
      if (rvm == 1) {
        m.releaseMethod = 1;
      } else if (rvm == 2 || rvm == 3) {  // ls1 reads 3 as 2
        m.releaseMethod = 2;
        m.releaseVy = xml.number(rv, "fix_value", 0.0);
      } else if (rvm == 4 || rvm == 5) {
        xml.problem(rv, "MettDeamon release_velo method " + std::to_string(rvm) +
                            " (velocities from a Maxwell-Boltzmann distribution) is not supported (expected 1, 2 or 3)");
      } else {
        xml.problem(rv ? rv : feed, "MettDeamon needs <release_velo><method>1|2|3</method></release_velo>");
      }
    }
  }
  if (const XmlNode res = xml.requiredChild(p, "reservoir", "<reservoir> with <file> and <binwidth>"))
    readReservoir(xml, res, config, m);
  if (const XmlNode restart = xml.child(p, "restart")) {
    if (xml.child(restart, "binindex") && xml.child(restart, "deltaY")) {
      m.restart = true;
      const long bin = xml.integer(restart, "binindex", 0L);
      if (bin < 0) xml.problem(xml.child(restart, "binindex"), "binindex must not be negative");
      m.restartBin = static_cast<unsigned>(std::max(0L, bin));
      m.restartDeltaY = xml.number(restart, "deltaY", 0.0);
    }
  }
  const XmlNode changes = xml.requiredChild(p, "changes", "<changes> with <change><from/><to/></change>");
  if (changes)
    for (const auto& [from, to] : readChanges(xml, changes, nc)) {
      m.freeze[from] = to;
      m.unfreeze[to] = from;
    }
  return m;
}

}  // namespace mardyn
