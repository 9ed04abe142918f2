// BinaryPhaseSpace: reads and writes ls1-mardyn's binary phase space (header XML + packed records).
#include "io/BinaryPhaseSpace.h"

#include "io/AtomicFile.h"
#include "config/XmlInput.h"

#include <tinyxml2.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

namespace mardyn {

namespace {
template <typename T>
void put(std::ostream& out, T value) {
  out.write(reinterpret_cast<const char*>(&value), sizeof value);
}
template <typename T>
T get(const char*& p) {
  T value;
  std::memcpy(&value, p, sizeof value);
  p += sizeof value;
  return value;
}
const tinyxml2::XMLElement* path(const tinyxml2::XMLElement* e, const char* a, const char* b = nullptr) {
  e = e ? e->FirstChildElement(a) : nullptr;
  return b && e ? e->FirstChildElement(b) : e;
}
}  // namespace

std::size_t BinaryPhaseSpace::recordSize(const std::string& format) {
  if (format == "ICRVQD") return 8 + 4 + 13 * 8;
  if (format == "ICRV") return 8 + 4 + 6 * 8;
  if (format == "IRV") return 8 + 6 * 8;
  return 0;
}

BinaryPhaseSpaceHeader BinaryPhaseSpace::readHeader(const std::string& file, const std::string& element,
                                                    std::vector<InputProblem>& problems) {
  BinaryPhaseSpaceHeader h;
  tinyxml2::XMLDocument doc;
  if (doc.LoadFile(file.c_str()) != tinyxml2::XML_SUCCESS) {
    const bool missing = doc.ErrorID() == tinyxml2::XML_ERROR_FILE_NOT_FOUND;
    problems.push_back({file, missing ? 0 : doc.ErrorLineNum(), element,
                        missing ? "cannot open the binary phase-space header (expected an existing .header.xml file)"
                                : std::string("not a readable XML file: ") + doc.ErrorStr()});
    return h;
  }
  const tinyxml2::XMLElement* info = path(doc.RootElement(), "headerinfo");
  auto number = [&](const tinyxml2::XMLElement* e, const char* name, double& out) {
    std::string t = e && e->GetText() ? e->GetText() : "";
    t.erase(0, t.find_first_not_of(" \t\r\n"));
    t.erase(t.find_last_not_of(" \t\r\n") + 1);
    if (const auto v = parseFinite(t)) out = *v;
    else
      problems.push_back({file, e ? e->GetLineNum() : (info ? info->GetLineNum() : 0), element,
                          std::string("missing or not a finite number: headerinfo/") + name});
  };
  if (!info) {
    problems.push_back({file, 0, element, "no <headerinfo> in the binary phase-space header (expected /mardyn/headerinfo)"});
    return h;
  }
  number(path(info, "time"), "time", h.time);
  number(path(info, "length", "x"), "length/x", h.length.x);
  number(path(info, "length", "y"), "length/y", h.length.y);
  number(path(info, "length", "z"), "length/z", h.length.z);
  double n = -1;
  number(path(info, "number"), "number", n);
  if (!(n >= 0) || n != std::floor(n) || n > 1e15)
    problems.push_back({file, info->GetLineNum(), element, "headerinfo/number must be a non-negative integer"});
  else
    h.number = static_cast<std::uint64_t>(n);
  const tinyxml2::XMLElement* fmt = path(info, "format");
  h.format = fmt && fmt->Attribute("type") ? fmt->Attribute("type") : "";
  if (recordSize(h.format) == 0)
    problems.push_back({file, fmt ? fmt->GetLineNum() : info->GetLineNum(), element,
                        "unknown molecule format '" + h.format + "' (expected format type=\"ICRVQD\", \"ICRV\" or \"IRV\")"});
  return h;
}

std::vector<MoleculeRecord> BinaryPhaseSpace::readData(const std::string& file, const std::string& element,
                                                       const BinaryPhaseSpaceHeader& header, std::size_t numComponents,
                                                       const Vec3& box, std::vector<InputProblem>& problems) {
  std::vector<MoleculeRecord> out;
  const std::size_t size = recordSize(header.format);
  if (size == 0) return out;
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    problems.push_back({file, 0, element, "cannot open the binary phase-space data (expected an existing .dat file)"});
    return out;
  }
  in.seekg(0, std::ios::end);
  const auto bytes = static_cast<std::uint64_t>(in.tellg());
  in.seekg(0);
  if (bytes < header.number * size) {
    std::ostringstream msg;
    msg << "the file has " << bytes << " bytes, fewer than the " << header.number << " molecules of format "
        << header.format << " the header announces need (" << header.number * size << ")";
    problems.push_back({file, 0, element, msg.str()});
    return out;
  }
  std::vector<char> buf(static_cast<std::size_t>(header.number * size));
  in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
  out.reserve(header.number);
  const char* p = buf.data();
  std::size_t reported = 0;
  auto bad = [&](std::uint64_t i, const std::string& what) {
    if (reported++ < 20) problems.push_back({file, 0, element, "molecule " + std::to_string(i + 1) + ": " + what});
  };
  const bool checkBox = box.x > 0 && box.y > 0 && box.z > 0;
  for (std::uint64_t i = 0; i < header.number; ++i) {
    MoleculeRecord m;
    m.id = static_cast<unsigned long>(get<std::uint64_t>(p));
    std::uint32_t cid = 1;
    if (header.format != "IRV") cid = get<std::uint32_t>(p);
    double v[13] = {0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0};
    const int n = header.format == "ICRVQD" ? 13 : 6;
    for (int k = 0; k < n; ++k) v[k] = get<double>(p);
    bool finite = true;
    for (double x : v) finite = finite && std::isfinite(x);
    if (!finite) bad(i, "a number that is not finite");
    if (cid < 1 || cid > numComponents)
      bad(i, "component id " + std::to_string(cid) + " (expected 1.." + std::to_string(numComponents) + ")");
    m.component = cid >= 1 ? cid - 1 : 0;
    m.r = Vec3(v[0], v[1], v[2]);
    m.v = Vec3(v[3], v[4], v[5]);
    m.q = Quaternion(v[6], v[7], v[8], v[9]);
    m.L = Vec3(v[10], v[11], v[12]);
    if (checkBox && finite &&
        (m.r.x < 0 || m.r.x >= box.x || m.r.y < 0 || m.r.y >= box.y || m.r.z < 0 || m.r.z >= box.z)) {
      std::ostringstream msg;
      msg.precision(17);
      msg << "position (" << m.r.x << ", " << m.r.y << ", " << m.r.z << ") outside the box";
      bad(i, msg.str());
    }
    out.push_back(m);
  }
  if (reported > 20) problems.push_back({file, 0, element, std::to_string(reported - 20) + " more molecules with problems"});
  return out;
}

