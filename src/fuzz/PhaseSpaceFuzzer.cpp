// PhaseSpaceFuzzer: libFuzzer target of the ASCII phase-space reader (ls1's .inp and this program's
// checkpoints with their step and plugin-state lines), two components, box 10 x 11 x 12. Problems
// are collected, never thrown; any exception, crash, leak, undefined behaviour or hang is a finding.
#include "io/PhaseSpaceReader.h"

#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setenv("MARDYN_MEMORY_LIMIT", "64M", 1);  // a huge NumberOfMolecules is refused, not reserved
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::vector<mardyn::InputProblem> problems;
  mardyn::PhaseSpaceHeader header;
  const auto molecules =
      mardyn::PhaseSpaceReader::read(in, "fuzz.inp", "/file", 2, mardyn::Vec3(10, 11, 12), problems, &header);
  // Every molecule returned must be inside the box with a known component and a unit quaternion.
  for (const auto& m : molecules)
    if (m.component > 1 || !(m.r.x >= 0 && m.r.x < 10 && m.r.y >= 0 && m.r.y < 11 && m.r.z >= 0 && m.r.z < 12) ||
        !(m.q.magnitude2() > 0.999 && m.q.magnitude2() < 1.001))
      std::abort();
  return 0;
}
