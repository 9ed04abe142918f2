// PhaseSpaceWriter: ls1-mardyn ASCII phase space with full-precision numbers, readable back by
// PhaseSpaceReader (and by ls1-mardyn, whose header layout it follows).
#include "io/PhaseSpaceWriter.h"

#include "io/RunChain.h"
#include "utils/Crc32.h"
#include "utils/Version.h"

#include <cstdio>
#include <string>

namespace mardyn {

namespace {
std::string g17(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}
std::string vec(const Vec3& v) { return g17(v.x) + " " + g17(v.y) + " " + g17(v.z); }
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
  out << " currentTime\t" << g17(time) << "\n";
  out << " Length\t" << vec(config.box) << "\n";
  out << " Temperature\t" << g17(config.temperature) << "\n";
  out << " NumberOfComponents\t" << config.components.size() << "\n";
  for (const auto& c : config.components) {
    out << c.ljCenters().size() << "\t" << c.charges().size() << "\t" << c.dipoles().size() << "\t"
        << c.quadrupoles().size() << "\t0\n";
    for (const auto& s : c.ljCenters())
      out << vec(s.r) << "\t" << g17(s.mass) << "\t" << g17(s.epsilon) << " " << g17(s.sigma) << " "
          << g17(config.cutoffRadius) << " " << (s.shifted ? 1 : 0) << "\n";
    for (const auto& s : c.charges()) out << vec(s.r) << "\t" << g17(s.mass) << " " << g17(s.q) << "\n";
    for (const auto& s : c.dipoles()) out << vec(s.r) << "\t" << vec(s.e) << "\t" << g17(s.abs) << "\n";
    for (const auto& s : c.quadrupoles()) out << vec(s.r) << "\t" << vec(s.e) << "\t" << g17(s.abs) << "\n";
    out << vec(c.momentsOfInertia()) << "\n";
  }
  // ls1 lists (xi, eta) for every pair i < j.
  const std::size_t n = config.components.size();
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      double xi = 1.0, eta = 1.0;
      for (const auto& m : config.mixing)
        if ((m.cid1 == i && m.cid2 == j) || (m.cid1 == j && m.cid2 == i)) { xi = m.xi; eta = m.eta; }
      out << g17(xi) << " " << g17(eta) << "\n";
    }
  out << g17(config.epsilonRF) << "\n";
  out << " NumberOfMolecules\t" << numMolecules << "\n";
  out << " MoleculeFormat\tICRVQD\n";
}

void PhaseSpaceWriter::writeMolecule(std::ostream& out, unsigned long id, unsigned component, const Vec3& r,
                                     const Vec3& v, const Quaternion& q, const Vec3& L) {
  out << id << "\t" << component + 1 << "\t" << vec(r) << "\t" << vec(v) << "\t" << g17(q.w()) << " " << g17(q.x())
      << " " << g17(q.y()) << " " << g17(q.z()) << "\t" << vec(L) << "\n";
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
