// Entry point to the backends compiled into this binary (target mardyn_compute_backends): no #ifdef
// is needed by callers; a backend that was not built is simply absent from the registry.
#pragma once

#include <memory>

#include "compute/BackendRegistry.h"

namespace mardyn::compute {

/// A registry with every backend enabled at configure time (CUDA, then OpenCL).
BackendRegistry availableBackends();

/// Shortcut: availableBackends().create(options.withEnvironment()).
std::unique_ptr<ComputeContext> createComputeContext(const ContextOptions& options = {});

}  // namespace mardyn::compute
