// ReferenceGeometry: displacement between two positions, optionally under the minimum-image convention
// for a triclinic box in reduced form (a along x, b in the xy-plane).
#pragma once

#include "openmm/Vec3.h"

namespace OpenMM {

class ReferenceGeometry {
public:
  /** to - from. */
  static Vec3 delta(const Vec3& from, const Vec3& to) { return to - from; }
  /** to - from, reduced to the nearest periodic image (box[0..2] are the box vectors). */
  static Vec3 deltaPeriodic(const Vec3& from, const Vec3& to, const Vec3* box);
  /** Displacement, periodic if box is not null. */
  static Vec3 delta(const Vec3& from, const Vec3& to, const Vec3* box) {
    return box != nullptr ? deltaPeriodic(from, to, box) : to - from;
  }
};

} // namespace OpenMM
