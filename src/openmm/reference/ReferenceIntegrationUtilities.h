// ReferenceIntegrationUtilities: pieces shared by the Reference integrators: constrained position update
// (x' -> constraints -> v = (x' - x)/dt), kinetic energy of half-step velocities, seeding.
#pragma once

#include "openmm/Vec3.h"

#include <vector>

namespace OpenMM {

class ContextImpl;
class ReferencePlatformData;

class ReferenceIntegrationUtilities {
public:
  /**
   * Applies constraints to newPositions (reference: data.positions), then sets v = (x' - x)/dt and x = x'
   * for every particle with mass.
   */
  static void finishStep(ReferencePlatformData& data, std::vector<Vec3>& newPositions, double dt, double tol);
  /**
   * Kinetic energy of v + shift * f / m (the full-step velocity of a leapfrog scheme for shift = dt/2), without
   * the velocity components along constraints.
   */
  static double kineticEnergy(const ReferencePlatformData& data, double shift);
  /**
   * Seeds the Context's generator on first use: the integrator's non-zero random-number seed, else the first
   * AndersenThermostat's, else a seed from the OS. Every kernel that draws random numbers calls this first.
   */
  static void seedRandom(ContextImpl& context);
  /**
   * Step size of the error-controlled integrators: sqrt(tol / e) with e the RMS acceleration of the massive
   * particles, at most twice lastStep (when positive), maxStep (when positive) and the time left to maxTime.
   * Without forces the step is `fallback` (1 fs when that is 0). Sets reachesTarget when the step ends at maxTime.
   */
  static double variableStepSize(const ReferencePlatformData& data, double tol, double lastStep, double maxStep,
                                 double fallback, double maxTime, bool& reachesTarget);
};

} // namespace OpenMM
