// CellProcessorRegistry: the table of device cell processors (one line each).
#include "gpu/CellProcessorRegistry.h"

#include "utils/MardynException.h"

#include <algorithm>
#include <cctype>

namespace mardyn::gpu {

const std::vector<CellProcessorVariant>& CellProcessorRegistry::all() {
  using M = CellProcessorVariant::Mapping;
  static const std::vector<CellProcessorVariant> table = {
      {"reference", "gpu/kernels/ReferenceCellProcessor.cc", M::ThreadPerCellPair, 64, false, 0, 0, false, true,
       "one thread walks every molecule pair of a cell pair (the oracle)"},
      {"threadBlock", "gpu/kernels/ThreadBlockCellProcessor.cc", M::BlockPerCellPair, 32, true, 3, 1, false, true,
       "one block per cell pair, cells split into blocks of one molecule per thread, warp blocks inside"},
      {"warpBlock", "gpu/kernels/WarpBlockCellProcessor.cc", M::PersistentBlocks, 32, true, 1, 0, true, true,
       "persistent blocks; warps take jobs (a warp block of one cell with a whole neighbour cell) from "
       "queues; every pair processed twice, each pass writing its own side, no locks"},
      {"warpBlockCached", "gpu/kernels/WarpBlockCachedCellProcessor.cc", M::PersistentBlocks, 32, true, 3, 0, false,
       false,
       "persistent blocks and job queues as warpBlock; every pair processed once, the partner's results "
       "cached in shared memory and committed under per-cell locks (deterministic: one job per pair)"},
      {"verletList", "gpu/kernels/VerletListCellProcessor.cc", M::VerletList, 128, false, 0, 0, false, true,
       "one thread per owned molecule walks its list of partners within cutoff + skin, built after every cell "
       "rebuild; every pair computed from both sides, no atomics"},
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
