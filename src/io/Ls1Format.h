// Ls1Format: the number formats of ls1-mardyn's output files, so that its users' scripts read ours: its
// FORMAT_SCI_MAX_DIGITS (scientific, 15 digits after the point, width 24), and the plain stream defaults.
#pragma once

#include <cstdio>
#include <iomanip>
#include <limits>
#include <sstream>
#include <string>

namespace mardyn {

class Ls1Format {
 public:
  /// std::setw(width) << std::scientific << std::setprecision(15) << v
  static std::string sci(double v, int width = 24) {
    std::ostringstream os;
    os << std::setw(width) << std::scientific << std::setprecision(std::numeric_limits<double>::digits10) << v;
    return os.str();
  }
  /// A default-formatted stream value (precision `digits`, general format), as ls1's plain `<<`.
  static std::string plain(double v, int digits = 6) {
    std::ostringstream os;
    os << std::setprecision(digits) << v;
    return os.str();
  }
  /// ls1's aligned_number: n with leading zeros to `width` digits.
  static std::string padded(unsigned long n, int width) {
    std::ostringstream os;
    os << std::setw(width) << std::setfill('0') << n;
    return os.str();
  }
};

}  // namespace mardyn
