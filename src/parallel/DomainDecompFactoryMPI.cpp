// DomainDecompFactory with MPI: the spatial domain decomposition on more than one process.
#include "parallel/DomainDecompFactory.h"

#include "parallel/DomainDecompMPI.h"
#include "parallel/DomainDecompSequential.h"
#include "parallel/ParallelEnvironment.h"
#include "utils/MardynException.h"

namespace mardyn {

std::unique_ptr<DomainDecompBase> DomainDecompFactory::create(const ParallelisationConfig& config) {
  if (ParallelEnvironment::size() <= 1) return std::make_unique<DomainDecompSequential>();
  if (!config.type.empty() && config.type != "DomainDecomposition")
    throw MardynException("parallelisation type '" + config.type +
                          "' is not supported; use DomainDecomposition (the default under mpirun)");
  return std::make_unique<DomainDecompMPI>(config.mpiGridDims);
}

}  // namespace mardyn
