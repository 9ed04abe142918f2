// CellProcessorFactory: the choice of the CPU cell processor and of the container cutoff it needs.
#include "particleContainer/CellProcessorFactory.h"

#include "particleContainer/LegacyCellProcessor.h"
#include "particleContainer/SingleCentreCellProcessor.h"
#include "particleContainer/VectorizedCellProcessor.h"
#include "particleContainer/VerletListCellProcessor.h"

namespace mardyn {

CellProcessorChoice CellProcessorFactory::create(const std::vector<Component>& components,
                                                 const InteractionParameters& params, const Options& options) {
  CellProcessorChoice c;
  const double rc = params.cutoff();
  c.containerCutoff = rc;
  if (options.deviceTraversal) {
    // The device keeps its cells while no molecule moved more than half the skin: cells of cutoff + skin.
    const double skin = options.verletSkin < 0.0 ? defaultSkin(rc) : options.verletSkin;
    bool wide = true;
    for (int d = 0; d < 3; ++d) wide = wide && options.regionMax[d] - options.regionMin[d] >= rc + skin;
    if (wide) c.containerCutoff = rc + skin;
  }
  if (options.legacy) {
    c.processor = std::make_unique<LegacyCellProcessor>(params);
    c.name = "legacy";
    return c;
  }
  if (!SingleCentreCellProcessor::applies(components, params)) {
    c.processor = std::make_unique<VectorizedCellProcessor>(params);
    c.name = "vectorized";
    return c;
  }
  const double skin = options.verletSkin < 0.0 ? defaultSkin(rc) : options.verletSkin;
  bool wide = true;
  for (int d = 0; d < 3; ++d) wide = wide && options.regionMax[d] - options.regionMin[d] >= rc + skin;
  if (skin > 0.0 && wide && !options.deviceTraversal) {
    c.processor = std::make_unique<VerletListCellProcessor>(params, skin, options.simd);
    c.containerCutoff = rc + skin;
    c.name = "verlet-list";
  } else {
    c.processor = std::make_unique<SingleCentreCellProcessor>(params);
    c.name = "single-centre";
  }
  return c;
}

}  // namespace mardyn
