// MemoryLimit: the system's available memory and address-space limit, or MARDYN_MEMORY_LIMIT.
#include "utils/MemoryLimit.h"

#include <sys/resource.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>

namespace mardyn {

namespace {

/// "123", "64M", "2G", "512k" -> bytes; negative if the text is not such a size.
double parseSize(const std::string& text) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || !(v >= 0) || !std::isfinite(v)) return -1.0;
  const std::string suffix(end);
  if (suffix.empty()) return v;
  if (suffix.size() == 1) {
    switch (std::toupper(static_cast<unsigned char>(suffix[0]))) {
      case 'K': return v * 1024.0;
      case 'M': return v * 1024.0 * 1024.0;
      case 'G': return v * 1024.0 * 1024.0 * 1024.0;
      default: break;
    }
  }
  return -1.0;
}

/// A value in kB from /proc/meminfo or /proc/self/status, in bytes; negative if absent.
double procField(const char* file, const std::string& field) {
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    if (line.compare(0, field.size(), field) != 0 || line.size() <= field.size() || line[field.size()] != ':') continue;
    std::istringstream ss(line.substr(field.size() + 1));
    double kb = -1.0;
    ss >> kb;
    return kb >= 0 ? kb * 1024.0 : -1.0;
  }
  return -1.0;
}

}  // namespace

double MemoryLimit::availableBytes() {
  if (const char* env = std::getenv("MARDYN_MEMORY_LIMIT")) {
    const double v = parseSize(env);
    if (v >= 0) return v;
  }
  double limit = std::numeric_limits<double>::infinity();
  const double available = procField("/proc/meminfo", "MemAvailable");
  if (available >= 0) limit = available;
  rlimit r{};
  if (getrlimit(RLIMIT_AS, &r) == 0 && r.rlim_cur != RLIM_INFINITY) {
    const double mapped = std::max(procField("/proc/self/status", "VmSize"), 0.0);
    limit = std::min(limit, std::max(static_cast<double>(r.rlim_cur) - mapped, 0.0));
  }
  return limit;
}

std::string MemoryLimit::format(double bytes) {
  char buf[64];
  const double kib = 1024.0, mib = kib * 1024.0, gib = mib * 1024.0, tib = gib * 1024.0;
  if (!std::isfinite(bytes)) std::snprintf(buf, sizeof buf, "unlimited");
  else if (bytes >= 1024.0 * tib) std::snprintf(buf, sizeof buf, "%.2g bytes", bytes);
  else if (bytes >= tib) std::snprintf(buf, sizeof buf, "%.1f TiB", bytes / tib);
  else if (bytes >= gib) std::snprintf(buf, sizeof buf, "%.1f GiB", bytes / gib);
  else if (bytes >= mib) std::snprintf(buf, sizeof buf, "%.1f MiB", bytes / mib);
  else if (bytes >= kib) std::snprintf(buf, sizeof buf, "%.1f KiB", bytes / kib);
  else std::snprintf(buf, sizeof buf, "%.0f bytes", bytes);
  return buf;
}

}  // namespace mardyn
