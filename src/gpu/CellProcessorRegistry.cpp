// CellProcessorRegistry: the table of device cell processors (one line each).
#include "gpu/CellProcessorRegistry.h"

#include "utils/MardynException.h"

#include <algorithm>
#include <cctype>

namespace mardyn::gpu {

const std::vector<CellProcessorVariant>& CellProcessorRegistry::all() {
  using M = CellProcessorVariant::Mapping;
  static const std::vector<CellProcessorVariant> table = {
      {"reference", "gpu/kernels/ReferenceCellProcessor.cc", M::ThreadPerCellPair, 64, false,
       "one thread walks every molecule pair of a cell pair (the oracle)"},
      {"threadBlock", "gpu/kernels/ThreadBlockCellProcessor.cc", M::BlockPerCellPair, 32, true,
       "one block per cell pair, cells split into blocks of one molecule per thread, warp blocks inside"},
  };
  return table;
}

const CellProcessorVariant& CellProcessorRegistry::find(const std::string& name) {
  auto lower = [](std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
  };
  std::string names;
  for (const auto& v : all()) {
    if (lower(v.name) == lower(name)) return v;
    names += (names.empty() ? "" : ", ") + v.name;
  }
  throw MardynException("unknown GPU cell processor '" + name + "'; available: " + names);
}

}  // namespace mardyn::gpu
