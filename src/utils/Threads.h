// Threads: how many threads the CPU kernels of one process use (OpenMP's setting: OMP_NUM_THREADS;
// one where the build has no OpenMP).
#pragma once

#ifdef _OPENMP
#include <omp.h>
#endif

namespace mardyn {

/// Threads a parallel region of this process gets (OMP_NUM_THREADS, else the cores OpenMP sees).
inline int maxThreads() {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

/// Sets the threads of later parallel regions (as OMP_NUM_THREADS does at start-up); false where the
/// build has no threads.
inline bool setMaxThreads(int n) {
#ifdef _OPENMP
  omp_set_num_threads(n);
  return true;
#else
  (void)n;
  return false;
#endif
}

}  // namespace mardyn
