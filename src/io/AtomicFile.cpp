// AtomicFile: temporary file + rename, so output files appear complete or not at all.
#include "io/AtomicFile.h"

#include "utils/MardynException.h"

#include <cstdio>
#include <filesystem>
#include <unistd.h>

namespace mardyn {

namespace {
std::string tempName(const std::string& path) { return path + ".tmp" + std::to_string(::getpid()); }

void ensureParent(const std::string& path) {
  const auto parent = std::filesystem::path(path).parent_path();
  std::error_code ec;
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
}
}  // namespace

void AtomicFile::write(const std::string& path, const std::string& content) {
  AtomicFile f(path);
  f.stream() << content;
  f.commit();
}

AtomicFile::AtomicFile(std::string path) : _path(std::move(path)), _tmp(tempName(_path)) {
  ensureParent(_path);
  _out.open(_tmp, std::ios::out | std::ios::trunc);
  if (!_out) throw MardynException("cannot open '" + _tmp + "' for writing (output of '" + _path + "')");
}

AtomicFile::~AtomicFile() {
  if (!_committed) {
    _out.close();
    std::remove(_tmp.c_str());
  }
}

void AtomicFile::commit() {
  _out.flush();
  const bool ok = static_cast<bool>(_out);
  _out.close();
  if (!ok) throw MardynException("writing '" + _tmp + "' failed (output of '" + _path + "')");
  if (std::rename(_tmp.c_str(), _path.c_str()) != 0)
    throw MardynException("cannot rename '" + _tmp + "' to '" + _path + "'");
  _committed = true;
}

}  // namespace mardyn
