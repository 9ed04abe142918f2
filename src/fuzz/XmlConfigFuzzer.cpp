// XmlConfigFuzzer: libFuzzer target of the XML configuration reader with its includes and the files
// it names. An input is the main configuration, optionally followed by more files, each introduced by
// a line "--- NAME" (NAME: a plain file name, or "../" and one, for ls1's includes from the parent
// directory). The files are written to a scratch directory and ConfigurationReader::read runs on the main
// one. Reading must end normally or with InputError; anything else (another exception, a crash, a
// leak, undefined behaviour, a hang) is a finding.
#include "ConfigurationReader.h"

#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

std::filesystem::path scratch;  ///< <tmp>/mardyn-fuzz-<pid>/case: the main file's directory
bool verbose = false;           ///< MARDYN_FUZZ_VERBOSE set: print what each input gave (to rerun findings)

bool plainName(const std::string& name) {
  if (name.empty() || name.size() > 64 || name == "." || name == "..") return false;
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-')) return false;
  return true;
}

/// The input split into (relative path, content); the first is the main configuration.
std::vector<std::pair<std::string, std::string>> split(const std::string& data) {
  std::vector<std::pair<std::string, std::string>> files{{"config.xml", ""}};
  std::size_t pos = 0;
  while (pos <= data.size()) {
    const std::size_t mark = data.find("\n--- ", pos);
    const std::size_t end = mark == std::string::npos ? data.size() : mark;
    files.back().second += data.substr(pos, end - pos);
    if (mark == std::string::npos) break;
    const std::size_t nameEnd = data.find('\n', mark + 5);
    std::string name = data.substr(mark + 5, nameEnd == std::string::npos ? std::string::npos : nameEnd - mark - 5);
    const bool up = name.compare(0, 3, "../") == 0;
    if (!plainName(up ? name.substr(3) : name)) name = "ignored";
    files.emplace_back(name, "");
    if (nameEnd == std::string::npos) break;
    pos = nameEnd + 1;
  }
  return files;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // Generated lattices stay small, so that an input runs in milliseconds.
  setenv("MARDYN_MEMORY_LIMIT", "64M", 1);
  verbose = std::getenv("MARDYN_FUZZ_VERBOSE") != nullptr;
  const std::filesystem::path base = std::filesystem::exists("/dev/shm") ? "/dev/shm" : std::filesystem::temp_directory_path();
  scratch = base / ("mardyn-fuzz-" + std::to_string(getpid())) / "case";
  std::filesystem::create_directories(scratch);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto files = split(std::string(reinterpret_cast<const char*>(data), size));
  std::vector<std::filesystem::path> written;
  for (const auto& [name, content] : files) {
    const std::filesystem::path path = (scratch / name).lexically_normal();
    std::ofstream(path, std::ios::binary) << content;
    written.push_back(path);
  }
  try {
    const auto config = mardyn::ConfigurationReader::read((scratch / "config.xml").string());
    if (verbose) std::cerr << "read: " << config.molecules.size() << " molecules\n";
  } catch (const mardyn::InputError& e) {
    if (verbose) std::cerr << e.what() << "\n";
  }
  for (const auto& p : written) std::filesystem::remove(p);
  return 0;
}
