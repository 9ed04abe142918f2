// One file embedded into the binary at build time by cmake/MardynKernels.cmake: its path relative to
// the embedding root (e.g. "gpu/kernels/CellProcessor.cc") and its text.
#pragma once

#include <cstddef>
#include <string_view>

namespace mardyn::compute {

struct EmbeddedSource {
  const char* path;
  const char* data;
  std::size_t size;
  std::string_view text() const { return std::string_view(data, size); }
};

}  // namespace mardyn::compute
