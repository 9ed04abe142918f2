// RootBroadcast: broadcasts from rank 0 for the MPI tests that wait while rank 0 alone computes a serial
// reference: the other ranks poll a non-blocking broadcast with short sleeps instead of spinning in a
// blocking one, so that on a machine with fewer cores than processes they leave the cores to rank 0.
#pragma once

#include <mpi.h>

#include <chrono>
#include <thread>
#include <vector>

namespace mardyn::mpitest {

/// MPI_Bcast from rank 0, waited for with sleeps of 1 ms.
inline void broadcastFromRoot(void* data, int count, MPI_Datatype type) {
  MPI_Request request;
  MPI_Ibcast(data, count, type, 0, MPI_COMM_WORLD, &request);
  for (int done = 0;;) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

inline void broadcastFromRoot(std::vector<double>& values) {
  unsigned long size = values.size();
  broadcastFromRoot(&size, 1, MPI_UNSIGNED_LONG);
  values.resize(size);
  if (size > 0) broadcastFromRoot(values.data(), static_cast<int>(size), MPI_DOUBLE);
}

inline unsigned long broadcastFromRoot(unsigned long value) {
  broadcastFromRoot(&value, 1, MPI_UNSIGNED_LONG);
  return value;
}

}  // namespace mardyn::mpitest
