// ReferenceGeometry: minimum-image displacement for a reduced triclinic box, removing whole
// box vectors c, then b, then a.
#include "ReferenceGeometry.h"

#include <cmath>

namespace OpenMM {

Vec3 ReferenceGeometry::deltaPeriodic(const Vec3& from, const Vec3& to, const Vec3* box) {
  Vec3 d = to - from;
  d -= box[2] * std::round(d[2] / box[2][2]);
  d -= box[1] * std::round(d[1] / box[1][1]);
  d -= box[0] * std::round(d[0] / box[0][0]);
  return d;
}

} // namespace OpenMM
