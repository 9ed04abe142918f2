// ParallelEnvironment without MPI: one process, nothing to initialise.
#include "parallel/ParallelEnvironment.h"

namespace mardyn {

ParallelEnvironment::ParallelEnvironment(int&, char**&) {}
ParallelEnvironment::~ParallelEnvironment() = default;
int ParallelEnvironment::rank() { return 0; }
int ParallelEnvironment::size() { return 1; }
bool ParallelEnvironment::hasMpi() { return false; }
bool ParallelEnvironment::initialised() { return false; }
void ParallelEnvironment::abortAll(int) {}

}  // namespace mardyn
