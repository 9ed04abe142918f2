// HarmonicAngleForce: harmonic angles E = k/2 (theta - theta0)^2 on particle triplets (p2 = vertex;
// theta0 in radians, k in kJ/mol/rad^2). Indices are checked when a Context is created.
#pragma once

#include "openmm/Force.h"

#include <vector>

namespace OpenMM {

class HarmonicAngleForce : public Force {
public:
  HarmonicAngleForce() { setName("HarmonicAngleForce"); }
  int getNumAngles() const { return static_cast<int>(_angles.size()); }
  int addAngle(int particle1, int particle2, int particle3, double angle, double k);
  void getAngleParameters(int index, int& particle1, int& particle2, int& particle3, double& angle, double& k) const;
  void setAngleParameters(int index, int particle1, int particle2, int particle3, double angle, double k);
  void updateParametersInContext(Context& context);
  void setUsesPeriodicBoundaryConditions(bool periodic) { _usePeriodic = periodic; }
  bool usesPeriodicBoundaryConditions() const override { return _usePeriodic; }

protected:
  ForceImpl* createImpl() const override;

private:
  struct AngleInfo {
    int particle1, particle2, particle3;
    double angle, k;
  };
  std::vector<AngleInfo> _angles;
  bool _usePeriodic = false;
};

} // namespace OpenMM
