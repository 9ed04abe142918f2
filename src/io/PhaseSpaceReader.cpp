// PhaseSpaceReader: ls1-mardyn ASCII phase space. Columns per format:
//   ICRVQD: id cid rx ry rz vx vy vz q0 q1 q2 q3 Dx Dy Dz   (D = angular momentum, space frame)
//   ICRV:   id cid rx ry rz vx vy vz
//   IRV:    id rx ry rz vx vy vz                            (component 1)
// Header lines before NumberOfMolecules: currentTime (or t), Length (or L), and this program's
// comments "# mardyn-step N" and "# mardyn-state <plugin> <text>"; everything else is skipped.
#include "io/PhaseSpaceReader.h"

#include "config/XmlInput.h"
#include "io/RunChain.h"
#include "utils/Crc32.h"
#include "utils/MemoryLimit.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>
#include <unordered_map>

namespace mardyn {

namespace {

bool allDigits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// A molecule id: an unsigned 64-bit integer, as ls1 writes it (its generators set the highest bits).
std::optional<unsigned long> parseId(const std::string& s) {
  if (!allDigits(s)) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  const unsigned long long v = std::strtoull(s.c_str(), &end, 10);
  if (errno == ERANGE || end != s.c_str() + s.size() || v > std::numeric_limits<unsigned long>::max()) return std::nullopt;
  return static_cast<unsigned long>(v);
}
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
    header.pluginStateLines.push_back(lineNo);
  } else if (t.size() == 3 && t[0] == "#" && t[1] == RunChain::key) {
    header.chain = t[2];
  }
}

