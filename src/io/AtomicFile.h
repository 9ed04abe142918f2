// AtomicFile: writes output files so that a reader never sees a partial file: content goes to a
// temporary file beside the target, which is synced to the disk and renamed over the target once complete.
#pragma once

#include "io/ChecksumFileBuffer.h"

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace mardyn {

class AtomicFile {
 public:
  /// Writes `content` to `path` atomically; throws WriteError (or MardynException) on failure.
  static void write(const std::string& path, const std::string& content);

  /// Streaming form: write through stream(), then commit() renames the temporary file over
  /// `path`. Without commit() the temporary file is removed by the destructor.
  explicit AtomicFile(std::string path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  std::ostream& stream() { return _out; }
  /// CRC-32 (Crc32) of everything written through stream() so far.
  std::uint32_t checksum();
  /// Writes what is buffered, syncs the temporary file to the disk (fsync), renames it over path() and syncs
  /// the directory, so that even after a crash of the machine path() is the old file or the new one, whole.
  /// Throws WriteError naming the file and the reason (a full disk, the file-size limit).
  void commit();
  const std::string& path() const { return _path; }

  /// The temporary file of `path` written by process `pid`: "<path>.tmp<pid>".
  static std::string temporaryName(const std::string& path, long pid);
  /// Removes the temporary files that processes no longer running left beside the outputs of `prefix`
  /// ("<prefix>[.-]...tmp<pid>", e.g. a checkpoint whose writer was killed); returns their names.
  static std::vector<std::string> removeStale(const std::string& prefix);

 private:
  std::string _path, _tmp;
  int _fd = -1;
  std::unique_ptr<ChecksumFileBuffer> _buffer;
  std::ostream _out;
  bool _committed = false;
};

}  // namespace mardyn
