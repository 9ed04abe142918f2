// Parsing of the "// mardyn-kernel:" directives of kernel files.
#include "compute/KernelFileHeader.h"

#include <sstream>

#include "compute/ComputeException.h"

namespace mardyn::compute {

KernelFileHeader KernelFileHeader::parse(std::string_view text, const std::string& path) {
  static const std::string marker = "// mardyn-kernel:";
  KernelFileHeader header;
  std::istringstream lines{std::string(text)};
  std::string line;
  int lineNumber = 0;
  while (std::getline(lines, line)) {
    ++lineNumber;
    const auto start = line.find_first_not_of(" \t");
    if (start == std::string::npos || line.compare(start, marker.size(), marker) != 0) continue;
    std::istringstream words(line.substr(start + marker.size()));
    std::string directive;
    words >> directive;
    std::string word;
    if (directive == "defines") {
      while (words >> word) {
        const auto eq = word.find('=');
        if (eq == std::string::npos)
          header.defines[word] = "1";
        else
          header.defines[word.substr(0, eq)] = word.substr(eq + 1);
      }
    } else if (directive == "requires") {
      while (words >> word) header.required.push_back(word);
    } else if (directive == "fragment") {
      header.fragment = true;
    } else {
      throw ComputeException(path + ":" + std::to_string(lineNumber) + ": unknown kernel directive '" + directive +
                             "' (expected defines, requires or fragment)");
    }
  }
  return header;
}

}  // namespace mardyn::compute
