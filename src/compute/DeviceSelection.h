// Device choice by backend name and index ("cuda:1", "opencl:0", "auto"), as given on the command
// line, in XML or in MARDYN_DEVICE, and the choice of a GPU from the node-local MPI rank.
#pragma once

#include <string>

namespace mardyn::compute {

struct DeviceSelection {
  std::string backend = "auto";
  int index = -1;  ///< -1: not given

  /// Parses "backend[:index]"; throws ComputeException on a malformed string.
  static DeviceSelection parse(const std::string& text);

  /// The node-local rank of this process from the launcher's environment (Open MPI, MPICH/Hydra,
  /// MVAPICH, Slurm), or 0 when none is set.
  static int nodeLocalRankFromEnvironment();

  /// The device for a node-local rank: localRank modulo deviceCount (0 if there are no devices).
  static int deviceForLocalRank(int localRank, int deviceCount);

  std::string toString() const { return backend + (index >= 0 ? ":" + std::to_string(index) : ""); }
};

}  // namespace mardyn::compute
