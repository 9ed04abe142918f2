// PhaseSpaceReader: ls1-mardyn ASCII phase space. Columns per format:
//   ICRVQD: id cid rx ry rz vx vy vz q0 q1 q2 q3 Dx Dy Dz   (D = angular momentum, space frame)
//   ICRV:   id cid rx ry rz vx vy vz
//   IRV:    id rx ry rz vx vy vz                            (component 1)
#include "io/PhaseSpaceReader.h"

#include "io/XmlInput.h"

#include <cmath>
#include <fstream>
#include <sstream>

namespace mardyn {

namespace {
std::vector<std::string> tokens(const std::string& line) {
  std::vector<std::string> t;
  std::istringstream ss(line);
  std::string s;
  while (ss >> s) t.push_back(s);
  return t;
}
}  // namespace

std::vector<MoleculeRecord> PhaseSpaceReader::read(const std::string& file, const std::string& element,
                                                   std::size_t numComponents, const Vec3& box,
                                                   std::vector<InputProblem>& problems,
                                                   std::optional<double>* headerTime) {
  std::ifstream in(file);
  if (!in) {
    problems.push_back({file, 0, element, "cannot read the phase-space file (expected a readable ASCII .inp file)"});
    return {};
  }
  return read(in, file, element, numComponents, box, problems, headerTime);
}

std::vector<MoleculeRecord> PhaseSpaceReader::read(std::istream& in, const std::string& file,
                                                   const std::string& element, std::size_t numComponents,
                                                   const Vec3& box, std::vector<InputProblem>& problems,
                                                   std::optional<double>* headerTime) {
  std::vector<MoleculeRecord> molecules;
  std::size_t reported = 0, suppressed = 0;
  auto report = [&](int line, const std::string& msg) {
    if (reported < maxProblemsPerFile) {
      problems.push_back({file, line, element, msg});
      ++reported;
    } else {
      ++suppressed;
    }
  };

  std::string line;
  int lineNo = 0;
  long expected = -1;
  while (std::getline(in, line)) {  // header: skipped up to NumberOfMolecules
    ++lineNo;
    const auto t = tokens(line);
    if (headerTime && t.size() > 1 && (t[0] == "currentTime" || t[0] == "t")) *headerTime = parseDouble(t[1]);
    if (!t.empty() && t[0] == "NumberOfMolecules") {
      const auto n = t.size() > 1 ? parseLong(t[1]) : std::nullopt;
      if (!n || *n < 0) {
        report(lineNo, "NumberOfMolecules without a valid count (expected a non-negative integer)");
        return molecules;
      }
      expected = *n;
      break;
    }
  }
  if (expected < 0) {
    report(lineNo, "truncated phase-space file: no NumberOfMolecules line found (expected an ls1 ASCII .inp)");
    return molecules;
  }

  std::string format = "ICRVQD";
  std::streampos afterCount = in.tellg();
  int lineAfterCount = lineNo;
  while (std::getline(in, line)) {  // optional MoleculeFormat line
    ++lineNo;
    const auto t = tokens(line);
    if (t.empty()) continue;
    if (t[0] == "MoleculeFormat") {
      format = t.size() > 1 ? t[1] : "";
      if (format != "ICRVQD" && format != "ICRV" && format != "IRV") {
        report(lineNo, "unknown MoleculeFormat '" + format + "' (expected ICRVQD, ICRV or IRV)");
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
  molecules.reserve(static_cast<std::size_t>(expected));
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
    std::vector<double> v(columns);
    bool ok = true;
    for (std::size_t i = 0; i < columns; ++i) {
      const auto d = parseDouble(t[i]);
      if (!d) {
        report(lineNo, "column " + std::to_string(i + 1) + " '" + t[i] + "' is not a number");
        ok = false;
        break;
      }
      v[i] = *d;
    }
    if (!ok) continue;
    MoleculeRecord m;
    m.id = static_cast<unsigned long>(v[0]);
    std::size_t k = 1;
    long cid = 1;
    if (hasCid) {
      cid = static_cast<long>(v[k++]);
      if (v[1] != std::floor(v[1]) || cid < 1 || cid > static_cast<long>(numComponents)) {
        report(lineNo, "unknown component id " + t[1] + " (expected 1.." + std::to_string(numComponents) + ")");
        continue;
      }
    } else if (numComponents < 1) {
      report(lineNo, "unknown component id 1 (no components defined)");
      continue;
    }
    m.component = static_cast<unsigned>(cid - 1);
    m.r = {v[k], v[k + 1], v[k + 2]};
    m.v = {v[k + 3], v[k + 4], v[k + 5]};
    k += 6;
    if (format == "ICRVQD") {
      Quaternion q(v[k], v[k + 1], v[k + 2], v[k + 3]);
      if (q.magnitude2() == 0.0) {
        report(lineNo, "orientation quaternion is zero (expected a unit quaternion)");
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
      std::ostringstream msg;
      msg.precision(17);
      msg << "molecule " << m.id << " at (" << m.r.x << ", " << m.r.y << ", " << m.r.z
          << ") is outside the box (expected 0 <= r < (" << box.x << ", " << box.y << ", " << box.z << "))";
      report(lineNo, msg.str());
      continue;
    }
    molecules.push_back(m);
  }
  if (count < expected)
    report(lineNo, "truncated phase-space file: " + std::to_string(count) + " molecules found, NumberOfMolecules says " +
                       std::to_string(expected));
  if (suppressed > 0)
    problems.push_back({file, 0, element, "... and " + std::to_string(suppressed) + " more problems in this file"});
  return molecules;
}

}  // namespace mardyn
