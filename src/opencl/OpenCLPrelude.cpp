// The embedded OpenCL prelude.
#include "opencl/OpenCLPrelude.h"

#include <vector>

#include "compute/EmbeddedSource.h"

namespace mardyn::opencl {

namespace embedded {
const std::vector<compute::EmbeddedSource>& openclPreludeFiles();
}

std::string OpenCLPrelude::text() { return std::string(embedded::openclPreludeFiles().at(0).text()); }

}  // namespace mardyn::opencl
