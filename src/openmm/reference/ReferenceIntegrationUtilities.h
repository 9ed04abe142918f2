// ReferenceIntegrationUtilities: pieces shared by the Reference integrators: constrained position update
// (x' -> constraints -> v = (x' - x)/dt) and the kinetic energy of half-step velocities.
#pragma once

#include "openmm/Vec3.h"

#include <vector>

namespace OpenMM {

class ReferencePlatformData;

class ReferenceIntegrationUtilities {
public:
  /**
   * Applies constraints to newPositions (reference: data.positions), then sets v = (x' - x)/dt and x = x'
   * for every particle with mass.
   */
  static void finishStep(ReferencePlatformData& data, std::vector<Vec3>& newPositions, double dt, double tol);
  /** Kinetic energy of v + shift * f / m (the full-step velocity of a leapfrog scheme for shift = dt/2). */
  static double kineticEnergy(const ReferencePlatformData& data, double shift);
};

} // namespace OpenMM