/// "# mardyn-checksum crc32": the checkpoint announces the checksum line at its end.
bool announcesChecksum(const std::vector<std::string>& t) {
  return t.size() == 3 && t[0] == "#" && t[1] == "mardyn-checksum" && t[2] == "crc32";
}
/// "# mardyn-checksum crc32 <hex>": the checksum of every line before it.
bool isChecksumLine(const std::vector<std::string>& t) {
  return t.size() == 4 && t[0] == "#" && t[1] == "mardyn-checksum" && t[2] == "crc32";
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

  // Every line is read once, through next(), which adds it to the checksum of what was read so far.
  Crc32 crc;
  std::string line;
  int lineNo = 0;
  auto next = [&](std::string& out) {
    if (!std::getline(in, out)) return false;
    ++lineNo;
    crc.update(out);
    crc.update("\n", 1);
    return true;
  };
  long expected = -1;
  int announcedAt = 0;  // line of "# mardyn-checksum crc32"
  while (next(line)) {  // header: skipped up to NumberOfMolecules
    const auto t = tokens(line);
    if (!t.empty() && (t[0] == "NumberOfMolecules" || t[0] == "N")) {  // N: ls1's old short token
      const auto n = t.size() > 1 ? parseLong(t[1]) : std::nullopt;
      if (!n || *n < 0) {
        const auto range = t.size() > 1 ? outOfRange(t[1], true) : std::nullopt;
        report(lineNo, range ? "NumberOfMolecules '" + t[1] + "' " + *range + " (expected a non-negative integer)"
                             : "NumberOfMolecules without a valid count (expected a non-negative integer)");
        report.finish();
        return molecules;
      }
      expected = *n;
      break;
    }
    if (announcesChecksum(t)) announcedAt = lineNo;
    readHeaderLine(line, t, lineNo, header, report);
  }
  if (expected < 0) {
    if (headerOut) *headerOut = header;
    report(lineNo, "truncated phase-space file: no NumberOfMolecules line found (expected an ls1 ASCII .inp)");
    report.finish();
    return molecules;
  }
  const double bytes = static_cast<double>(expected) * sizeof(MoleculeRecord);
  if (!MemoryLimit::fits(bytes)) {
    if (headerOut) *headerOut = header;
    report(lineNo, "NumberOfMolecules " + std::to_string(expected) + " needs " + MemoryLimit::format(bytes) +
                       " for the molecules alone, more than the " + MemoryLimit::format(MemoryLimit::availableBytes()) +
                       " of memory available (expected a count that fits in memory)");
    report.finish();
    return molecules;
  }

  std::string format = "ICRVQD";
  bool pending = false;  // `line` holds the first molecule line (there was no MoleculeFormat line)
  while (next(line)) {  // optional MoleculeFormat line
    const auto t = tokens(line);
    if (t.empty()) continue;
    if (t[0] == "MoleculeFormat" || t[0] == "M") {  // M: ls1's old short token
      format = t.size() > 1 ? t[1] : "";
      if (format != "ICRVQD" && format != "ICRV" && format != "IRV") {
        if (headerOut) *headerOut = header;
        report(lineNo, "unknown MoleculeFormat '" + format + "' (expected ICRVQD, ICRV or IRV)");
        report.finish();
        return molecules;
      }
    } else {
      pending = true;
    }
    break;
  }

  const std::size_t columns = format == "ICRVQD" ? 15 : (format == "ICRV" ? 8 : 7);
  const bool hasCid = format != "IRV";
  // The count is only a claim: grow with the lines actually there.
  molecules.reserve(static_cast<std::size_t>(std::min<long>(expected, 1L << 20)));
  std::unordered_map<unsigned long, int> idLines;
  long count = 0;
  while (count < expected && (pending || next(line))) {
    pending = false;
    const auto t = tokens(line);
    if (t.empty()) continue;
    ++count;
    if (t.size() < columns) {
      report(lineNo, "molecule line has " + std::to_string(t.size()) + " columns (expected " + std::to_string(columns) +
                         " for format " + format + ")");
      continue;
    }
    const auto id = parseId(t[0]);
    if (!id) {
      report(lineNo, "molecule id '" + t[0] + "' " +
                         (allDigits(t[0]) ? "is out of range: ids lie in 0.." + std::to_string(std::numeric_limits<unsigned long>::max())
                                 : "is not an integer >= 0"));
      continue;
    }
    std::vector<double> v(columns);
    bool ok = true;
    for (std::size_t i = 1; i < columns && ok; ++i) {
      const auto d = parseDouble(t[i]);
      if (!d) report(lineNo, "column " + std::to_string(i + 1) + " '" + t[i] + "' " + outOfRange(t[i], false).value_or("is not a number"));
      else if (!std::isfinite(*d)) report(lineNo, "column " + std::to_string(i + 1) + " '" + t[i] + "' is not a finite number");
      ok = d && std::isfinite(*d);
      if (ok) v[i] = *d;
    }
    if (!ok) continue;
    MoleculeRecord m;
    m.id = *id;
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
    int firstExtra = 0, checksumAt = 0;
    std::uint32_t sum = 0, found = 0;
    bool foundValid = false;
    while (std::getline(in, line)) {
      ++lineNo;
      const auto t = tokens(line);
      if (isChecksumLine(t) && checksumAt == 0) {  // the checksum of every line before this one
        checksumAt = lineNo;
        sum = crc.value();
        foundValid = Crc32::parseHex(t[3], found);
        continue;
      }
      crc.update(line);
      crc.update("\n", 1);
      if (t.empty() || t[0][0] == '#') continue;
      if (extra++ == 0) firstExtra = lineNo;
    }
    if (extra > 0)
      report(firstExtra, std::to_string(extra) + " molecule line" + (extra == 1 ? "" : "s") +
                             " after the " + std::to_string(expected) +
                             " that NumberOfMolecules announces (expected exactly NumberOfMolecules lines)");
    if (checksumAt != 0 && !foundValid)
      report(checksumAt, "the checksum is not 8 hex digits (the checkpoint is damaged; expected \"# mardyn-checksum crc32 "
                         "<8 hex digits>\")");
    else if (checksumAt != 0 && found != sum)
      report(checksumAt, "the checkpoint's checksum " + Crc32::hex(found) + " does not match its lines 1-" +
                             std::to_string(checksumAt - 1) + " (their CRC-32 is " + Crc32::hex(sum) +
                             "): the file was changed or damaged after it was written (expected the file as written; "
                             "the problems above, if any, show where)");
    else if (checksumAt == 0 && announcedAt != 0)
      report(lineNo, "the checkpoint announces a checksum at line " + std::to_string(announcedAt) +
                         " but its last line is not one: the file was cut short or damaged after it was written");
    header.unverified = header.step && checksumAt == 0 && announcedAt == 0;
  }
  if (headerOut) *headerOut = header;
  report.finish();
  return molecules;
}

}  // namespace mardyn
