// MpiWaitTimes: a PMPI library for LD_PRELOAD that times, in each process, the blocking MPI calls a program makes
// (MPI_Allreduce, MPI_Waitall, MPI_Sendrecv, MPI_Recv, MPI_Probe, MPI_Barrier, MPI_Alltoall(v), MPI_Bcast) and
// prints one line per process at MPI_Finalize to stderr: the seconds since MPI_Init, then per call its count and
// seconds. A process that spends little time in them sets the pace of the others; what it spends outside them is its
// own work. Works on any MPI program, e.g.
//   mpicxx -O2 -shared -fPIC -o libmpiwait.so MpiWaitTimes.cpp
//   mpirun -np 16 -x LD_PRELOAD=$PWD/libmpiwait.so mardyn config.xml 2>&1 | grep mpiwait
#include <mpi.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace {

enum Call { Waitall, Allreduce, Sendrecv, Recv, Probe, Barrier, Alltoall, Alltoallv, Bcast, NumCalls };
const char* const callNames[NumCalls] = {"Waitall", "Allreduce", "Sendrecv",  "Recv", "Probe",
                                         "Barrier", "Alltoall",  "Alltoallv", "Bcast"};
double seconds[NumCalls];
long counts[NumCalls];
double initTime = 0.0;

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

/// Times one forwarded call.
struct Timed {
  Call call;
  double start = now();
  explicit Timed(Call c) : call(c) {}
  ~Timed() {
    seconds[call] += now() - start;
    ++counts[call];
  }
};

}  // namespace

extern "C" {

int MPI_Init(int* argc, char*** argv) {
  const int status = PMPI_Init(argc, argv);
  initTime = now();
  return status;
}

int MPI_Waitall(int n, MPI_Request* requests, MPI_Status* statuses) {
  Timed t(Waitall);
  return PMPI_Waitall(n, requests, statuses);
}

int MPI_Allreduce(const void* in, void* out, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  Timed t(Allreduce);
  return PMPI_Allreduce(in, out, count, type, op, comm);
}

int MPI_Sendrecv(const void* sendBuffer, int sendCount, MPI_Datatype sendType, int destination, int sendTag,
                 void* receiveBuffer, int receiveCount, MPI_Datatype receiveType, int source, int receiveTag,
                 MPI_Comm comm, MPI_Status* status) {
  Timed t(Sendrecv);
  return PMPI_Sendrecv(sendBuffer, sendCount, sendType, destination, sendTag, receiveBuffer, receiveCount,
                       receiveType, source, receiveTag, comm, status);
}

int MPI_Recv(void* buffer, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Status* status) {
  Timed t(Recv);
  return PMPI_Recv(buffer, count, type, source, tag, comm, status);
}

int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status* status) {
  Timed t(Probe);
  return PMPI_Probe(source, tag, comm, status);
}

int MPI_Barrier(MPI_Comm comm) {
  Timed t(Barrier);
  return PMPI_Barrier(comm);
}

int MPI_Alltoall(const void* sendBuffer, int sendCount, MPI_Datatype sendType, void* receiveBuffer, int receiveCount,
                 MPI_Datatype receiveType, MPI_Comm comm) {
  Timed t(Alltoall);
  return PMPI_Alltoall(sendBuffer, sendCount, sendType, receiveBuffer, receiveCount, receiveType, comm);
}

int MPI_Alltoallv(const void* sendBuffer, const int* sendCounts, const int* sendOffsets, MPI_Datatype sendType,
                  void* receiveBuffer, const int* receiveCounts, const int* receiveOffsets, MPI_Datatype receiveType,
                  MPI_Comm comm) {
  Timed t(Alltoallv);
  return PMPI_Alltoallv(sendBuffer, sendCounts, sendOffsets, sendType, receiveBuffer, receiveCounts, receiveOffsets,
                        receiveType, comm);
}

int MPI_Bcast(void* buffer, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  Timed t(Bcast);
  return PMPI_Bcast(buffer, count, type, root, comm);
}

int MPI_Finalize() {
  int rank = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  // One line in one write, so that the processes' lines do not interleave.
  char line[1024];
  int used = std::snprintf(line, sizeof(line), "mpiwait rank %2d total %.3f", rank, now() - initTime);
  for (int c = 0; c < NumCalls; ++c)
    if (counts[c] > 0 && used < static_cast<int>(sizeof(line)))
      used += std::snprintf(line + used, sizeof(line) - used, " | %s %ld %.3f", callNames[c], counts[c], seconds[c]);
  if (used < static_cast<int>(sizeof(line)) - 1) line[used++] = '\n';
  if (write(2, line, static_cast<std::size_t>(std::min<int>(used, sizeof(line) - 1))) < 0) return PMPI_Finalize();
  return PMPI_Finalize();
}

}  // extern "C"
