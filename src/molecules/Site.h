// Site types of a rigid molecule, in the body frame of its Component (ls1-mardyn's site kinds):
// Lennard-Jones 12-6 centres, point charges, point dipoles and point quadrupoles.
#pragma once

#include "utils/Vec3.h"

namespace mardyn {

struct LJCenter {
  Vec3 r;                 ///< position in the body frame
  double mass = 0.0;
  double epsilon = 0.0;
  double sigma = 0.0;
  bool shifted = false;   ///< potential shifted to zero at the cutoff
};

struct Charge {
  Vec3 r;
  double mass = 0.0;
  double q = 0.0;
};

struct Dipole {
  Vec3 r;
  Vec3 e;                 ///< unit orientation in the body frame
  double abs = 0.0;       ///< |mu|
};

struct Quadrupole {
  Vec3 r;
  Vec3 e;                 ///< unit orientation (axis) in the body frame
  double abs = 0.0;       ///< |Q|
};

}  // namespace mardyn
