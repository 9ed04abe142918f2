// The backend-neutral part of ComputeContext: the debug synchronisation after a launch.
#include "compute/ComputeContext.h"

namespace mardyn::compute {

void ComputeContext::synchronizeAfterLaunch(const std::string& kernelName) {
  try {
    synchronize();
  } catch (const ComputeException& error) {
    throw ComputeException("kernel '" + kernelName + "' failed: " + error.what());
  }
}

}  // namespace mardyn::compute
