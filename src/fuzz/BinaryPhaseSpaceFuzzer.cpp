// BinaryPhaseSpaceFuzzer: libFuzzer target of ls1's binary phase space (BinaryPhaseSpace). The input is
// written once as a header file and once as a data file: the header reader gets arbitrary XML, the data
// reader arbitrary records (format ICRVQD, a count from the first byte, two components, box 10 x 11 x
// 12). Problems are collected, never thrown; any exception, crash, leak, undefined behaviour or hang is a
// finding, and so is a molecule returned without a problem outside the box or with a component that does
// not exist.
#include "io/BinaryPhaseSpace.h"

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>

namespace {
std::string scratch(const char* suffix) {
  return "/tmp/mardyn-fuzz-binary-" + std::to_string(getpid()) + suffix;
}

void writeFile(const std::string& path, const std::uint8_t* data, std::size_t size) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
}
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setenv("MARDYN_MEMORY_LIMIT", "64M", 1);  // a huge count is refused, not reserved
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string header = scratch(".header.xml"), records = scratch(".dat");
  writeFile(header, data, size);
  std::vector<mardyn::InputProblem> problems;
  mardyn::BinaryPhaseSpace::readHeader(header, "/fuzz/header", problems);

  writeFile(records, data, size);
  mardyn::BinaryPhaseSpaceHeader h;
  h.length = mardyn::Vec3(10, 11, 12);
  h.number = size > 0 ? data[0] : 0;
  problems.clear();
  const auto molecules = mardyn::BinaryPhaseSpace::readData(records, "/fuzz/data", h, 2, h.length, problems);
  // Without a problem, every molecule returned is inside the box and of a known component.
  for (const auto& m : molecules)
    if (problems.empty() && (m.component > 1 || !(m.r.x >= 0 && m.r.x < 10 && m.r.y >= 0 && m.r.y < 11 && m.r.z >= 0 && m.r.z < 12)))
      std::abort();
  std::remove(header.c_str());
  std::remove(records.c_str());
  return 0;
}
