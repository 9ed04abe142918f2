// PhaseSpaceReader: ls1-mardyn ASCII phase space. Columns per format:
//   ICRVQD: id cid rx ry rz vx vy vz q0 q1 q2 q3 Dx Dy Dz   (D = angular momentum, space frame)
//   ICRV:   id cid rx ry rz vx vy vz
//   IRV:    id rx ry rz vx vy vz                            (component 1)
// Header lines before NumberOfMolecules: currentTime (or t), Length (or L), and this program's
// comments "# mardyn-step N" and "# mardyn-state <plugin> <text>"; everything else is skipped.
#include "io/PhaseSpaceReader.h"

#include "config/XmlInput.h"
#include "utils/MemoryLimit.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <unordered_map>

namespace mardyn {

namespace {
std::vector<std::string> tokens(const std::string& line) {
  std::vector<std::string> t;
  std::istringstream ss(line);
  std::string s;
  while (ss >> s) t.push_back(s);
  return t;
}

/// Collects the problems of one file, at most maxProblemsPerFile of them listed.
class ProblemList {
 public:
  ProblemList(std::vector<InputProblem>& problems, std::string file, std::string element)
      : _problems(problems), _file(std::move(file)), _element(std::move(element)) {}
  void operator()(int line, const std::string& message) {
    if (_reported < PhaseSpaceReader::maxProblemsPerFile) {
      _problems.push_back({_file, line, _element, message});
      ++_reported;
    } else {
      ++_suppressed;
    }
  }
  void finish() {
    if (_suppressed > 0)
      _problems.push_back({_file, 0, _element, "... and " + std::to_string(_suppressed) + " more problems in this file"});
  }

