// System: the particles (masses), distance constraints, default periodic box and Forces of a model.
// It only holds and validates data; a Context does the computation. Owns its Forces.
#pragma once

#include "openmm/Vec3.h"

#include <memory>
#include <vector>

namespace OpenMM {

class Force;
class VirtualSite;

class System {
public:
  System();
  ~System();
  System(const System&) = delete;
  System& operator=(const System&) = delete;

  int getNumParticles() const { return static_cast<int>(_masses.size()); }
  /** Adds a particle of the given mass (amu; 0 = fixed in place) and returns its index. */
  int addParticle(double mass);
  double getParticleMass(int index) const;
  void setParticleMass(int index, double mass);

  int getNumConstraints() const { return static_cast<int>(_constraints.size()); }
  /** Constrains the distance (nm) between two particles; returns the constraint's index. */
  int addConstraint(int particle1, int particle2, double distance);
  void getConstraintParameters(int index, int& particle1, int& particle2, double& distance) const;
  void setConstraintParameters(int index, int particle1, int particle2, double distance);
  void removeConstraint(int index);

  /** Adds a Force and takes ownership of it; returns its index. */
  int addForce(Force* force);
  int getNumForces() const { return static_cast<int>(_forces.size()); }
  const Force& getForce(int index) const;
  Force& getForce(int index);
  void removeForce(int index);

  void getDefaultPeriodicBoxVectors(Vec3& a, Vec3& b, Vec3& c) const;
  /** Box vectors in reduced form: a along x, b in the xy-plane, c arbitrary with positive z. */
  void setDefaultPeriodicBoxVectors(const Vec3& a, const Vec3& b, const Vec3& c);
  bool usesPeriodicBoundaryConditions() const;
  /** Makes particle `index` a virtual site (its mass must be 0); the System takes ownership of the site. */
  void setVirtualSite(int index, VirtualSite* site);
  bool isVirtualSite(int index) const;
  /** The virtual site of particle `index` (throws if it is not one). */
  const VirtualSite& getVirtualSite(int index) const;

private:
  struct ConstraintInfo {
    int particle1, particle2;
    double distance;
  };
  void checkParticle(int index, const char* what) const;

  std::vector<double> _masses;
  std::vector<ConstraintInfo> _constraints;
  std::vector<std::unique_ptr<Force>> _forces;
  std::vector<std::unique_ptr<VirtualSite>> _virtualSites; // one per particle, null for ordinary particles
  Vec3 _periodicBoxVectors[3];
};

} // namespace OpenMM
