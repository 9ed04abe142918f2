// The embedded CUDA prelude.
#include "cuda/CudaPrelude.h"

#include <vector>

#include "compute/EmbeddedSource.h"

namespace mardyn::cuda {

namespace embedded {
const std::vector<compute::EmbeddedSource>& cudaPreludeFiles();
}

std::string CudaPrelude::text() { return std::string(embedded::cudaPreludeFiles().at(0).text()); }

}  // namespace mardyn::cuda
