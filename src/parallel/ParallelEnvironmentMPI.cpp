// ParallelEnvironment with MPI: MPI_Init/MPI_Finalize around the run, rank and size of the world. A
// process started on its own, not by an MPI launcher, runs as one process without initialising MPI:
// Open MPI's singleton start-up (it spawns its runtime daemon) takes about 0.4 s of every serial run.
#include "parallel/ParallelEnvironment.h"

#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <mpi.h>

namespace mardyn {

namespace {

/// Whether a launcher (mpirun/mpiexec of Open MPI, MPICH, Intel MPI or MVAPICH, PMIx, Slurm's srun)
/// started this process; MARDYN_MPI=1 initialises MPI in any case, MARDYN_MPI=0 never.
bool startedByLauncher() {
  if (const char* forced = std::getenv("MARDYN_MPI"); forced && *forced) return std::strcmp(forced, "0") != 0;
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE", "PMI_FD", "MPI_LOCALNRANKS",
                           "MV2_COMM_WORLD_SIZE", "SLURM_PROCID"})
    if (const char* value = std::getenv(name); value && *value) return true;
  return false;
}

}  // namespace

ParallelEnvironment::ParallelEnvironment(int& argc, char**& argv) {
  int initialised = 0;
  MPI_Initialized(&initialised);
  if (!initialised && startedByLauncher()) {
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

bool ParallelEnvironment::initialised() {
  int initialised = 0;
  MPI_Initialized(&initialised);
  return initialised != 0;
}

void ParallelEnvironment::abortAll(int code) {
  if (size() > 1) MPI_Abort(MPI_COMM_WORLD, code);
}

}  // namespace mardyn
