// WriteError: strerror's text, with the file-size limit (getrlimit) named where it stopped the write.
#include "io/WriteError.h"

#include <cerrno>
#include <cstring>
#include <sys/resource.h>

namespace mardyn {

WriteError::WriteError(const std::string& path, int err)
    : MardynException("writing the output file '" + path + "' failed: " + reason(err)) {}

std::string WriteError::reason(int err) {
  std::string text = err != 0 ? std::strerror(err) : "unknown error";
  if (err == EFBIG) {
    rlimit limit{};
    if (getrlimit(RLIMIT_FSIZE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
      text += " (the file reached this process's file-size limit of " + std::to_string(limit.rlim_cur) +
              " bytes, `ulimit -f`)";
    else
      text += " (the file reached a file-size limit)";
  }
  return text;
}

}  // namespace mardyn
