// ReferenceAngle: the angle at the middle of three positions (radians, 0 to pi) and its gradient with respect to
// each position, for kernels that chain dE/dtheta.
#pragma once

#include "ReferenceGeometry.h"

#include <cmath>

namespace OpenMM {

struct ReferenceAngle {
  double theta = 0.0;
  Vec3 gradient[3]; ///< d theta / d position of each particle (zero where the angle is 0 or pi)

  ReferenceAngle(const Vec3& p1, const Vec3& p2, const Vec3& p3, const Vec3* box) {
    Vec3 u = ReferenceGeometry::delta(p2, p1, box), v = ReferenceGeometry::delta(p2, p3, box);
    double uv = u.dot(v), cross = std::sqrt(u.cross(v).dot(u.cross(v)));
    theta = std::atan2(cross, uv);
    if (cross <= 0.0)
      return;
    gradient[0] = (u * (uv / u.dot(u)) - v) * (1.0 / cross);
    gradient[2] = (v * (uv / v.dot(v)) - u) * (1.0 / cross);
    gradient[1] = -(gradient[0] + gradient[2]);
  }
};

} // namespace OpenMM
