// PeriodicTorsionForce: proper torsions E = k (1 + cos(n phi - phi0)) on particle quadruplets
// (phi0 in radians, k in kJ/mol, n >= 1). Indices are checked when a Context is created.
#pragma once

#include "openmm/Force.h"

#include <vector>

namespace OpenMM {

class PeriodicTorsionForce : public Force {
public:
  PeriodicTorsionForce() { setName("PeriodicTorsionForce"); }
  int getNumTorsions() const { return static_cast<int>(_torsions.size()); }
  int addTorsion(int particle1, int particle2, int particle3, int particle4, int periodicity, double phase, double k);
  void getTorsionParameters(int index, int& particle1, int& particle2, int& particle3, int& particle4, int& periodicity,
                            double& phase, double& k) const;
  void setTorsionParameters(int index, int particle1, int particle2, int particle3, int particle4, int periodicity,
                            double phase, double k);
  void updateParametersInContext(Context& context);
  void setUsesPeriodicBoundaryConditions(bool periodic) { _usePeriodic = periodic; }
  bool usesPeriodicBoundaryConditions() const override { return _usePeriodic; }

protected:
  ForceImpl* createImpl() const override;

private:
  struct TorsionInfo {
    int particle1, particle2, particle3, particle4, periodicity;
    double phase, k;
  };
  std::vector<TorsionInfo> _torsions;
  bool _usePeriodic = false;
};

} // namespace OpenMM
