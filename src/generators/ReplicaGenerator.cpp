// ReplicaGenerator: ls1's ReplicaGenerator. The small boxes are ls1 binary phase spaces (header + data);
// the blocks, the gaps at the interfaces and the component changes follow ls1's placement rules.
//   <generator name="ReplicaGenerator"> <type>homogeneous|heterogeneous_VLV|heterogeneous_LV</type>
//     <files> <vapor><header/><data/></vapor> <liquid><header/><data/></liquid> </files>
//     <numblocks> <xz/> <vapor/> <liquid/> </numblocks> <diameter/>
//     <componentIDs> <vapor><change><from/><to/></change>...</vapor> <liquid>...</liquid> </componentIDs>
#include "generators/ReplicaGenerator.h"

#include "io/BinaryPhaseSpace.h"

#include <tinyxml2.h>

#include <cmath>
#include <filesystem>
#include <numeric>
#include <sstream>

namespace mardyn {

namespace {

double liquidLength(const ReplicaGenerator::Settings& s, const ReplicaGenerator::Phase* liquid) {
  return liquid ? s.blocksLiquid * liquid->length.y : 0.0;
}

/// The open y intervals left empty: ls1's free-space positions (none for the homogeneous type).
std::vector<std::pair<double, double>> gaps(const ReplicaGenerator::Settings& s, const ReplicaGenerator::Phase& vapor,
                                            const ReplicaGenerator::Phase* liquid) {
  const double v = s.blocksVapor * vapor.length.y, l = liquidLength(s, liquid), d = s.diameter;
  switch (s.type) {
    case ReplicaGenerator::Type::VaporLiquidVapor:
      return {{v - d, v}, {v + l, v + l + d}, {2 * v + l - d, 2 * v + l}};
    case ReplicaGenerator::Type::LiquidVapor:
      return {{l, l + d}, {l + v - d, l + v}};
    default:
      return {};
  }
}

std::string pathOf(XmlInput& xml, const XmlNode& parent, const char* name, const char* expected) {
  const XmlNode n = xml.requiredChild(parent, name, expected);
  if (!n) return {};
  std::string t = n.element->GetText() ? n.element->GetText() : "";
  t.erase(0, t.find_first_not_of(" \t\r\n"));
  t.erase(t.find_last_not_of(" \t\r\n") + 1);
  if (t.empty()) {
    xml.problem(n, std::string("empty file name (expected ") + expected + ")");
    return {};
  }
  std::filesystem::path p(t);
  if (p.is_relative()) p = std::filesystem::path(n.file).parent_path() / p;
  return p.string();
}

unsigned positive(XmlInput& xml, const XmlNode& parent, const char* name, const char* what) {
  const auto n = xml.integer(parent, name, true, what);
  if (n && (*n < 1 || *n > (1L << 20))) {
    xml.problem(xml.child(parent, name), std::string(name) + " out of range (expected " + what + ")");
    return 0;
  }
  return n ? static_cast<unsigned>(*n) : 0u;
}

/// componentIDs/<phase>/change/{from,to} (1-based) into `map` (0-based, identity where not changed).
void readChanges(XmlInput& xml, const XmlNode& generator, const char* phase, std::size_t numComponents,
                 std::vector<unsigned>& map) {
  map.resize(numComponents);
  std::iota(map.begin(), map.end(), 0u);
  const XmlNode p = xml.child(xml.child(generator, "componentIDs"), phase);
  if (!p) return;
  const std::vector<XmlNode> changes = xml.children(p, "change");
  if (changes.empty()) xml.problem(p, "no <change> (expected <change><from/><to/></change> with 1-based component ids)");
  const std::string range = "a component id 1.." + std::to_string(numComponents);
  for (const XmlNode& c : changes) {
    const long from = xml.integer(c, "from", 1L), to = xml.integer(c, "to", 1L);
    if (from < 1 || to < 1 || from > static_cast<long>(numComponents) || to > static_cast<long>(numComponents)) {
      xml.problem(c, "unknown component id in change " + std::to_string(from) + " -> " + std::to_string(to) +
                         " (expected " + range + ")");
      continue;
    }
    map[from - 1] = static_cast<unsigned>(to - 1);
  }
}

bool readPhase(XmlInput& xml, const XmlNode& files, const char* name, std::size_t numComponents, bool readFiles,
               ReplicaGenerator::Phase& phase) {
  const XmlNode f = xml.requiredChild(files, name, "<header> and <data> of a binary phase space");
  if (!f) return false;
  const std::string header = pathOf(xml, f, "header", "the path of a .header.xml file");
  const std::string data = pathOf(xml, f, "data", "the path of the binary data file");
  if (header.empty() || data.empty()) return false;
  const std::size_t before = xml.problems().size();
  const BinaryPhaseSpaceHeader h = BinaryPhaseSpace::readHeader(header, f.path + "/header", xml.problems());
  if (xml.problems().size() != before) return false;
  if (!(h.length.x > 0 && h.length.y > 0 && h.length.z > 0)) {
    xml.problem(f, "the replicated box's length is not positive (expected headerinfo/length > 0 in " + header + ")");
    return false;
  }
  phase.length = h.length;
  if (readFiles)
    phase.molecules = BinaryPhaseSpace::readData(data, f.path + "/data", h, numComponents, Vec3(), xml.problems());
  return xml.problems().size() == before;
}

}  // namespace

Vec3 ReplicaGenerator::box(const Settings& s, const Phase& vapor, const Phase* liquid) {
  const double v = s.blocksVapor * vapor.length.y, l = liquidLength(s, liquid);
  const double y = s.type == Type::VaporLiquidVapor ? 2 * v + l : v + l;
  return {s.blocksXZ * vapor.length.x, y, s.blocksXZ * vapor.length.z};
}

double ReplicaGenerator::blockMoleculeCount(const Settings& s, const Phase& vapor, const Phase* liquid) {
  const double nv = static_cast<double>(vapor.molecules.size()), nl = liquid ? liquid->molecules.size() : 0.0;
  const double layer = static_cast<double>(s.blocksXZ) * s.blocksXZ;
  if (s.type == Type::VaporLiquidVapor) return layer * (2.0 * s.blocksVapor * nv + s.blocksLiquid * nl);
  if (s.type == Type::LiquidVapor) return layer * (s.blocksVapor * nv + s.blocksLiquid * nl);
  return layer * s.blocksVapor * nv;
}

std::vector<MoleculeRecord> ReplicaGenerator::generate(const Settings& s, const Phase& vapor, const Phase* liquid,
                                                       std::size_t* gapped) {
  const Vec3 L = box(s, vapor, liquid);
  const Vec3& bl = vapor.length;
  const auto empty = gaps(s, vapor, liquid);
  const bool heterogeneous = s.type != Type::Homogeneous && liquid;
  // liquid block range along y: after the vapour blocks (VLV) or from the bottom (LV)
  const unsigned liqBegin = s.type == Type::VaporLiquidVapor ? s.blocksVapor : 0u;
  const unsigned liqEnd = liqBegin + s.blocksLiquid;  // exclusive
  unsigned long blocks[3];
  for (int d = 0; d < 3; ++d) blocks[d] = static_cast<unsigned long>(std::ceil(L[d] / bl[d] + 1.0));
  std::vector<MoleculeRecord> out;
  out.reserve(static_cast<std::size_t>(blockMoleculeCount(s, vapor, liquid)));
  std::size_t cut = 0;
  unsigned long id = 0;
  for (unsigned long i = 0; i < blocks[0]; ++i)
    for (unsigned long k = 0; k < blocks[2]; ++k)
      for (unsigned long j = 0; j < blocks[1]; ++j) {
        const bool liq = heterogeneous && j >= liqBegin && j < liqEnd;
        const Phase& p = liq ? *liquid : vapor;
        const Vec3 shift{i * bl.x, j * bl.y, k * bl.z};
        for (const MoleculeRecord& m : p.molecules) {
          MoleculeRecord r = m;
          r.r = m.r + shift;
          if (!(r.r.x >= 0 && r.r.x < L.x && r.r.y >= 0 && r.r.y < L.y && r.r.z >= 0 && r.r.z < L.z)) continue;
          bool inGap = false;
          for (const auto& [lo, hi] : empty) inGap = inGap || (r.r.y > lo && r.r.y < hi);
          if (inGap) {
            ++cut;
            continue;
          }
          r.component = m.component < p.componentMap.size() ? p.componentMap[m.component] : m.component;
          r.id = id++;
          out.push_back(r);
        }
      }
  if (gapped) *gapped = cut;
  return out;
}

bool ReplicaGenerator::read(XmlInput& xml, const XmlNode& g, std::size_t numComponents, bool readFiles,
                            const std::function<bool(const XmlNode&, double)>& fits, Input& out) {
  const std::size_t before = xml.problems().size();
  Settings& s = out.settings;
  const XmlNode typeNode = xml.requiredChild(g, "type", "homogeneous, heterogeneous_VLV or heterogeneous_LV");
  const std::string type = xml.text(g, "type").value_or("");
  if (type == "homogeneous") s.type = Type::Homogeneous;
  else if (type == "heterogeneous_VLV") s.type = Type::VaporLiquidVapor;
  else if (type == "heterogeneous_LV") s.type = Type::LiquidVapor;
  else if (typeNode) xml.problem(typeNode, "wrong type '" + type + "' (expected homogeneous, heterogeneous_VLV or heterogeneous_LV)");
  const bool heterogeneous = s.type != Type::Homogeneous;
  const XmlNode nb = xml.requiredChild(g, "numblocks", "<numblocks> with <xz> and <vapor> (and <liquid>)");
  if (nb) {
    s.blocksXZ = positive(xml, nb, "xz", "a number of blocks 1..2^20");
    s.blocksVapor = positive(xml, nb, "vapor", "a number of blocks 1..2^20");
    if (heterogeneous) s.blocksLiquid = positive(xml, nb, "liquid", "a number of blocks 1..2^20");
  }
  if (heterogeneous) {
    s.diameter = xml.number(g, "diameter", true, "the gap width at the interfaces, >= 0").value_or(0.0);
    if (s.diameter < 0) xml.problem(xml.child(g, "diameter"), "diameter must not be negative (expected >= 0)");
  }
  readChanges(xml, g, "vapor", numComponents, out.vapor.componentMap);
  readChanges(xml, g, "liquid", numComponents, out.liquid.componentMap);
  const XmlNode files = xml.requiredChild(g, "files", "<files> with <vapor> (and <liquid>)");
  if (!files || xml.problems().size() != before) return false;
  if (!readPhase(xml, files, "vapor", numComponents, readFiles, out.vapor)) return false;
  if (heterogeneous && !readPhase(xml, files, "liquid", numComponents, readFiles, out.liquid)) return false;
  if (!readFiles) return xml.problems().size() == before;
  if (!fits(nb, blockMoleculeCount(s, out.vapor, heterogeneous ? &out.liquid : nullptr))) return false;
  return xml.problems().size() == before;
}

// ls1-mardyn's ReplicaGenerator: the box becomes the replicas' box (as in ls1, which overwrites the XML's
// domain; a warning names a difference); the simulation time is the XML's (ls1 ignores the headers' times).
void ReplicaGenerator::readAndGenerate(XmlInput& xml, const XmlNode& g, GeneratorInput& in) {
  ReplicaGenerator::Input rep;
  const bool het = xml.text(g, "type").value_or("") != "homogeneous";
  if (!ReplicaGenerator::read(xml, g, in.config.components.size(), in.readPhaseSpace, in.fits, rep))
    return;
  const Vec3 box = ReplicaGenerator::box(rep.settings, rep.vapor, het ? &rep.liquid : nullptr);
  const Vec3& B = in.config.box;
  if (std::abs(box.x - B.x) > 1e-9 * B.x || std::abs(box.y - B.y) > 1e-9 * B.y || std::abs(box.z - B.z) > 1e-9 * B.z) {
    std::ostringstream msg;
    msg.precision(17);
    msg << "the replicas make a box of (" << box.x << ", " << box.y << ", " << box.z << "), not the ("
        << B.x << ", " << B.y << ", " << B.z << ") of " << in.domainPath << "; the replicas' box is used (as in ls1)";
    xml.warning(g, msg.str());
  }
  in.config.box = box;
  if (in.readPhaseSpace)
    in.config.molecules = ReplicaGenerator::generate(rep.settings, rep.vapor, het ? &rep.liquid : nullptr);
}

}  // namespace mardyn
