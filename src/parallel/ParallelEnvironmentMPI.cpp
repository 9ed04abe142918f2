// ParallelEnvironment with MPI: MPI_Init/MPI_Finalize around the run, rank and size of the world.
#include "parallel/ParallelEnvironment.h"

#include <mpi.h>

namespace mardyn {

ParallelEnvironment::ParallelEnvironment(int& argc, char**& argv) {
  int initialised = 0;
  MPI_Initialized(&initialised);
  if (!initialised) {
    MPI_Init(&argc, &argv);
    _initialisedHere = true;
  }
}

ParallelEnvironment::~ParallelEnvironment() {
  int finalised = 0;
  MPI_Finalized(&finalised);
  if (_initialisedHere && !finalised) MPI_Finalize();
}

int ParallelEnvironment::rank() {
  int initialised = 0;
  MPI_Initialized(&initialised);
  if (!initialised) return 0;
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

int ParallelEnvironment::size() {
  int initialised = 0;
  MPI_Initialized(&initialised);
  if (!initialised) return 1;
  int s = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &s);
  return s;
}

bool ParallelEnvironment::hasMpi() { return true; }

void ParallelEnvironment::abortAll(int code) {
  if (size() > 1) MPI_Abort(MPI_COMM_WORLD, code);
}

}  // namespace mardyn
