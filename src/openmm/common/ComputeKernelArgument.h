// ComputeKernelArgument: an array an injected interaction passes to its kernel whole (the interaction's code sees
// `GLOBAL type* name`), for ComputeNonbondedUtilities and ComputeBondedUtilities alike.
#pragma once

#include "compute/ArrayInterface.h"

#include <string>

namespace OpenMM {

struct ComputeKernelArgument {
  std::string name, type;
  mardyn::compute::ArrayInterface* array = nullptr;
};

} // namespace OpenMM
