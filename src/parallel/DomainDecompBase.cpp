// DomainDecompBase: the parts common to every decomposition (placing the molecules read once
// into the process that owns their position).
#include "parallel/DomainDecompBase.h"

namespace mardyn {

void DomainDecompBase::distributeMolecules(const std::vector<Molecule>& all, ParticleContainer& container,
                                           const Domain& domain) const {
  const Vec3 lo = boundingBoxMin(domain), hi = boundingBoxMax(domain);
  for (const Molecule& m : all) {
    const Vec3& r = m.r();
    if (r.x >= lo.x && r.x < hi.x && r.y >= lo.y && r.y < hi.y && r.z >= lo.z && r.z < hi.z) container.addParticle(m);
  }
}

}  // namespace mardyn
