// MoleculeBinning: the sizes of a request's layout.
#include "io/MoleculeBinning.h"

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

}  // namespace mardyn
