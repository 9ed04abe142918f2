// DomainDecompBase: the parts common to every decomposition (placing the molecules read once
// into the process that owns their position).
#include "parallel/DomainDecompBase.h"

#include "parallel/DomainDecompSequential.h"
#include "utils/MardynException.h"

#include <cstring>

namespace mardyn {

void DomainDecompBase::distributeMolecules(const std::vector<Molecule>& all, ParticleContainer& container,
                                           const Domain& domain) const {
  const Vec3 lo = boundingBoxMin(domain), hi = boundingBoxMax(domain);
  for (const Molecule& m : all) {
    const Vec3& r = m.r();
    if (r.x >= lo.x && r.x < hi.x && r.y >= lo.y && r.y < hi.y && r.z >= lo.z && r.z < hi.z) container.addParticle(m);
  }
}

std::vector<Molecule> DomainDecompBase::routeLeavers(std::vector<Molecule> leavers, const Domain& domain) {
  const Vec3& box = domain.box();
  for (Molecule& m : leavers)
    m.setR({DomainDecompSequential::wrap(m.r().x, box.x), DomainDecompSequential::wrap(m.r().y, box.y),
            DomainDecompSequential::wrap(m.r().z, box.z)});
  return leavers;
}

bool DomainDecompBase::agreeOnHaloPlan() {
  return !anyTrue(!(_recordPlan && _plan.valid()));
}

void DomainDecompBase::refreshHalo(ParticleContainer& /*container*/) { _plan.refresh(nullptr); }

void DomainDecompBase::returnHaloForces(ParticleContainer& /*container*/) { _plan.returnLoads(nullptr); }

std::vector<char> DomainDecompBase::shiftBytes(const std::vector<char>& out, int /*axis*/, int /*direction*/) const {
  return out;
}

void DomainDecompBase::exchangeBytesAlong(int /*axis*/, const void* toLower, std::size_t toLowerBytes,
                                          const void* toUpper, std::size_t toUpperBytes, void* fromUpper,
                                          std::size_t fromUpperBytes, void* fromLower,
                                          std::size_t fromLowerBytes) const {
  if (toLowerBytes != fromUpperBytes || toUpperBytes != fromLowerBytes)
    throw MardynException("exchangeBytesAlong: a process that is its own neighbour sends " +
                          std::to_string(toLowerBytes) + " and " + std::to_string(toUpperBytes) + " bytes, expects " +
                          std::to_string(fromUpperBytes) + " and " + std::to_string(fromLowerBytes));
  if (toLowerBytes) std::memmove(fromUpper, toLower, toLowerBytes);
  if (toUpperBytes) std::memmove(fromLower, toUpper, toUpperBytes);
}

}  // namespace mardyn
