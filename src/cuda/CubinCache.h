// On-disk cache of compiled CUDA binaries: one file per key, named by a hash of the key text (source,
// compiler options, NVRTC version, device); the full key is stored in the file and compared on load.
#pragma once

#include <string>

namespace mardyn::cuda {

class CubinCache {
 public:
  /// directory "" disables the cache.
  explicit CubinCache(std::string directory) : _directory(std::move(directory)) {}

  bool enabled() const { return !_directory.empty(); }
  const std::string& directory() const { return _directory; }
  /// The cached binary for key, or false. Unreadable or mismatching files count as misses.
  bool load(const std::string& key, std::string& binary) const;
  /// Stores binary under key (written to a temporary file, then renamed); failures are ignored, since
  /// the cache only saves time.
  void store(const std::string& key, const std::string& binary) const;
  /// The file that holds key.
  std::string pathFor(const std::string& key) const;

 private:
  std::string _directory;
};

}  // namespace mardyn::cuda
