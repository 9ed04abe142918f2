// DomainDecompFactory: chooses the decomposition for a run: with MPI and more than one process the
// Cartesian grid (DomainDecomposition) or the load-balanced k-d tree (KDDecomposition), otherwise the
// sequential one.
#pragma once

#include "config/SimulationConfig.h"
#include "parallel/DomainDecompBase.h"

#include <memory>

namespace mardyn {

class DomainDecompFactory {
 public:
  /// Throws MardynException for an unusable MPIGridDims (product != number of processes), a k-d grid
  /// too small for the processes, or an unknown parallelisation type.
  static std::unique_ptr<DomainDecompBase> create(const SimulationConfig& config);
};

}  // namespace mardyn
