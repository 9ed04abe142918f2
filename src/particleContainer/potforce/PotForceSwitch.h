// Optional smooth switch of whole molecule-pair interactions near the centre-of-mass cutoff: a
// C2-continuous polynomial taking every site-pair term of a molecule pair from full to zero.
#pragma once

#include "particleContainer/potforce/PotForceCommon.h"

namespace mardyn {
namespace potforce {

// CutoffSwitch, cutoffSwitchAt (shared with the device code).
#include "particleContainer/potforce/kernels/PotForceSwitch.cc"

/// The switch S(R) and dS/dR / R at R^2 = r2 (see cutoffSwitchAt); invWidth = 0 disables it.
inline void cutoffSwitch(double r2, double rs, double invWidth, double& s, double& dsdrOverR) {
  const CutoffSwitch sw = cutoffSwitchAt(r2, rs, invWidth);
  s = sw.s;
  dsdrOverR = sw.dsdrOverR;
}

}  // namespace potforce
}  // namespace mardyn
