// ReferenceDihedral: the dihedral angle of four positions (radians, -pi to pi, the sign convention of the
// torsion forces) and its gradient with respect to each position, for kernels that chain dE/dtheta.
#pragma once

#include "ReferenceGeometry.h"

#include <cmath>

namespace OpenMM {

struct ReferenceDihedral {
  double theta = 0.0;
  Vec3 gradient[4];     ///< d theta / d position of each particle
  bool defined = false; ///< false when three particles are collinear (theta = 0, no gradient)

  ReferenceDihedral(const Vec3& p1, const Vec3& p2, const Vec3& p3, const Vec3& p4, const Vec3* box) {
    Vec3 f = ReferenceGeometry::delta(p2, p1, box);
    Vec3 g = ReferenceGeometry::delta(p3, p2, box);
    Vec3 h = ReferenceGeometry::delta(p3, p4, box);
    Vec3 a = f.cross(g), b = h.cross(g);
    double a2 = a.dot(a), b2 = b.dot(b), gLength = std::sqrt(g.dot(g));
    defined = a2 >= 1e-24 && b2 >= 1e-24 && gLength > 0.0;
    if (!defined)
      return;
    theta = std::atan2(b.cross(a).dot(g) / gLength, a.dot(b));
    double fg = f.dot(g) / (a2 * gLength), hg = h.dot(g) / (b2 * gLength);
    gradient[0] = a * (-gLength / a2);
    gradient[3] = b * (gLength / b2);
    gradient[1] = a * (gLength / a2 + fg) - b * hg;
    gradient[2] = b * (hg - gLength / b2) - a * fg;
  }
};

} // namespace OpenMM
