// AtomicFile: temporary file + fsync + rename + fsync of the directory, so output files appear complete or
// not at all; stale temporary files of dead processes are found by the process id in their names.
#include "io/AtomicFile.h"

#include "io/WriteError.h"
#include "utils/MardynException.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <unistd.h>

namespace mardyn {

namespace {
void ensureParent(const std::string& path) {
  const auto parent = std::filesystem::path(path).parent_path();
  std::error_code ec;
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
}

/// fsync of the directory holding `path`, so that a rename in it survives a crash of the machine. File
/// systems that cannot sync a directory (EINVAL) keep the rename in their own order.
void syncDirectory(const std::string& path) {
  std::string dir = std::filesystem::path(path).parent_path().string();
  if (dir.empty()) dir = ".";
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

/// True when `name` is "<base><sep>...<marker><digits>" with sep '.' or '-'; `pid` receives the digits.
bool staleCandidate(const std::string& name, const std::string& base, const std::string& marker, long& pid) {
  if (name.size() <= base.size() + 1 || name.compare(0, base.size(), base) != 0) return false;
  if (name[base.size()] != '.' && name[base.size()] != '-') return false;
  const auto at = name.rfind(marker);
  if (at == std::string::npos || at < base.size() || at + marker.size() >= name.size()) return false;
  const std::string digits = name.substr(at + marker.size());
  if (digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) return false;
  pid = std::stol(digits);
  return pid > 0;
}
}  // namespace

std::string AtomicFile::temporaryName(const std::string& path, long pid) { return path + ".tmp" + std::to_string(pid); }

void AtomicFile::write(const std::string& path, const std::string& content) {
  AtomicFile f(path);
  f.stream() << content;
  f.commit();
}

AtomicFile::AtomicFile(std::string path)
    : _path(std::move(path)), _tmp(temporaryName(_path, ::getpid())), _out(nullptr) {
  ensureParent(_path);
  _fd = ::open(_tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (_fd < 0)
    throw MardynException("cannot open '" + _tmp + "' for writing (output of '" + _path + "'): " + std::strerror(errno));
  _buffer = std::make_unique<ChecksumFileBuffer>(_fd);
  _out.rdbuf(_buffer.get());
}

AtomicFile::~AtomicFile() {
  if (_fd >= 0) ::close(_fd);
  if (!_committed) std::remove(_tmp.c_str());
}

std::uint32_t AtomicFile::checksum() {
  _out.flush();
  _buffer->flushBuffer();
  return _buffer->checksum();
}

void AtomicFile::commit() {
  _out.flush();
  if (!_buffer->flushBuffer() || !_out) throw WriteError(_path, _buffer->error() ? _buffer->error() : EIO);
  if (::fsync(_fd) != 0 && errno != EINVAL) throw WriteError(_path, errno);
  const int closed = ::close(_fd);
  _fd = -1;
  if (closed != 0) throw WriteError(_path, errno);
  if (std::rename(_tmp.c_str(), _path.c_str()) != 0)
    throw MardynException("cannot rename '" + _tmp + "' to '" + _path + "': " + std::strerror(errno));
  _committed = true;
  syncDirectory(_path);
}

std::vector<std::string> AtomicFile::removeStale(const std::string& prefix) {
  std::vector<std::string> removed;
  const std::filesystem::path p(prefix);
  const std::string base = p.filename().string();
  const std::filesystem::path dir = p.parent_path().empty() ? std::filesystem::path(".") : p.parent_path();
  std::error_code ec;
  if (base.empty() || !std::filesystem::is_directory(dir, ec)) return removed;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    long pid = 0;
    // ".probe<pid>": the writability probes of earlier versions
    if (!staleCandidate(name, base, ".tmp", pid) && !staleCandidate(name, base, ".probe", pid)) continue;
    if (pid == ::getpid() || !entry.is_regular_file(ec)) continue;
    if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM) continue;  // that process still runs
    const std::string path = (p.parent_path().empty() ? std::filesystem::path(name) : dir / name).string();
    if (std::remove(entry.path().c_str()) == 0) removed.push_back(path);
  }
  return removed;
}

}  // namespace mardyn
