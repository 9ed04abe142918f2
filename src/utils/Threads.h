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

}  // namespace mardyn
