// OutputPrefixLock: an output prefix is one run's for the run's duration: "<prefix>.lock", locked by the
// process (the lock goes with the process, also when it is killed) and naming it, so that a second run
// with the same prefix stops at start-up with an error naming the first, instead of both writing the files.
#pragma once

#include <string>
#include <vector>

namespace mardyn {

class OutputPrefixLock {
 public:
  /// Locks `prefix` (creating its directory); throws MardynException naming the process, host and start
  /// time of the run that holds it. Then removes the temporary files that dead processes left beside the
  /// prefix's outputs (AtomicFile::removeStale: nobody else can be writing them now).
  explicit OutputPrefixLock(std::string prefix);
  /// Removes the lock file and releases the lock.
  ~OutputPrefixLock();
  OutputPrefixLock(const OutputPrefixLock&) = delete;
  OutputPrefixLock& operator=(const OutputPrefixLock&) = delete;

  const std::string& file() const { return _file; }
  /// The stale temporary files removed at start.
  const std::vector<std::string>& removed() const { return _removed; }
  /// Non-empty when the file system cannot lock files: the run goes on unprotected (say so).
  const std::string& warning() const { return _warning; }

 private:
  std::string _prefix, _file, _warning;
  int _fd = -1;
  std::vector<std::string> _removed;
};

}  // namespace mardyn
