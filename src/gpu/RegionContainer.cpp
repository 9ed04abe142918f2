// RegionContainer: iteration over the region's molecules that the hook has not removed.
#include "gpu/RegionContainer.h"

#include "utils/MardynException.h"

namespace mardyn::gpu {

void RegionContainer::refused(const char* what) {
  throw MardynException(std::string("a physics plugin running through the host called ") + what +
                        " on the molecules of its region (only iteration, removal and insertion are possible)");
}

std::size_t RegionContainer::removeIf(const std::function<bool(Molecule&)>& remove) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < _molecules.size(); ++i)
    if (!_removed[i] && remove(_molecules[i])) {
      _removed[i] = true;
      ++n;
    }
  return n;
}

std::size_t RegionContainer::numOwnedParticles() const {
  std::size_t n = _added.size();
  for (bool r : _removed) n += r ? 0 : 1;
  return n;
}

void RegionContainer::forEach(const std::function<void(Molecule&)>& f, IterateOver which) {
  if (which == IterateOver::Halo) return;
  for (std::size_t i = 0; i < _molecules.size(); ++i)
    if (!_removed[i]) f(_molecules[i]);
}

void RegionContainer::forEach(const std::function<void(const Molecule&)>& f, IterateOver which) const {
  if (which == IterateOver::Halo) return;
  for (std::size_t i = 0; i < _molecules.size(); ++i)
    if (!_removed[i]) f(_molecules[i]);
}

void RegionContainer::forEachInRegion(const Vec3& lo, const Vec3& hi, const std::function<void(const Molecule&)>& f,
                                      IterateOver which) const {
  forEach(
      [&](const Molecule& m) {
        const Vec3& r = m.r();
        if (r.x >= lo.x && r.x < hi.x && r.y >= lo.y && r.y < hi.y && r.z >= lo.z && r.z < hi.z) f(m);
      },
      which);
}

}  // namespace mardyn::gpu
