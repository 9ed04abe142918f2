// ParallelEnvironment: the process's place in a parallel run: initialises and finalises MPI when the
// build has it (one object in main), otherwise a single process; no #ifdef needed by its users.
#pragma once

namespace mardyn {

class ParallelEnvironment {
 public:
  /// Initialises MPI (when built with it and not yet initialised).
  ParallelEnvironment(int& argc, char**& argv);
  /// Finalises MPI if this object initialised it.
  ~ParallelEnvironment();
  ParallelEnvironment(const ParallelEnvironment&) = delete;
  ParallelEnvironment& operator=(const ParallelEnvironment&) = delete;

  /// Rank in the world communicator (0 without MPI).
  static int rank();
  /// Number of processes (1 without MPI).
  static int size();
  /// True when this build can run on several processes.
  static bool hasMpi();
  /// True when MPI is initialised: the process was started by an MPI launcher (mpirun, mpiexec, srun) or
  /// MARDYN_MPI=1 asks for it; a process started on its own runs as one process without MPI.
  static bool initialised();
  /// Ends every process of the run with `code` (MPI_Abort when size() > 1): for an error seen by
  /// some ranks only, so that nobody waits forever in a collective. Returns normally when size() == 1.
  static void abortAll(int code);

 private:
  bool _initialisedHere = false;
};

}  // namespace mardyn
