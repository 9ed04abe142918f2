// Reading and writing cache files: "MDCUBIN1\n", key length (decimal) and newline, key, binary.
#include "cuda/CubinCache.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "compute/SourceHash.h"

namespace mardyn::cuda {

namespace {
const std::string magic = "MDCUBIN1\n";
}

std::string CubinCache::pathFor(const std::string& key) const {
  return _directory + "/" + compute::SourceHash().add(key).hex() + ".cubin";
}

bool CubinCache::load(const std::string& key, std::string& binary) const {
  if (!enabled()) return false;
  std::ifstream in(pathFor(key), std::ios::binary);
  if (!in) return false;
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string content = buffer.str();
  if (content.compare(0, magic.size(), magic) != 0) return false;
  const auto newline = content.find('\n', magic.size());
  if (newline == std::string::npos) return false;
  std::size_t keyLength = 0;
  try {
    keyLength = std::stoul(content.substr(magic.size(), newline - magic.size()));
  } catch (const std::exception&) {
    return false;
  }
  const std::size_t keyStart = newline + 1;
  if (content.size() < keyStart + keyLength || content.compare(keyStart, keyLength, key) != 0) return false;
  binary = content.substr(keyStart + keyLength);
  return !binary.empty();
}

void CubinCache::store(const std::string& key, const std::string& binary) const {
  if (!enabled()) return;
  std::error_code error;
  std::filesystem::create_directories(_directory, error);
  if (error) return;
  const std::string path = pathFor(key);
  const std::string temporary = path + ".tmp" + std::to_string(::getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) return;
    out << magic << key.size() << '\n' << key << binary;
    if (!out) {
      out.close();
      std::filesystem::remove(temporary, error);
      return;
    }
  }
  std::filesystem::rename(temporary, path, error);
  if (error) std::filesystem::remove(temporary, error);
}

}  // namespace mardyn::cuda
