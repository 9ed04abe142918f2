// ResultFileReader: reads a .res file written by ResultWriter: comment lines and data rows. A last
// line cut short (a run killed while writing it) is skipped with a warning.
#pragma once

#include <string>
#include <vector>

namespace mardyn {

class ResultFileReader {
 public:
  struct Line {
    int number = 0;              ///< 1-based line number
    std::string text;            ///< the line, without its newline
    bool comment = false;        ///< starts with '#'
    unsigned long step = 0;      ///< data rows: the step column
    std::vector<double> values;  ///< data rows: every column (step included)
  };
  struct Content {
    std::vector<Line> lines;            ///< comments and complete rows, in file order
    std::vector<std::string> warnings;  ///< "file:line: ..." for every line skipped
    bool exists = false;
    std::string chain;                  ///< the last "# mardyn-chain <id>" comment (RunChain), empty if none
    int chainLine = 0;                  ///< its line
  };

  /// Number of columns of a data row (ls1's .res: step ... N).
  static constexpr std::size_t columns = 12;

  /// Reads `file`; a missing file gives exists = false and no lines.
  static Content read(const std::string& file);
  /// Data rows only.
  static std::vector<Line> rows(const Content& content);
};

}  // namespace mardyn
