// GlobalStats: host-side sum of the per-cell potential energy and virial.
#include "gpu/GlobalStats.h"

#include "particleContainer/LinkedCells.h"

namespace mardyn::gpu {

GlobalStats::GlobalStats(compute::ComputeContext& context)
    : _cellStats(context, PrecisionArray::Kind::Mixed, 2, 0, "cellStats") {}

void GlobalStats::preInteraction(LinkedCells& cells) { _cellStats.resize(cells.cells().size()); }

void GlobalStats::postInteraction(LinkedCells& /*cells*/) {
  _cellStats.download(_host);
  _upot = 0.0;
  _virial = 0.0;
  for (std::size_t c = 0; c < _cellStats.size(); ++c) {
    _upot += _host[2 * c];
    _virial += _host[2 * c + 1];
  }
}

}  // namespace mardyn::gpu
