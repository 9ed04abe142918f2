// CellProcessorFactory: the registry of CPU cell processors (one line each: name, when it fits, how it
// is made) and the choice of the processor and of the container cutoff it needs.
#include "particleContainer/CellProcessorFactory.h"

#include "particleContainer/LegacyCellProcessor.h"
#include "particleContainer/MultiSiteVerletListCellProcessor.h"
#include "particleContainer/SingleCentreCellProcessor.h"
#include "particleContainer/VectorizedCellProcessor.h"
#include "particleContainer/VerletListCellProcessor.h"
#include "utils/MardynException.h"

namespace mardyn {

namespace {

using Options = CellProcessorFactory::Options;

/// What an entry sees of the system: components, parameters, options and the skin in effect.
struct System {
  const std::vector<Component>& components;
  const InteractionParameters& params;
  const Options& options;
  double skin;
  /// The owned region is at least `width` wide in every direction.
  bool wide(double width) const {
    for (int d = 0; d < 3; ++d)
      if (options.regionMax[d] - options.regionMin[d] < width) return false;
    return true;
  }
};

/// One CPU cell processor. The automatic choice takes the first entry whose fits() is true;
/// byNameOnly entries are taken only when named.
struct Entry {
  const char* name;
  bool byNameOnly;
  bool usesList;  ///< needs a container of cutoff + skin (its halo carries the list's partners)
  bool (*fits)(const System&);
  const char* requirement;  ///< what fits() asks, for the message when a named one does not fit
  std::unique_ptr<CellProcessor> (*create)(const System&);
};

const std::vector<Entry>& registry() {
  static const std::vector<Entry> entries = {
      {"verlet-list", false, true,
       [](const System& s) {
         return VerletListCellProcessor::applies(s.components, s.params) && s.skin > 0.0 &&
                !s.options.deviceTraversal && s.wide(s.params.cutoff() + s.skin);
       },
       "single-centre LJ molecules, a positive skin, no device traversal and a process region at least "
       "cutoff + skin wide",
       [](const System& s) -> std::unique_ptr<CellProcessor> {
         // usesList: the container's halo is cutoff + skin wide, as counting periodic pairs once needs.
         auto p = std::make_unique<VerletListCellProcessor>(s.params, s.skin, s.options.simd);
         p->setPeriodicSelf(s.options.periodicSelf[0], s.options.periodicSelf[1], s.options.periodicSelf[2]);
         return p;
       }},
      {"multi-site-verlet-list", false, true,
       [](const System& s) {
         return MultiSiteVerletListCellProcessor::applies(s.components, s.params) && s.skin > 0.0 &&
                !s.options.deviceTraversal && s.wide(s.params.cutoff() + s.skin);
       },
       "no cutoff switch, a positive skin, no device traversal and a process region at least cutoff + skin wide",
       [](const System& s) -> std::unique_ptr<CellProcessor> {
         auto p = std::make_unique<MultiSiteVerletListCellProcessor>(s.params, s.skin, s.options.simd);
         p->setPeriodicSelf(s.options.periodicSelf[0], s.options.periodicSelf[1], s.options.periodicSelf[2]);
         return p;
       }},
      {"single-centre", false, false,
       [](const System& s) { return SingleCentreCellProcessor::applies(s.components, s.params); },
       "single-centre LJ molecules without a cutoff switch",
       [](const System& s) -> std::unique_ptr<CellProcessor> {
         return std::make_unique<SingleCentreCellProcessor>(s.params, s.options.simd);
       }},
      {"vectorized", false, false, [](const System&) { return true; }, "",
       [](const System& s) -> std::unique_ptr<CellProcessor> {
         return std::make_unique<VectorizedCellProcessor>(s.params, s.options.simd);
       }},
      {"legacy", true, false, [](const System&) { return true; }, "",
       [](const System& s) -> std::unique_ptr<CellProcessor> {
         return std::make_unique<LegacyCellProcessor>(s.params);
       }},
  };
  return entries;
}

}  // namespace

std::vector<std::string> CellProcessorFactory::names() {
  std::vector<std::string> out;
  for (const Entry& e : registry()) out.emplace_back(e.name);
  return out;
}

CellProcessorChoice CellProcessorFactory::create(const std::vector<Component>& components,
                                                 const InteractionParameters& params, const Options& options) {
  const double rc = params.cutoff();
  const System system{components, params, options, options.verletSkin < 0.0 ? defaultSkin(rc) : options.verletSkin};
  const std::string wanted = options.legacy ? "legacy" : options.name;
  const Entry* chosen = nullptr;
  for (const Entry& e : registry()) {
    if (!wanted.empty() ? wanted == e.name : !e.byNameOnly && e.fits(system)) {
      chosen = &e;
      break;
    }
  }
  if (!chosen) {
    std::string list;
    for (const std::string& n : names()) list += (list.empty() ? "" : ", ") + n;
    throw MardynException("CellProcessorFactory: unknown cell processor '" + wanted + "' (known: " + list + ")");
  }
  if (!chosen->fits(system))
    throw MardynException("CellProcessorFactory: the cell processor '" + wanted + "' needs " + chosen->requirement);
  CellProcessorChoice c;
  c.processor = chosen->create(system);
  c.name = chosen->name;
  c.containerCutoff = rc;
  // The device keeps its cells while no molecule moved more than half the skin: cells of cutoff + skin.
  if ((chosen->usesList || options.deviceTraversal) && system.wide(rc + system.skin)) c.containerCutoff = rc + system.skin;
  return c;
}

}  // namespace mardyn