 private:
  std::vector<InputProblem>& _problems;
  std::string _file, _element;
  std::size_t _reported = 0, _suppressed = 0;
};

/// One header line (before NumberOfMolecules) into `header`.
void readHeaderLine(const std::string& line, const std::vector<std::string>& t, int lineNo, PhaseSpaceHeader& header,
                    ProblemList& report) {
  if (t.size() > 1 && (t[0] == "currentTime" || t[0] == "t")) {
    header.time = parseFinite(t[1]);
    if (!header.time) report(lineNo, "currentTime '" + t[1] + "' is not a finite number");
  } else if (t.size() > 3 && (t[0] == "Length" || t[0] == "L")) {
    const auto x = parseFinite(t[1]), y = parseFinite(t[2]), z = parseFinite(t[3]);
    if (x && y && z) {
      header.length = Vec3(*x, *y, *z);
      header.lengthLine = lineNo;
    }
  } else if (t.size() > 2 && t[0] == "#" && t[1] == "mardyn-step") {
    const auto s = parseLong(t[2]);
    if (!s || *s < 0) report(lineNo, "mardyn-step '" + t[2] + "' is not a step number (expected an integer >= 0)");
    else header.step = static_cast<unsigned long>(*s);
  } else if (t.size() > 2 && t[0] == "#" && t[1] == "mardyn-state") {
    const std::size_t at = line.find(t[2], line.find("mardyn-state") + 12);
    std::string rest = line.substr(at + t[2].size());
    rest.erase(0, rest.find_first_not_of(" \t"));
    header.pluginStates.emplace_back(t[2], rest);
  }
}

std::string vecText(const Vec3& v) {
  std::ostringstream os;
  os.precision(17);
  os << "(" << v.x << ", " << v.y << ", " << v.z << ")";
  return os.str();
}
}  // namespace

std::vector<MoleculeRecord> PhaseSpaceReader::read(const std::string& file, const std::string& element,
                                                   std::size_t numComponents, const Vec3& box,
                                                   std::vector<InputProblem>& problems, PhaseSpaceHeader* header) {
  std::ifstream in(file);
  if (!in) {
    problems.push_back({file, 0, element, "cannot read the phase-space file (expected a readable ASCII .inp file)"});
    return {};
  }
  return read(in, file, element, numComponents, box, problems, header);
}

std::vector<MoleculeRecord> PhaseSpaceReader::read(std::istream& in, const std::string& file,
                                                   const std::string& element, std::size_t numComponents,
                                                   const Vec3& box, std::vector<InputProblem>& problems,
                                                   PhaseSpaceHeader* headerOut) {
  std::vector<MoleculeRecord> molecules;
  ProblemList report(problems, file, element);
  PhaseSpaceHeader header;

  std::string line;
  int lineNo = 0;
  long expected = -1;
  while (std::getline(in, line)) {  // header: skipped up to NumberOfMolecules
    ++lineNo;
    const auto t = tokens(line);
    if (!t.empty() && (t[0] == "NumberOfMolecules" || t[0] == "N")) {  // N: ls1's old short token
      const auto n = t.size() > 1 ? parseLong(t[1]) : std::nullopt;
      if (!n || *n < 0) {
        report(lineNo, "NumberOfMolecules without a valid count (expected a non-negative integer)");
        report.finish();
        return molecules;
      }
      expected = *n;
      break;
    }
    readHeaderLine(line, t, lineNo, header, report);
  }
  if (headerOut) *headerOut = header;
  if (expected < 0) {
    report(lineNo, "truncated phase-space file: no NumberOfMolecules line found (expected an ls1 ASCII .inp)");
    report.finish();
    return molecules;
  }
  const double bytes = static_cast<double>(expected) * sizeof(MoleculeRecord);
  if (!MemoryLimit::fits(bytes)) {
    report(lineNo, "NumberOfMolecules " + std::to_string(expected) + " needs " + MemoryLimit::format(bytes) +
                       " for the molecules alone, more than the " + MemoryLimit::format(MemoryLimit::availableBytes()) +
                       " of memory available (expected a count that fits in memory)");
    report.finish();
    return molecules;
  }

  std::string format = "ICRVQD";
  std::streampos afterCount = in.tellg();
  int lineAfterCount = lineNo;
  while (std::getline(in, line)) {  // optional MoleculeFormat line
    ++lineNo;
    const auto t = tokens(line);
    if (t.empty()) continue;
    if (t[0] == "MoleculeFormat" || t[0] == "M") {  // M: ls1's old short token
      format = t.size() > 1 ? t[1] : "";
      if (format != "ICRVQD" && format != "ICRV" && format != "IRV") {
        report(lineNo, "unknown MoleculeFormat '" + format + "' (expected ICRVQD, ICRV or IRV)");
        report.finish();
        return molecules;
      }
    } else {
      in.clear();
      in.seekg(afterCount);
      lineNo = lineAfterCount;
    }
    break;
  }

  const std::size_t columns = format == "ICRVQD" ? 15 : (format == "ICRV" ? 8 : 7);
  const bool hasCid = format != "IRV";
  // The count is only a claim: grow with the lines actually there.
  molecules.reserve(static_cast<std::size_t>(std::min<long>(expected, 1L << 20)));
  std::unordered_map<unsigned long, int> idLines;
  long count = 0;
  while (count < expected && std::getline(in, line)) {
    ++lineNo;
    const auto t = tokens(line);
    if (t.empty()) continue;
    ++count;
    if (t.size() < columns) {
      report(lineNo, "molecule line has " + std::to_string(t.size()) + " columns (expected " + std::to_string(columns) +
                         " for format " + format + ")");
      continue;
    }
    const auto id = parseLong(t[0]);
    if (!id || *id < 0) {
      report(lineNo, "molecule id '" + t[0] + "' is not an integer >= 0");
      continue;
    }
    std::vector<double> v(columns);
    bool ok = true;
    for (std::size_t i = 1; i < columns && ok; ++i) {
      const auto d = parseDouble(t[i]);
      if (!d) report(lineNo, "column " + std::to_string(i + 1) + " '" + t[i] + "' is not a number");
      else if (!std::isfinite(*d)) report(lineNo, "column " + std::to_string(i + 1) + " '" + t[i] + "' is not a finite number");
      ok = d && std::isfinite(*d);
      if (ok) v[i] = *d;
    }
    if (!ok) continue;
    MoleculeRecord m;
    m.id = static_cast<unsigned long>(*id);
    std::size_t k = 1;
    if (hasCid) {
      const double cid = v[k++];
      if (cid != std::floor(cid) || cid < 1 || cid > static_cast<double>(numComponents)) {
        report(lineNo, "unknown component id " + t[1] + " (expected 1.." + std::to_string(numComponents) + ")");
        continue;
      }
      m.component = static_cast<unsigned>(cid - 1);
    } else if (numComponents < 1) {
      report(lineNo, "unknown component id 1 (no components defined)");
      continue;
    }
    m.r = {v[k], v[k + 1], v[k + 2]};
    m.v = {v[k + 3], v[k + 4], v[k + 5]};
    k += 6;
    if (format == "ICRVQD") {
      Quaternion q(v[k], v[k + 1], v[k + 2], v[k + 3]);
      if (!(q.magnitude2() > 1e-200) || !std::isfinite(q.magnitude2())) {
        report(lineNo, "orientation quaternion is zero or too large (expected a unit quaternion)");
        continue;
      }
      if (std::abs(q.magnitude2() - 1.0) > 1e-12) q.normalize();
      m.q = q;
      m.L = {v[k + 4], v[k + 5], v[k + 6]};
    }
    bool inside = true;
    for (int d = 0; d < 3; ++d)
      if (!(m.r[d] >= 0.0 && m.r[d] < box[d])) inside = false;
    if (!inside) {
      report(lineNo, "molecule " + std::to_string(m.id) + " at " + vecText(m.r) + " is outside the box (expected 0 <= r < " +
                         vecText(box) + ")");
      continue;
    }
    const auto [it, fresh] = idLines.emplace(m.id, lineNo);
    if (!fresh) {
      report(lineNo, "molecule id " + std::to_string(m.id) + " repeats the id of line " + std::to_string(it->second) +
                         " (expected every id once)");
      continue;
    }
    molecules.push_back(m);
  }
  if (count < expected) {
    report(lineNo, "truncated phase-space file: " + std::to_string(count) + " molecules found, NumberOfMolecules says " +
                       std::to_string(expected));
  } else {
    long extra = 0;
    int firstExtra = 0;
    while (std::getline(in, line)) {
      ++lineNo;
      const auto t = tokens(line);
      if (t.empty() || t[0][0] == '#') continue;
      if (extra++ == 0) firstExtra = lineNo;
    }
    if (extra > 0)
      report(firstExtra, std::to_string(extra) + " molecule line" + (extra == 1 ? "" : "s") +
                             " after the " + std::to_string(expected) +
                             " that NumberOfMolecules announces (expected exactly NumberOfMolecules lines)");
  }
  report.finish();
  return molecules;
}

}  // namespace mardyn
