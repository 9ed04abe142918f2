// OutputPrefixLock: an open-file-description lock (fcntl F_OFD_SETLK, F_SETLK where the system has no OFD
// locks) on "<prefix>.lock"; the file says "pid <pid> host <host> started <time>" for the next run's message.
// A lock taken on a file that its holder removed in between (at its end) is given up and taken again.
#include "io/OutputPrefixLock.h"

#include "io/AtomicFile.h"
#include "utils/MardynException.h"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace mardyn {

namespace {
#ifdef F_OFD_SETLK
constexpr int kSetLock = F_OFD_SETLK;
#else
constexpr int kSetLock = F_SETLK;
#endif

std::string holderOf(int fd) {
  char buf[512] = {};
  const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  std::string text = n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : std::string();
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return text;
}

std::string describe(const std::string& holder) {
  // "pid 123 host abc started Sat Nov 28 16:20:01 2026"
  const auto host = holder.find(" host "), started = holder.find(" started ");
  if (holder.rfind("pid ", 0) != 0 || host == std::string::npos || started == std::string::npos)
    return "another run (it has not written its process id into the lock file yet)";
  return "process " + holder.substr(4, host - 4) + " on host " + holder.substr(host + 6, started - host - 6) +
         " (started " + holder.substr(started + 9) + ")";
}
}  // namespace

OutputPrefixLock::OutputPrefixLock(std::string prefix) : _prefix(std::move(prefix)), _file(_prefix + ".lock") {
  const auto parent = std::filesystem::path(_file).parent_path();
  std::error_code ec;
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  if (ec && !std::filesystem::is_directory(parent))
    throw MardynException("cannot create the directory '" + parent.string() + "' for the outputs of the prefix '" +
                          _prefix + "': " + ec.message());
  for (int attempt = 0; attempt < 100 && _fd < 0; ++attempt) {
    const int fd = ::open(_file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
      throw MardynException("cannot create the lock file '" + _file + "' of the output prefix '" + _prefix +
                            "': " + std::strerror(errno));
    struct flock lock {};
    lock.l_type = F_WRLCK;
    lock.l_whence = SEEK_SET;
    if (::fcntl(fd, kSetLock, &lock) != 0) {
      const int err = errno;
      if (err == EACCES || err == EAGAIN) {
        const std::string holder = holderOf(fd);
        ::close(fd);
        throw MardynException("the output prefix '" + _prefix + "' is in use by " + describe(holder) + ", which locks '" +
                              _file + "'; two runs writing the same files would mix their results: wait for that "
                              "run to end, or give this one another prefix (-p)");
      }
      // A file system without locks: run, but say that the prefix is not protected.
      _warning = "the output prefix '" + _prefix + "' cannot be locked (" + std::strerror(err) +
                 "): a second run with the same prefix would not be stopped";
      _fd = fd;
      break;
    }
    struct stat opened {}, named {};
    if (::fstat(fd, &opened) == 0 && ::stat(_file.c_str(), &named) == 0 && opened.st_ino == named.st_ino &&
        opened.st_dev == named.st_dev) {
      _fd = fd;
      break;
    }
    ::close(fd);  // the run that held it removed the file at its end: lock the file as it is now
  }
  if (_fd < 0) throw MardynException("cannot lock the output prefix '" + _prefix + "' ('" + _file + "' keeps changing)");
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) std::strcpy(host, "?");
  const std::time_t now = std::time(nullptr);
  char when[64] = {};
  std::tm tm{};
  localtime_r(&now, &tm);
  std::strftime(when, sizeof when, "%c", &tm);
  const std::string text = "pid " + std::to_string(::getpid()) + " host " + host + " started " + when + "\n";
  if (::ftruncate(_fd, 0) != 0 || ::pwrite(_fd, text.data(), text.size(), 0) != static_cast<ssize_t>(text.size()))
    _warning = "cannot write the lock file '" + _file + "': " + std::strerror(errno);
  _removed = AtomicFile::removeStale(_prefix);
}

OutputPrefixLock::~OutputPrefixLock() {
  if (_fd < 0) return;
  ::unlink(_file.c_str());  // still locked: a run waiting for it sees the file gone and locks a new one
  ::close(_fd);
}

}  // namespace mardyn
