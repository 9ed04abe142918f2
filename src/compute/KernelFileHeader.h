// The directives a kernel file may carry for compiling it on its own (the all-kernels compile test and
// KernelSources::withRequirements), one per comment line anywhere in the file:
//   // mardyn-kernel: defines NAME=VALUE NAME2=VALUE   (defines the file needs; NAME alone means 1)
//   // mardyn-kernel: requires compute/kernels/Other.cc (files to put before it, in order)
//   // mardyn-kernel: fragment                          (only compiled as part of other files)
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace mardyn::compute {

struct KernelFileHeader {
  std::map<std::string, std::string> defines;
  std::vector<std::string> required;
  bool fragment = false;

  /// Reads the directives of a kernel file; throws ComputeException on an unknown directive.
  static KernelFileHeader parse(std::string_view text, const std::string& path);
};

}  // namespace mardyn::compute
