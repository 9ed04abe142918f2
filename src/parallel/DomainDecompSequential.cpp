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

void DomainDecompSequential::addPeriodicHalo(ParticleContainer& container, const Vec3& box, int dim, HaloPlan* plan) {
  const double w = container.haloWidth();
  const double big = std::numeric_limits<double>::max();
  Vec3 lo{-big, -big, -big}, hi{big, big, big};
  // Near the lower face: image shifted up by one box length; near the upper face: shifted down.
  struct Image {
    Molecule copy;
    Vec3 sourceR;
    double shift;
  };
  std::vector<Image> images;
  for (int side = 0; side < 2; ++side) {
    const double shift = side == 0 ? box[dim] : -box[dim];
    lo[dim] = side == 0 ? 0.0 : box[dim] - w;
    hi[dim] = side == 0 ? w : box[dim];
    container.forEachInRegion(lo, hi, [&](const Molecule& m) {
      Molecule c = m;
      Vec3 r = m.r();
      r[dim] += shift;
      c.setR(r);
      images.push_back({c, m.r(), shift});
    }, IterateOver::OwnedAndHalo);
  }
  for (const Image& im : images) {
    if (plan) {
      Vec3 shift;
      shift[dim] = im.shift;
      plan->image(im.sourceR, im.copy, dim, shift);
    }
    container.addHaloParticle(im.copy);
  }
}

void DomainDecompSequential::exchangeMolecules(ParticleContainer& container, const Domain& domain) {
  const Vec3& box = domain.box();
  HaloPlan* plan = planToRecord();
  if (plan) plan->start();
  container.deleteHaloParticles();
  container.update();
  for (Molecule m : container.extractLeavingParticles()) {
    m.setR({wrap(m.r().x, box.x), wrap(m.r().y, box.y), wrap(m.r().z, box.z)});
    container.addParticle(m);
  }
  for (int d = 0; d < 3; ++d) addPeriodicHalo(container, box, d, plan);
  if (plan) plan->resolve(container);
}

std::vector<Molecule> DomainDecompSequential::gatherMolecules(const ParticleContainer& container) const {
  std::vector<Molecule> all;
  all.reserve(container.numOwnedParticles());
  container.forEach([&all](const Molecule& m) { all.push_back(m); });
  std::sort(all.begin(), all.end(), [](const Molecule& a, const Molecule& b) { return a.id() < b.id(); });
  return all;
}

}  // namespace mardyn
