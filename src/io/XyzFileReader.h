// XyzFileReader: reads the frames of an extended-XYZ trajectory written by XyzWriter. A last frame
// cut short (a run killed while writing it) is skipped with a warning.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace mardyn {

class XyzFileReader {
 public:
  struct Frame {
    int firstLine = 0;                 ///< 1-based line of the count line
    std::optional<unsigned long> step; ///< Step=... of the comment line
    std::string chain;                 ///< Chain=... of the comment line (RunChain), empty if none
    std::size_t sites = 0;             ///< the count line
    std::string text;                  ///< the whole frame, newlines included
  };
  struct Content {
    std::vector<Frame> frames;          ///< complete frames in file order
    std::vector<std::string> warnings;  ///< "file:line: ..." for what was skipped
    bool exists = false;
  };

  /// Reads `file`; a missing file gives exists = false and no frames.
  static Content read(const std::string& file);
};

}  // namespace mardyn
