// Interactions between point dipoles and linear point quadrupoles after Gray & Gubbins,
// "Theory of Molecular Fluids" (1984), eqs. 2.180-2.184, without 1/(4 pi eps0), as in ls1-mardyn.
#pragma once

#include "particleContainer/potforce/PotForceCommon.h"

namespace mardyn {
namespace potforce {

// reactionFieldSelfEnergy, dipoleDipolePotForce, dipoleQuadrupolePotForce, quadrupoleDipolePotForce,
// quadrupoleQuadrupolePotForce (shared with the device code).
#include "particleContainer/potforce/kernels/PotForceMultipole.cc"

/// Reaction-field factor epsRFInvrc3 = 2 (eps_RF - 1) / (rc^3 (2 eps_RF + 1)).
inline double reactionFieldFactor(double epsRF, double rc) {
  return 2.0 * (epsRF - 1.0) / (rc * rc * rc * (2.0 * epsRF + 1.0));
}

}  // namespace potforce
}  // namespace mardyn
