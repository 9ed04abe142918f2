// DomainDecompFactory with MPI: the Cartesian grid or the k-d tree on more than one process.
#include "parallel/DomainDecompFactory.h"

#include "parallel/DomainDecompKD.h"
#include "parallel/DomainDecompMPI.h"
#include "parallel/DomainDecompSequential.h"
#include "parallel/ParallelEnvironment.h"
#include "particleContainer/CellProcessorFactory.h"
#include "utils/MardynException.h"

namespace mardyn {

std::unique_ptr<DomainDecompBase> DomainDecompFactory::create(const SimulationConfig& config) {
  if (ParallelEnvironment::size() <= 1) return std::make_unique<DomainDecompSequential>();
  const ParallelisationConfig& p = config.parallelisation;
  if (p.type == "KDDecomposition") {
    // The halo must reach cutoff + skin where a Verlet list is kept.
    const double rc = config.cutoffRadius;
    const double skin = config.verletSkin < 0.0 ? CellProcessorFactory::defaultSkin(rc) : config.verletSkin;
    return std::make_unique<DomainDecompKD>(p.kd, config.box, rc + skin, config.cellsInCutoffRadius);
  }
  if (!p.type.empty() && p.type != "DomainDecomposition")
    throw MardynException("parallelisation type '" + p.type +
                          "' is not supported; use DomainDecomposition (the default under mpirun) or KDDecomposition");
  return std::make_unique<DomainDecompMPI>(p.mpiGridDims);
}

}  // namespace mardyn
