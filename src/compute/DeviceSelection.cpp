// Parsing of device selections and the node-local rank to GPU mapping.
#include "compute/DeviceSelection.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "compute/ComputeException.h"

namespace mardyn::compute {

DeviceSelection DeviceSelection::parse(const std::string& text) {
  DeviceSelection selection;
  std::string name = text;
  const auto colon = text.find(':');
  if (colon != std::string::npos) {
    name = text.substr(0, colon);
    const std::string index = text.substr(colon + 1);
    if (index.empty() || !std::all_of(index.begin(), index.end(), [](unsigned char c) { return std::isdigit(c); }))
      throw ComputeException("device selection '" + text + "': expected backend[:index] with a number as index");
    selection.index = std::stoi(index);
  }
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
  if (name.empty()) throw ComputeException("device selection '" + text + "': backend name missing");
  selection.backend = name;
  return selection;
}

int DeviceSelection::nodeLocalRankFromEnvironment() {
  for (const char* name : {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "MV2_COMM_WORLD_LOCAL_RANK",
                           "SLURM_LOCALID", "PMI_LOCAL_RANK"}) {
    const char* value = std::getenv(name);
    if (value && *value) return std::atoi(value);
  }
  return 0;
}

int DeviceSelection::deviceForLocalRank(int localRank, int deviceCount) {
  if (deviceCount <= 0) return 0;
  return ((localRank % deviceCount) + deviceCount) % deviceCount;
}

}  // namespace mardyn::compute
