// GlobalStats: the per-cell statistics array and its device sum.
#include "gpu/GlobalStats.h"

#include <algorithm>

namespace mardyn::gpu {

int GlobalStats::reduceGroups(const compute::ComputeContext& context) {
  return std::min(2048, std::max(16, 8 * context.deviceInfo().computeUnits));
}

GlobalStats::GlobalStats(compute::ComputeContext& context)
    : _groups(reduceGroups(context)),
      _cellStats(context, compute::PrecisionArray::Kind::Mixed, 2, 0, "cellStats"),
      _partials(context, compute::PrecisionArray::Kind::Mixed, 1, 2 * static_cast<std::size_t>(_groups), "statsPartials") {}

void GlobalStats::addDefines(compute::ComputeContext::Defines& defines) const {
  defines["REDUCE_BLOCK"] = std::to_string(reduceBlock);
  defines["REDUCE_GROUPS"] = std::to_string(_groups);
}

void GlobalStats::createKernels(compute::ComputeProgram& program) {
  _partial = program.createKernel("sumPairsPartial");
  _finish = program.createKernel("sumPartials");
}

compute::PrecisionArray& GlobalStats::cellStats(std::size_t cells) {
  if (_cellStats.size() < cells) _cellStats.grow(cells);
  return _cellStats;
}

void GlobalStats::reduce(compute::PrecisionArray& stats, std::size_t count, compute::ArrayInterface& results, int offset) {
  _partial->call().arg(stats.array()).arg(static_cast<int>(count)).arg(_partials.array()).blockShape(reduceBlock).executeBlocks(
      static_cast<std::size_t>(_groups));
  _finish->call()
      .arg(_partials.array())
      .arg(_groups)
      .arg(2)
      .arg(results)
      .arg(offset)
      .blockShape(reduceBlock)
      .executeBlocks(1);
}

}  // namespace mardyn::gpu