void BinaryPhaseSpace::writeHeader(std::ostream& out, double time, const Vec3& box, std::uint64_t number) {
  char t[64], x[64], y[64], z[64];
  std::snprintf(t, sizeof t, "%21.15e", time);
  std::snprintf(x, sizeof x, "%21.15e", box.x);
  std::snprintf(y, sizeof y, "%21.15e", box.y);
  std::snprintf(z, sizeof z, "%21.15e", box.z);
  out << "<?xml version='1.0' encoding='UTF-8'?>\n<mardyn version=\"20100525\" >\n\t<headerinfo>\n"
      << "\t\t<time>" << t << "</time>\n\t\t<length>\n"
      << "\t\t\t<x>" << x << "</x> <y>" << y << "</y> <z>" << z << "</z>\n\t\t</length>\n"
      << "\t\t<number>" << number << "</number>\n\t\t<format type=\"ICRVQD\"/>\n\t</headerinfo>\n</mardyn>\n";
}

void BinaryPhaseSpace::writeRecord(std::ostream& out, unsigned long id, unsigned component, const Vec3& r, const Vec3& v,
                                   const Quaternion& q, const Vec3& L) {
  put<std::uint64_t>(out, id);
  put<std::uint32_t>(out, component + 1);
  for (double d : {r.x, r.y, r.z, v.x, v.y, v.z, q.w(), q.x(), q.y(), q.z(), L.x, L.y, L.z}) put<double>(out, d);
}

void BinaryPhaseSpace::write(const std::string& base, double time, const Vec3& box, const std::vector<Molecule>& molecules) {
  AtomicFile data(base + ".dat");
  for (const auto& m : molecules) writeRecord(data.stream(), m.id(), m.componentId(), m.r(), m.v(), m.q(), m.L());
  data.commit();
  AtomicFile head(base + ".header.xml");
  writeHeader(head.stream(), time, box, molecules.size());
  head.commit();
}

}  // namespace mardyn
