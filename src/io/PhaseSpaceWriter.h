// PhaseSpaceWriter: writes ls1-mardyn's ASCII phase-space format (.inp / .restart.dat): ls1's header
// (time, box, temperature, components, mixing, epsilon_RF) and one ICRVQD line per molecule.
#pragma once

#include "config/SimulationConfig.h"
#include "molecules/Molecule.h"

#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace mardyn {

/// What a checkpoint carries besides ls1's header: the step it was written at and the output
/// plugins' saved states, as "# mardyn-step N" and "# mardyn-state <plugin> <text>" comment lines
/// (ls1-mardyn skips comment lines).
struct CheckpointInfo {
  std::optional<unsigned long> step;
  std::vector<std::pair<std::string, std::string>> pluginStates;
};

class PhaseSpaceWriter {
 public:
  /// Header up to and including "MoleculeFormat ICRVQD"; numbers at full precision (%.17g).
  static void writeHeader(std::ostream& out, const SimulationConfig& config, double time, std::size_t numMolecules,
                          const CheckpointInfo& info = {});
  /// One ICRVQD line: id cid(1-based) r v q(w x y z) L.
  static void writeMolecule(std::ostream& out, unsigned long id, unsigned component, const Vec3& r, const Vec3& v,
                            const Quaternion& q, const Vec3& L);
  static void write(std::ostream& out, const SimulationConfig& config, double time, const std::vector<Molecule>& molecules,
                    const CheckpointInfo& info = {});
  static void write(std::ostream& out, const SimulationConfig& config, double time,
                    const std::vector<MoleculeRecord>& molecules);
};

}  // namespace mardyn
