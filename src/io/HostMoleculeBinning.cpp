// HostMoleculeBinning: per owned molecule its bin and slots (the shared binOf) and its fields (fieldValue), added
// chunk by chunk to exact sums; MaxWriter's extremes and RegionSampling's VDF counts through the shared foldExtremes
// and vdfCounts. Compiled with -ffp-contract=off (the device's products are never fused either).
#include "io/HostMoleculeBinning.h"

#include <algorithm>

namespace mardyn {

int HostMoleculeBinning::add(const Request& request) {
  _sets.push_back({request, std::vector<MoleculeSums::ExactSum>(size(request, _components))});
  return static_cast<int>(_sets.size()) - 1;
}

void HostMoleculeBinning::addMolecule(const Request& r, std::size_t components, const Vec3& box, const Molecule& m,
                                      const Vec3& virial, std::vector<MoleculeSums::ExactSum>& sums) {
  if (r.onlyComponent >= 0 && static_cast<int>(m.componentId()) != r.onlyComponent) return;
  const int geometry = static_cast<int>(r.geometry);
  const double x = sums::wrapInto(m.r().x, box.x), y = sums::wrapInto(m.r().y, box.y), z = sums::wrapInto(m.r().z, box.z);
  const long bin = sums::binOf(geometry, x, y, z, r.lower, r.width, r.upper, r.bins, r.inv[0],
                               r.inv[1], r.inv[2], r.units[0], r.units[1], r.units[2], r.centre.x, r.centre.z);
  if (bin < 0) return;
  const std::size_t slots = r.perComponent ? components + 1 : 1;
  const std::size_t binsCount = bins(r), nf = fields(r);
  const std::size_t slot = r.perComponent ? (r.singleComponent ? 1 : m.componentId() + 1) : 0;
  const double twiceErot = MoleculeSums::twiceRotationalEnergy(m);
  const double rotDof = m.component().rotationalDegreesOfFreedom();
  const Vec3& v = m.v();
  const Vec3& F = m.F();
  for (unsigned dir = 0; dir < (r.directions ? 3u : 1u); ++dir) {
    if ((dir == 1 && v.y < 0.) || (dir == 2 && v.y > 0.)) continue;
    for (std::size_t s : {std::size_t(0), slot}) {
      std::size_t f = 0;
      const std::size_t base = ((dir * slots + s) * binsCount + static_cast<std::size_t>(bin)) * nf;
      for (unsigned field = 0; field < NumFields; ++field) {
        if (!(r.fieldMask & (1u << field))) continue;
        sums[base + f++].add(sums::fieldValue(static_cast<int>(field), m.mass(), rotDof, v.x, v.y, v.z, F.x, F.y, F.z,
                                              virial.x, virial.y, virial.z, twiceErot));
      }
      if (slot == 0) break;  // one slot: not twice
    }
  }
}

void HostMoleculeBinning::accumulate(int handle) {
  Set& set = _sets.at(static_cast<std::size_t>(handle));
  if (needsVirial(set.request))
    _view.forEachWithVirial([&](const Molecule& m, const Vec3& vi, const Vec3*) { addMolecule(set.request, _components, _box, m, vi, set.sums); },
                            false);
  else
    _view.forEachOwned([&](const Molecule& m) { addMolecule(set.request, _components, _box, m, Vec3(), set.sums); });
}

std::vector<double> HostMoleculeBinning::take(int handle) {
  Set& set = _sets.at(static_cast<std::size_t>(handle));
  std::vector<double> out(set.sums.size());
  for (std::size_t k = 0; k < out.size(); ++k) out[k] = set.sums[k].value();
  std::fill(set.sums.begin(), set.sums.end(), MoleculeSums::ExactSum{});
  return out;
}

int HostMoleculeBinning::addExtremes() {
  _extremes.emplace_back(extremesSize(_components), 0.0);
  return static_cast<int>(_extremes.size()) - 1;
}

void HostMoleculeBinning::foldMolecule(const Molecule& m, std::vector<double>& extremes) {
  const Vec3 q[kExtremeQuantities] = {m.v(), m.L(), m.F(), m.M()};
  for (std::size_t slot : {std::size_t(0), std::size_t(m.componentId()) + 1})
    for (int k = 0; k < kExtremeQuantities; ++k)
      sums::foldExtremes(&extremes[(slot * kExtremeQuantities + k) * kExtremesPerQuantity], q[k].x, q[k].y, q[k].z);
}

void HostMoleculeBinning::foldExtremes(int handle) {
  std::vector<double>& e = _extremes.at(static_cast<std::size_t>(handle));
  _view.forEachOwned([&e](const Molecule& m) { foldMolecule(m, e); });
}

std::vector<double> HostMoleculeBinning::takeExtremes(int handle) {
  std::vector<double>& e = _extremes.at(static_cast<std::size_t>(handle));
  std::vector<double> out = e;
  std::fill(e.begin(), e.end(), 0.0);
  return out;
}

int HostMoleculeBinning::addVdf(const VdfRequest& request) {
  _vdf.push_back({request, vdfOffsets(request), vdfInvClassWidths(request),
                  std::vector<double>(12 * vdfValues(request), 0.0)});
  return static_cast<int>(_vdf.size()) - 1;
}

void HostMoleculeBinning::accumulateVdf(int handle) {
  VdfSet& set = _vdf.at(static_cast<std::size_t>(handle));
  const VdfRequest& r = set.request;
  const long numValues = static_cast<long>(vdfValues(r));
  const double invBinWidth = 1. / r.binWidth;
  const bool sumSlot = !r.classes.empty() && r.classes[0].first > 0;
  _view.forEachOwned([&](const Molecule& m) {
    const std::size_t slot = r.singleComponent ? 1 : m.componentId() + 1;
    if (slot >= r.classes.size() || r.classes[slot].first == 0) return;
    const Vec3& v = r.force ? m.F() : m.v();
    long at[8];
    const int n = sums::vdfCounts(sums::wrapInto(m.r().y, _box.y), v.x, v.y, v.z, r.lowerY, invBinWidth, r.bins,
                                  r.classes[slot].first, set.invWidths[slot], static_cast<long>(set.offsets[slot]),
                                  sumSlot, numValues, at);
    for (int k = 0; k < n; ++k) set.counts[static_cast<std::size_t>(at[k])] += 1;
  });
}

std::vector<double> HostMoleculeBinning::takeVdf(int handle) {
  VdfSet& set = _vdf.at(static_cast<std::size_t>(handle));
  std::vector<double> out = set.counts;
  std::fill(set.counts.begin(), set.counts.end(), 0.0);
  return out;
}

int HostMoleculeBinning::addRdf(const RdfRequest& request) {
  RdfSet set{request, rdfLayout(request), {}};
  set.counts.assign(set.layout.histograms + request.sites.size(), 0.0);
  _rdf.push_back(std::move(set));
  return static_cast<int>(_rdf.size()) - 1;
}

namespace {
/// The space-frame positions of a molecule's sites in ls1's order (LJ centres, charges, dipoles, quadrupoles).
void sitePositions(const Molecule& m, std::vector<Vec3>& out) {
  out.clear();
  const Component& c = m.component();
  for (const auto& s : c.ljCenters()) out.push_back(m.r() + m.siteOffset(s.r));
  for (const auto& s : c.charges()) out.push_back(m.r() + m.siteOffset(s.r));
  for (const auto& s : c.dipoles()) out.push_back(m.r() + m.siteOffset(s.r));
  for (const auto& s : c.quadrupoles()) out.push_back(m.r() + m.siteOffset(s.r));
}
}  // namespace

void HostMoleculeBinning::accumulateRdf(int handle) {
  RdfSet& set = _rdf.at(static_cast<std::size_t>(handle));
  const RdfRequest& r = set.request;
  const std::size_t nc = r.sites.size();
  std::vector<double>& counts = set.counts;
  const double maxDist2 = r.interval * r.interval * r.bins * static_cast<double>(r.bins);
  const long bins = r.bins;
  std::vector<Vec3> si, sj;
  _view.forEachPair(r.cutoff, [&](const Molecule& a, const Molecule& b, const Vec3& dcom) {
    const long bin = sums::rdfBin(sums::squaredNorm(dcom.x, dcom.y, dcom.z), maxDist2, r.interval, bins);
    if (bin < 0) return;
    const bool swap = a.componentId() > b.componentId();  // the histograms' component i <= j
    const Molecule& ma = swap ? b : a;
    const Molecule& mb = swap ? a : b;
    const std::size_t i = ma.componentId(), j = mb.componentId();
    counts[static_cast<std::size_t>(set.layout.pairBase[i * nc + j] + bin)] += 1;
    const long base = set.layout.siteBase[i * nc + j];
    if (base < 0) return;
    sitePositions(ma, si);
    sitePositions(mb, sj);
    for (std::size_t m = 0; m < si.size(); ++m)
      for (std::size_t n = 0; n < sj.size(); ++n) {
        const Vec3 d = si[m] - sj[n];
        const long b2 = sums::rdfBin(sums::squaredNorm(d.x, d.y, d.z), maxDist2, r.interval, bins);
        if (b2 < 0) continue;
        counts[static_cast<std::size_t>(base + static_cast<long>(m * sj.size() + n) * bins + b2)] += 1;
        if (i == j && m != n)
          counts[static_cast<std::size_t>(base + static_cast<long>(n * sj.size() + m) * bins + b2)] += 1;
      }
  });
  _view.forEachOwned([&](const Molecule& m) { counts[set.layout.histograms + m.componentId()] += 1; });
}

std::vector<double> HostMoleculeBinning::takeRdf(int handle) {
  RdfSet& set = _rdf.at(static_cast<std::size_t>(handle));
  std::vector<double> out = set.counts;
  std::fill(set.counts.begin(), set.counts.end(), 0.0);
  return out;
}

int HostMoleculeBinning::addCavity(const CavityRequest& request) {
  _cavity.emplace_back(request, std::vector<double>(cavityPoints(request), 0.0));
  return static_cast<int>(_cavity.size()) - 1;
}

void HostMoleculeBinning::accumulateCavity(int handle) {
  auto& [r, counts] = _cavity.at(static_cast<std::size_t>(handle));
  const double r2 = r.radius * r.radius;
  const long ny = r.last[1] - r.first[1] + 1, nz = r.last[2] - r.first[2] + 1;
  _view.forEachOwned([&, &r = r, &counts = counts](const Molecule& m) {
    const double p[3] = {sums::wrapInto(m.r().x, _box.x), sums::wrapInto(m.r().y, _box.y),
                         sums::wrapInto(m.r().z, _box.z)};
    long from[3], to[3];
    for (int d = 0; d < 3; ++d)
      sums::cavityRange(p[d], r.lower[d], r.spacing[d], r.radius, r.first[d], r.last[d], &from[d], &to[d]);
    for (long kx = from[0]; kx <= to[0]; ++kx)
      for (long ky = from[1]; ky <= to[1]; ++ky)
        for (long kz = from[2]; kz <= to[2]; ++kz)
          if (sums::cavityHit(p[0], p[1], p[2], static_cast<long>(m.id()), r.lower.x, r.lower.y, r.lower.z, r.spacing.x,
                              r.spacing.y, r.spacing.z, r.grid[1], r.grid[2], kx, ky, kz, r2))
            counts[static_cast<std::size_t>(((kx - r.first[0]) * ny + ky - r.first[1]) * nz + kz - r.first[2])] += 1;
  });
}

std::vector<double> HostMoleculeBinning::takeCavity(int handle) {
  std::vector<double>& counts = _cavity.at(static_cast<std::size_t>(handle)).second;
  std::vector<double> out = counts;
  std::fill(counts.begin(), counts.end(), 0.0);
  return out;
}

}  // namespace mardyn
