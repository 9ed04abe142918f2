// StreamingFile: an output file written piece by piece (result rows, trajectory frames), each piece
// flushed to the operating system as soon as it is complete, so that a killed run leaves every
// complete piece and at most one incomplete last line.
#pragma once

#include <cstdio>
#include <string>

namespace mardyn {

class StreamingFile {
 public:
  enum class Mode { Truncate, Append };
  /// Opens `path` (creating its directory); throws MardynException naming the path and the reason.
  StreamingFile(std::string path, Mode mode);
  ~StreamingFile();
  StreamingFile(const StreamingFile&) = delete;
  StreamingFile& operator=(const StreamingFile&) = delete;

  /// Writes `text` and flushes it; throws WriteError when the write fails (a full disk, the file-size limit).
  void write(const std::string& text);
  const std::string& path() const { return _path; }

  /// Throws MardynException unless `path` can be written: its directory can be created and takes
  /// new files, and the path is not a directory. Leaves nothing behind but the directory.
  static void checkWritable(const std::string& path);

 private:
  std::string _path;
  std::FILE* _file = nullptr;
};

}  // namespace mardyn
