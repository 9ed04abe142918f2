// The project's kernel files (src/**/kernels/*.cc), embedded into the binary at build time and looked
// up by their path below src/, e.g. KernelSources::get("gpu/kernels/CellProcessor.cc").
#pragma once

#include <string>
#include <vector>

#include "compute/EmbeddedSource.h"
#include "compute/KernelFileHeader.h"

namespace mardyn::compute {

class KernelSources {
 public:
  /// Every embedded kernel file, sorted by path.
  static const std::vector<EmbeddedSource>& all();
  static bool contains(const std::string& path);
  /// The text of one kernel file; throws ComputeException naming the known files if it is missing.
  static std::string get(const std::string& path);
  /// The directives of one kernel file.
  static KernelFileHeader header(const std::string& path);
  /// The file preceded by the files it `requires` (recursively, each once), ready to compile.
  static std::string withRequirements(const std::string& path);
  /// Several files, each preceded by its requirements; a file required by several comes once.
  static std::string withRequirements(const std::vector<std::string>& paths);
};

}  // namespace mardyn::compute
