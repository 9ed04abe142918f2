// PhaseSpaceWriter: ls1-mardyn ASCII phase space with full-precision numbers (the shortest form that reads
// back exactly), readable back by PhaseSpaceReader (and by ls1-mardyn, whose header layout it follows).
#include "io/PhaseSpaceWriter.h"

#include "io/RunChain.h"
#include "utils/Crc32.h"
#include "utils/Version.h"

#include <charconv>
#include <string>

namespace mardyn {

namespace {
/// The shortest decimal form that reads back as exactly x (std::to_chars), appended at p; returns the end.
char* putDouble(char* p, double x) { return std::to_chars(p, p + 32, x).ptr; }
char* putVec(char* p, const Vec3& v) {
  p = putDouble(p, v.x);
  *p++ = ' ';
  p = putDouble(p, v.y);
  *p++ = ' ';
  return putDouble(p, v.z);
}
std::string exact(double x) {
  char buf[32];
  return std::string(buf, putDouble(buf, x));
}
std::string vec(const Vec3& v) {
  char buf[100];
  return std::string(buf, putVec(buf, v));
}
}  // namespace

void PhaseSpaceWriter::writeHeader(std::ostream& out, const SimulationConfig& config, double time,
                                   std::size_t numMolecules, const CheckpointInfo& info) {
  out << "mardyn trunk 20120726\n";
  out << "# written by " << versionString() << "\n";
  if (info.step) out << "# mardyn-step " << *info.step << "\n";
  if (!info.chain.empty()) out << "# " << RunChain::key << " " << info.chain << "\n";
  if (info.checksum) out << "# mardyn-checksum crc32\n";
  for (const auto& [plugin, state] : info.pluginStates)
    if (!state.empty() && state.find('\n') == std::string::npos) out << "# mardyn-state " << plugin << " " << state << "\n";
  out << " currentTime\t" << exact(time) << "\n";
  out << " Length\t" << vec(config.box) << "\n";
  out << " Temperature\t" << exact(config.temperature) << "\n";
  out << " NumberOfComponents\t" << config.components.size() << "\n";
  for (const auto& c : config.components) {
    out << c.ljCenters().size() << "\t" << c.charges().size() << "\t" << c.dipoles().size() << "\t"
        << c.quadrupoles().size() << "\t0\n";
    for (const auto& s : c.ljCenters())
      out << vec(s.r) << "\t" << exact(s.mass) << "\t" << exact(s.epsilon) << " " << exact(s.sigma) << " "
          << exact(config.cutoffRadius) << " " << (s.shifted ? 1 : 0) << "\n";
    for (const auto& s : c.charges()) out << vec(s.r) << "\t" << exact(s.mass) << " " << exact(s.q) << "\n";
    for (const auto& s : c.dipoles()) out << vec(s.r) << "\t" << vec(s.e) << "\t" << exact(s.abs) << "\n";
    for (const auto& s : c.quadrupoles()) out << vec(s.r) << "\t" << vec(s.e) << "\t" << exact(s.abs) << "\n";
    out << vec(c.momentsOfInertia()) << "\n";
  }
  // ls1 lists (xi, eta) for every pair i < j.
  const std::size_t n = config.components.size();
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      double xi = 1.0, eta = 1.0;
      for (const auto& m : config.mixing)
        if ((m.cid1 == i && m.cid2 == j) || (m.cid1 == j && m.cid2 == i)) { xi = m.xi; eta = m.eta; }
      out << exact(xi) << " " << exact(eta) << "\n";
    }
  out << exact(config.epsilonRF) << "\n";
  out << " NumberOfMolecules\t" << numMolecules << "\n";
  out << " MoleculeFormat\tICRVQD\n";
}

void PhaseSpaceWriter::writeMolecule(std::ostream& out, unsigned long id, unsigned component, const Vec3& r,
                                     const Vec3& v, const Quaternion& q, const Vec3& L) {
  // One line formatted in place (a restart file of many molecules is mostly these lines).
  char line[512];
  char* p = std::to_chars(line, line + 24, id).ptr;
  *p++ = '\t';
  p = std::to_chars(p, p + 12, component + 1).ptr;
  *p++ = '\t';
  p = putVec(p, r);
  *p++ = '\t';
  p = putVec(p, v);
  *p++ = '\t';
  p = putDouble(p, q.w());
  *p++ = ' ';
  p = putDouble(p, q.x());
  *p++ = ' ';
  p = putDouble(p, q.y());
  *p++ = ' ';
  p = putDouble(p, q.z());
  *p++ = '\t';
  p = putVec(p, L);
  *p++ = '\n';
  out.write(line, p - line);
}

void PhaseSpaceWriter::write(std::ostream& out, const SimulationConfig& config, double time,
                             const std::vector<Molecule>& molecules, const CheckpointInfo& info) {
  writeHeader(out, config, time, molecules.size(), info);
  for (const auto& m : molecules) writeMolecule(out, m.id(), m.componentId(), m.r(), m.v(), m.q(), m.L());
}

void PhaseSpaceWriter::write(std::ostream& out, const SimulationConfig& config, double time,
                             const std::vector<MoleculeRecord>& molecules) {
  writeHeader(out, config, time, molecules.size());
  for (const auto& m : molecules) writeMolecule(out, m.id, m.component, m.r, m.v, m.q, m.L);
}

std::string PhaseSpaceWriter::checksumLine(std::uint32_t crc) { return "# mardyn-checksum crc32 " + Crc32::hex(crc) + "\n"; }

}  // namespace mardyn
