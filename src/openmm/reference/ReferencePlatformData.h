// ReferencePlatformData: what the Reference platform stores per Context (double-precision positions,
// velocities, forces, box, time, masses, constraints, random numbers, properties). Subclass it to add more.
#pragma once

#include "ReferenceConstraints.h"
#include "ReferenceRandom.h"
#include "openmm/Vec3.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace OpenMM {

class VirtualSite;

class System;
class Force;

class ReferencePlatformData {
public:
  ReferencePlatformData(const System& system, const std::map<std::string, std::string>& properties);
  virtual ~ReferencePlatformData() = default;

  /** Periodic box vectors as an array of three, for ReferenceGeometry. */
  const Vec3* box() const { return periodicBoxVectors; }
  double boxVolume() const { return periodicBoxVectors[0][0] * periodicBoxVectors[1][1] * periodicBoxVectors[2][2]; }

  // Plain data, read and written directly by the kernels.
  int numParticles;
  double time = 0.0;
  long long stepCount = 0;
  std::vector<Vec3> positions, velocities, forces;
  Vec3 periodicBoxVectors[3];
  std::vector<double> masses, inverseMasses;
  ReferenceConstraints constraints;
  ReferenceRandom random;
  /** The virtual sites of the System (particle index and site) in the order they are placed (by level of
   * dependency, virtualSiteLevels). */
  std::vector<std::pair<int, const VirtualSite*>> virtualSites;
  /** Sets the virtual sites' positions from their particles'. */
  void computeVirtualSites();
  /** Passes the forces on the virtual sites on to their particles (and clears them). */
  void distributeVirtualSiteForces();
  /** dE/d(global parameter) for every derivative a Custom force requests, summed over the force groups of the
   * current evaluation (zeroed when it begins; the kernels add to it). */
  std::map<std::string, double> energyParameterDerivatives;
  /** The energy-parameter derivatives a force requests (none for forces without them). */
  static const std::vector<std::string>& derivativeNames(const Force& force);
  /** Resolved value of every platform property. */
  std::map<std::string, std::string> propertyValues;
};

} // namespace OpenMM
