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

void SimulationSampling::collect(std::vector<Molecule>& storage, std::vector<const Molecule*>& owned,
                                 std::vector<const Molecule*>& others, double width) const {
  if (_parts.resident()) {
    // The molecules live on a device that keeps its halo to itself: process 0 takes them all (collective).
    ParticleContainer& c = _parts.container();
    storage = _parts.decomp.gatherMolecules(c);
    const Vec3& box = _parts.config.box;
    for (Molecule& m : storage)
      for (int d = 0; d < 3; ++d) {  // positions may lie just outside the box between rebuilds
        Vec3 r = m.r();
        while (r[d] >= box[d]) r[d] -= box[d];
        while (r[d] < 0) r[d] += box[d];
        m.setR(r);
      }
    const std::size_t n = storage.size();
    const std::vector<Molecule> images = PairObservables::periodicImages(storage, box, width);
    storage.insert(storage.end(), images.begin(), images.end());
    for (std::size_t k = 0; k < storage.size(); ++k) (k < n ? owned : others).push_back(&storage[k]);
  } else {
    const ParticleContainer& c = _parts.container();
    auto into = [](std::vector<const Molecule*>& list) {
      return [&list](const Molecule* first, std::size_t n) {
        for (std::size_t k = 0; k < n; ++k) list.push_back(first + k);
      };
    };
    c.forEachRun(into(owned), IterateOver::Owned);
    c.forEachRun(into(others), IterateOver::Halo);
  }
}

void SimulationSampling::update(bool sites) const {
  const unsigned long step = _parts.step();
  if (_pass.step == step && (_pass.sites || !sites)) return;
  _pass = Pass{};
  _pass.step = step;
  _pass.sites = sites;
  std::vector<Molecule> storage;
  std::vector<const Molecule*> owned, partners;
  collect(storage, owned, partners, _parts.params.cutoff());
  for (const Molecule* m : owned) _pass.molecules.push_back(*m);
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
  std::vector<Molecule> storage;
  std::vector<const Molecule*> owned, partners;
  collect(storage, owned, partners, rc);
  PairObservables::forEachPairOnce(owned, partners, rc, f);
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
