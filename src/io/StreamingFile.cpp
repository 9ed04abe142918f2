// StreamingFile: stdio with fflush after every piece (a kill loses nothing that was flushed).
#include "io/StreamingFile.h"

#include "io/AtomicFile.h"
#include "io/WriteError.h"
#include "utils/MardynException.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <unistd.h>

namespace mardyn {

namespace {
void createParent(const std::string& path) {
  const auto parent = std::filesystem::path(path).parent_path();
  if (parent.empty()) return;
  std::error_code ec;
  std::filesystem::create_directories(parent, ec);
  if (ec && !std::filesystem::is_directory(parent))
    throw MardynException("cannot create the directory '" + parent.string() + "' for the output file '" + path +
                          "': " + ec.message());
}
}  // namespace

StreamingFile::StreamingFile(std::string path, Mode mode) : _path(std::move(path)) {
  createParent(_path);
  _file = std::fopen(_path.c_str(), mode == Mode::Append ? "a" : "w");
  if (!_file) throw MardynException("cannot open the output file '" + _path + "' for writing: " + std::strerror(errno));
}

StreamingFile::~StreamingFile() {
  if (_file) std::fclose(_file);
}

void StreamingFile::write(const std::string& text) {
  errno = 0;
  if (std::fwrite(text.data(), 1, text.size(), _file) != text.size() || std::fflush(_file) != 0)
    throw WriteError(_path, errno);
}

void StreamingFile::checkWritable(const std::string& path) {
  createParent(path);
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw MardynException("the output file '" + path + "' cannot be written: a directory of that name exists");
  const std::string probe = AtomicFile::temporaryName(path, ::getpid());
  std::FILE* f = std::fopen(probe.c_str(), "w");
  if (!f) throw MardynException("the output file '" + path + "' cannot be written: " + std::strerror(errno));
  std::fclose(f);
  std::remove(probe.c_str());
}

}  // namespace mardyn
