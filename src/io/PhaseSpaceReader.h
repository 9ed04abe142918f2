// PhaseSpaceReader: reads ls1-mardyn's ASCII phase-space files (.inp): the header is skipped up to
// NumberOfMolecules, then MoleculeFormat ICRVQD, ICRV or IRV and one molecule per line.
#pragma once

#include "config/SimulationConfig.h"
#include "utils/MardynException.h"

#include <istream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mardyn {

/// What the header of a phase-space file says besides the molecule count.
struct PhaseSpaceHeader {
  std::optional<double> time;          ///< currentTime (ls1: the simulation time)
  std::optional<Vec3> length;          ///< Length (ls1 reads the box from it; here the XML's box rules)
  int lengthLine = 0;                  ///< line of the Length entry
  std::optional<unsigned long> step;   ///< "# mardyn-step N": the step of a checkpoint written here
  /// "# mardyn-state <plugin> <text>" lines: saved output-plugin states, in file order.
  std::vector<std::pair<std::string, std::string>> pluginStates;
};

class PhaseSpaceReader {
 public:
  /// `element` is the XML element naming the file (for messages); problems are appended to
  /// `problems`: unreadable or truncated file, a count that does not fit in memory, numbers that
  /// are not finite, ids that are not integers or repeat, unknown component ids, molecules outside
  /// the box, more molecule lines than NumberOfMolecules. If `header` is given, it receives the
  /// header's entries.
  static std::vector<MoleculeRecord> read(const std::string& file, const std::string& element,
                                          std::size_t numComponents, const Vec3& box,
                                          std::vector<InputProblem>& problems, PhaseSpaceHeader* header = nullptr);
  /// Same from a stream; `file` only names it in messages.
  static std::vector<MoleculeRecord> read(std::istream& in, const std::string& file, const std::string& element,
                                          std::size_t numComponents, const Vec3& box,
                                          std::vector<InputProblem>& problems, PhaseSpaceHeader* header = nullptr);

  /// At most this many problems are listed per file; the rest are counted.
  static constexpr std::size_t maxProblemsPerFile = 20;
};

}  // namespace mardyn
