// WriteError: the one error for an output file that cannot be written any more, whatever the cause: a full
// disk, a quota, or the file-size limit of the process (EFBIG; main ignores SIGXFSZ, so that such a write
// fails with EFBIG instead of killing the process without a message).
#pragma once

#include "utils/MardynException.h"

#include <string>

namespace mardyn {

class WriteError : public MardynException {
 public:
  /// "writing the output file '<path>' failed: <reason(err)>".
  WriteError(const std::string& path, int err);
  /// What errno `err` means for a write, in words: strerror's text, and for EFBIG the limit that was met.
  static std::string reason(int err);
};

}  // namespace mardyn
