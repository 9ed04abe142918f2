// PhaseSpaceReader: reads ls1-mardyn's ASCII phase-space files (.inp): the header is skipped up to
// NumberOfMolecules, then MoleculeFormat ICRVQD, ICRV or IRV and one molecule per line.
#pragma once

#include "io/SimulationConfig.h"
#include "utils/MardynException.h"

#include <istream>
#include <optional>
#include <string>
#include <vector>

namespace mardyn {

class PhaseSpaceReader {
 public:
  /// `element` is the XML element naming the file (for messages); problems are appended to
  /// `problems` (unreadable or truncated file, unknown component id, molecule outside the box).
  /// If `headerTime` is given, it receives the header's currentTime (ls1: the simulation time).
  static std::vector<MoleculeRecord> read(const std::string& file, const std::string& element,
                                          std::size_t numComponents, const Vec3& box,
                                          std::vector<InputProblem>& problems,
                                          std::optional<double>* headerTime = nullptr);
  /// Same from a stream; `file` only names it in messages.
  static std::vector<MoleculeRecord> read(std::istream& in, const std::string& file, const std::string& element,
                                          std::size_t numComponents, const Vec3& box,
                                          std::vector<InputProblem>& problems,
                                          std::optional<double>* headerTime = nullptr);

  /// At most this many problems are listed per file; the rest are counted.
  static constexpr std::size_t maxProblemsPerFile = 20;
};

}  // namespace mardyn
