// AtomicFile: writes output files so that a reader never sees a partial file: content goes to a
// temporary file beside the target, which is renamed over the target once complete.
#pragma once

#include <fstream>
#include <string>

namespace mardyn {

class AtomicFile {
 public:
  /// Writes `content` to `path` atomically; throws MardynException on failure.
  static void write(const std::string& path, const std::string& content);

  /// Streaming form: write through stream(), then commit() renames the temporary file over
  /// `path`. Without commit() the temporary file is removed by the destructor.
  explicit AtomicFile(std::string path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  std::ofstream& stream() { return _out; }
  void commit();
  const std::string& path() const { return _path; }

 private:
  std::string _path, _tmp;
  std::ofstream _out;
  bool _committed = false;
};

}  // namespace mardyn
