// ParallelInput: reads the configuration for a run: every process parses the XML, only rank 0 reads
// the phase space (.inp file or generator) and sends it to the others (MPI and serial variants).
#pragma once

#include "config/ElementReaders.h"
#include "config/SimulationConfig.h"

#include <string>

namespace mardyn {

class ParallelInput {
 public:
  /// Collective under MPI. Returns the full configuration on every process: the molecules and the
  /// start time come from rank 0's reading of the phase space. Throws InputError on every process
  /// when any process found a problem; rank 0's exception lists rank 0's problems (every problem of
  /// the phase space among them). Without MPI, or on one process, this is XmlConfigReader::read.
  /// `readers` reads the physics plugins' and the generators' elements.
  static SimulationConfig read(const std::string& file, const ElementReaders& readers);
};

}  // namespace mardyn
