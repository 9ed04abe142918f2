// Site-site interactions involving a point charge (ls1-mardyn's PotForce2Charge,
// PotForceChargeDipole, PotForceChargeQuadrupole), in both site orders.
#pragma once

#include "particleContainer/potforce/PotForceCommon.h"

namespace mardyn {
namespace potforce {

// chargeChargePotForce, chargeDipolePotForce, dipoleChargePotForce, chargeQuadrupolePotForce,
// quadrupoleChargePotForce (shared with the device code).
#include "particleContainer/potforce/kernels/PotForceCharge.cc"

}  // namespace potforce
}  // namespace mardyn
