// ParallelInput with MPI: rank 0 reads the phase space; a status flag is broadcast before any data,
// so that an error seen by rank 0 alone ends every process with an InputError instead of a hang.
#include "parallel/ParallelInput.h"

#include "io/XmlConfigReader.h"
#include "utils/MardynException.h"

#include "parallel/ParallelEnvironment.h"

#include <mpi.h>

#include <algorithm>
#include <string>
#include <type_traits>

namespace mardyn {

namespace {

static_assert(std::is_trivially_copyable_v<MoleculeRecord>, "MoleculeRecord travels as bytes");

/// Broadcasts rank 0's molecules in pieces of at most ~1 GiB (MPI counts are int).
void broadcastMolecules(std::vector<MoleculeRecord>& molecules, int rank, MPI_Comm comm) {
  unsigned long count = molecules.size();
  MPI_Bcast(&count, 1, MPI_UNSIGNED_LONG, 0, comm);
  if (rank != 0) molecules.resize(count);
  constexpr std::size_t chunk = (std::size_t(1) << 30) / sizeof(MoleculeRecord);
  for (std::size_t first = 0; first < count; first += chunk) {
    const std::size_t n = std::min<std::size_t>(chunk, count - first);
    MPI_Bcast(molecules.data() + first, static_cast<int>(n * sizeof(MoleculeRecord)), MPI_BYTE, 0, comm);
  }
}

void broadcastString(std::string& s, int rank, MPI_Comm comm) {
  unsigned long size = s.size();
  MPI_Bcast(&size, 1, MPI_UNSIGNED_LONG, 0, comm);
  if (rank != 0) s.resize(size);
  if (size > 0) MPI_Bcast(s.data(), static_cast<int>(size), MPI_CHAR, 0, comm);
}

/// The restart point rank 0 found in the phase-space header (step, file, saved plugin states).
void broadcastRestart(RestartPoint& restart, int rank, MPI_Comm comm) {
  int active = restart.active ? 1 : 0;
  unsigned long step = restart.step, states = restart.pluginStates.size();
  MPI_Bcast(&active, 1, MPI_INT, 0, comm);
  MPI_Bcast(&step, 1, MPI_UNSIGNED_LONG, 0, comm);
  MPI_Bcast(&states, 1, MPI_UNSIGNED_LONG, 0, comm);
  restart.active = active != 0;
  restart.step = step;
  broadcastString(restart.file, rank, comm);
  restart.pluginStates.resize(states);
  for (auto& [name, state] : restart.pluginStates) {
    broadcastString(name, rank, comm);
    broadcastString(state, rank, comm);
  }
}

}  // namespace

SimulationConfig ParallelInput::read(const std::string& file, const ElementReaders& readers) {
  const int size = ParallelEnvironment::size();  // 1 where MPI was not initialised (no launcher)
  if (size <= 1) return XmlConfigReader::read(file, readers);
  const int rank = ParallelEnvironment::rank();

  XmlConfigReader::Options options;
  options.readPhaseSpace = rank == 0;
  SimulationConfig config;
  std::vector<InputProblem> problems;
  try {
    config = XmlConfigReader::read(file, readers, options);
  } catch (const InputError& e) {
    problems = e.problems();
    if (problems.empty()) problems.push_back({file, 0, "", e.what()});
  } catch (const std::exception& e) {
    problems.push_back({file, 0, "", e.what()});
  }
  // Status first: 1 on every process if rank 0 failed, 2 if only other processes did.
  int status = problems.empty() ? 0 : 1;
  int rootStatus = status;
  MPI_Bcast(&rootStatus, 1, MPI_INT, 0, MPI_COMM_WORLD);
  int anyFailed = status;
  MPI_Allreduce(MPI_IN_PLACE, &anyFailed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (rootStatus != 0) {
    if (rank == 0) throw InputError(problems);
    throw InputError(InputProblem{file, 0, "", "rank 0 found problems in the input (reported by rank 0)"});
  }
  if (anyFailed != 0) {
    if (!problems.empty()) throw InputError(problems);
    throw InputError(InputProblem{file, 0, "", "another process could not read the input"});
  }
  broadcastMolecules(config.molecules, rank, MPI_COMM_WORLD);
  MPI_Bcast(&config.currentTime, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  broadcastRestart(config.restart, rank, MPI_COMM_WORLD);
  return config;
}

}  // namespace mardyn
