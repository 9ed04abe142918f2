// DomainDecompSequential: periodic boundary conditions on a single process: wrap leavers back into
// the box and fill the halo with periodic images, one dimension after another (corners included).
#include "parallel/DomainDecompSequential.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mardyn {

double DomainDecompSequential::wrap(double x, double length) {
  if (x >= 0.0 && x < length) return x;
  double y = x - length * std::floor(x / length);
  if (y >= length) y -= length;
  if (y < 0.0) y = 0.0;
  return y;
}

void DomainDecompSequential::addPeriodicHalo(ParticleContainer& container, const Vec3& box, int dim) {
  const double w = container.haloWidth();
  const double big = std::numeric_limits<double>::max();
  Vec3 lo{-big, -big, -big}, hi{big, big, big};
  std::vector<Molecule> images;
  // Near the lower face: image shifted up by one box length; near the upper face: shifted down.
  lo[dim] = 0.0;
  hi[dim] = w;
  container.forEachInRegion(lo, hi, [&](const Molecule& m) {
    Molecule c = m;
    Vec3 r = m.r();
    r[dim] += box[dim];
    c.setR(r);
    images.push_back(c);
  }, IterateOver::OwnedAndHalo);
  lo[dim] = box[dim] - w;
  hi[dim] = box[dim];
  container.forEachInRegion(lo, hi, [&](const Molecule& m) {
    Molecule c = m;
    Vec3 r = m.r();
    r[dim] -= box[dim];
    c.setR(r);
    images.push_back(c);
  }, IterateOver::OwnedAndHalo);
  for (const auto& m : images) container.addHaloParticle(m);
}

void DomainDecompSequential::exchangeMolecules(ParticleContainer& container, const Domain& domain) {
  const Vec3& box = domain.box();
  container.deleteHaloParticles();
  container.update();
  for (Molecule m : container.extractLeavingParticles()) {
    m.setR({wrap(m.r().x, box.x), wrap(m.r().y, box.y), wrap(m.r().z, box.z)});
    container.addParticle(m);
  }
  for (int d = 0; d < 3; ++d) addPeriodicHalo(container, box, d);
}

std::vector<Molecule> DomainDecompSequential::gatherMolecules(const ParticleContainer& container) const {
  std::vector<Molecule> all;
  all.reserve(container.numOwnedParticles());
  container.forEach([&all](const Molecule& m) { all.push_back(m); });
  std::sort(all.begin(), all.end(), [](const Molecule& a, const Molecule& b) { return a.id() < b.id(); });
  return all;
}

}  // namespace mardyn
