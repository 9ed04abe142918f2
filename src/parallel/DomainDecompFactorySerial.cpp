// DomainDecompFactory without MPI: always the sequential decomposition.
#include "parallel/DomainDecompFactory.h"

#include "parallel/DomainDecompSequential.h"

namespace mardyn {

std::unique_ptr<DomainDecompBase> DomainDecompFactory::create(const SimulationConfig&) {
  return std::make_unique<DomainDecompSequential>();
}

}  // namespace mardyn
