// DomainDecompFactory: chooses the decomposition for a run: the MPI domain decomposition when the
// build has MPI and more than one process runs, otherwise the sequential one.
#pragma once

#include "config/SimulationConfig.h"
#include "parallel/DomainDecompBase.h"

#include <memory>

namespace mardyn {

class DomainDecompFactory {
 public:
  /// Throws MardynException for an unusable MPIGridDims (product != number of processes) or an
  /// unknown parallelisation type.
  static std::unique_ptr<DomainDecompBase> create(const ParallelisationConfig& config);
};

}  // namespace mardyn
