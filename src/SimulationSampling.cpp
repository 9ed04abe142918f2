// SimulationSampling: the pair pass for ls1's per-molecule virial, and the pairs of the RDF, over the container's
// owned molecules and halo copies (or, where the molecules live on a GPU, over all molecules gathered on process 0
// and their periodic images), the corrections' shares, and allgather as a sum of one slot per process.
#include "SimulationSampling.h"

#include "PlanarLongRange.h"
#include "particleContainer/PairObservables.h"

namespace mardyn {

void SimulationSampling::forEachOwned(const std::function<void(const Molecule&)>& f) const {
  const ParticleContainer& c = _parts.container();
  c.forEach(f, IterateOver::Owned);
}

std::vector<double> SimulationSampling::allgather(const std::vector<double>& local) const {
  const std::size_t n = local.size(), p = static_cast<std::size_t>(_parts.decomp.numProcs());
  std::vector<double> all(n * p, 0.0);
  std::copy(local.begin(), local.end(), all.begin() + static_cast<long>(n * static_cast<std::size_t>(_parts.decomp.rank())));
  if (p > 1) _parts.decomp.allreduceSum(all);  // every other slot adds zeros: exact
  return all;
}

void SimulationSampling::collect(std::vector<Molecule>& owned, std::vector<Molecule>& others, double width) const {
  if (_parts.resident()) {
    // The molecules live on a device that keeps its halo to itself: process 0 takes them all (collective).
    ParticleContainer& c = _parts.container();
    owned = _parts.decomp.gatherMolecules(c);
    const Vec3& box = _parts.config.box;
    for (Molecule& m : owned)
      for (int d = 0; d < 3; ++d) {  // positions may lie just outside the box between rebuilds
        Vec3 r = m.r();
        while (r[d] >= box[d]) r[d] -= box[d];
        while (r[d] < 0) r[d] += box[d];
        m.setR(r);
      }
    others = PairObservables::periodicImages(owned, box, width);
  } else {
    const ParticleContainer& c = _parts.container();
    c.forEach([&](const Molecule& m) { owned.push_back(m); }, IterateOver::Owned);
    c.forEach([&](const Molecule& m) { others.push_back(m); }, IterateOver::Halo);
  }
}

void SimulationSampling::update(bool sites) const {
  const unsigned long step = _parts.step();
  if (_pass.step == step && (_pass.sites || !sites)) return;
  _pass = Pass{};
  _pass.step = step;
  _pass.sites = sites;
  std::vector<Molecule> others;
  collect(_pass.molecules, others, _parts.params.cutoff());
  std::vector<const Molecule*> owned, partners;
  for (const Molecule& m : _pass.molecules) owned.push_back(&m);
  for (const Molecule& m : others) partners.push_back(&m);
  PairObservables pass(_parts.params);
  PairObservables::Result r = pass.compute(owned, partners, sites);
  // ls1 adds the homogeneous correction's virial, a third of it per direction, to every molecule alike, and
  // the planar correction's slab terms to the molecules of the slabs.
  const double share = virialShare();
  const PlanarLongRange* planar = _parts.planar();
  for (std::size_t i = 0; i < _pass.molecules.size(); ++i) {
    r.virial[i] += Vec3{share, share, share};
    if (planar) r.virial[i] += planar->moleculeVirial(_pass.molecules[i]);
  }
  _pass.virial = std::move(r.virial);
  _pass.siteStart = std::move(r.siteStart);
  _pass.siteForces = std::move(r.siteForces);
}

void SimulationSampling::forEachPair(double rc, const Pair& f) const {
  std::vector<Molecule> molecules, others;
  collect(molecules, others, rc);
  std::vector<const Molecule*> owned, partners;
  for (const Molecule& m : molecules) owned.push_back(&m);
  for (const Molecule& m : others) partners.push_back(&m);
  PairObservables::forEachNeighbour(
      owned, partners, rc,
      [&](std::size_t a, const Molecule& b, const Vec3& dcom) {
        if (b.id() > owned[a]->id()) f(*owned[a], b, dcom);
      },
      false);
}

double SimulationSampling::virialShare() const {
  const double n = static_cast<double>(_parts.globals().numMolecules);
  return n > 0 ? _parts.domain.virialCorrection() / (3.0 * n) : 0.0;
}

void SimulationSampling::forEachWithVirial(const WithVirial& f, bool sites) const {
  update(sites);
  for (std::size_t i = 0; i < _pass.molecules.size(); ++i)
    f(_pass.molecules[i], _pass.virial[i], _pass.sites ? &_pass.siteForces[_pass.siteStart[i]] : nullptr);
}

}  // namespace mardyn
