// MoleculeBinning: the sizes of a request's layout, of a VDF request's and of a cavity request's, and the RDF's
// layout.
#include "io/MoleculeBinning.h"

#include <algorithm>
#include <bitset>

namespace mardyn {

unsigned MoleculeBinning::bins(const Request& r) {
  switch (r.geometry) {
    case Geometry::SlabsY: return r.bins;
    case Geometry::RangeY: return 1;
    default: return r.units[0] * r.units[1] * r.units[2];
  }
}

unsigned MoleculeBinning::fields(const Request& r) { return static_cast<unsigned>(std::bitset<32>(r.fieldMask).count()); }

std::size_t MoleculeBinning::size(const Request& r, std::size_t components) {
  const std::size_t slots = r.perComponent ? components + 1 : 1;
  return (r.directions ? 3 : 1) * slots * bins(r) * fields(r);
}

std::vector<std::size_t> MoleculeBinning::vdfOffsets(const VdfRequest& r) {
  std::vector<std::size_t> offsets(r.classes.size(), 0);
  std::size_t next = 0;
  for (std::size_t c = 0; c < r.classes.size(); ++c) {
    if (r.classes[c].first == 0) continue;
    offsets[c] = next;
    next += static_cast<std::size_t>(r.bins) * r.classes[c].first;
  }
  return offsets;
}

std::vector<double> MoleculeBinning::vdfInvClassWidths(const VdfRequest& r) {
  std::vector<double> inv(r.classes.size(), 0.0);
  for (std::size_t c = 0; c < r.classes.size(); ++c)
    if (const unsigned n = r.classes[c].first; n > 0) inv[c] = 1. / (r.classes[c].second / static_cast<double>(n));
  return inv;
}

std::size_t MoleculeBinning::vdfValues(const VdfRequest& r) {
  std::size_t n = 0;
  for (const auto& c : r.classes) n += static_cast<std::size_t>(r.bins) * c.first;
  return n;
}

MoleculeBinning::RdfLayout MoleculeBinning::rdfLayout(const RdfRequest& r) {
  const std::size_t nc = r.sites.size();
  RdfLayout layout;
  layout.pairBase.assign(nc * nc, -1);
  layout.siteBase.assign(nc * nc, -1);
  auto place = [&](std::vector<long>& base, std::size_t i, std::size_t j, std::size_t values) {
    base[i * nc + j] = base[j * nc + i] = static_cast<long>(layout.histograms);
    layout.histograms += values;
  };
  for (std::size_t i = 0; i < nc; ++i)
    for (std::size_t j = i; j < nc; ++j) place(layout.pairBase, i, j, r.bins);
  for (std::size_t i = 0; i < nc; ++i)
    for (std::size_t j = i; j < nc; ++j)
      if (r.sites[i] + r.sites[j] > 2)
        place(layout.siteBase, i, j, static_cast<std::size_t>(r.sites[i]) * r.sites[j] * r.bins);
  return layout;
}

std::size_t MoleculeBinning::cavityPoints(const CavityRequest& r) {
  std::size_t n = 1;
  for (int d = 0; d < 3; ++d) n *= static_cast<std::size_t>(std::max(0L, r.last[d] - r.first[d] + 1));
  return n;
}

}  // namespace mardyn
