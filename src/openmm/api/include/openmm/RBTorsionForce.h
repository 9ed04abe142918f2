// RBTorsionForce: Ryckaert-Bellemans torsions E = sum_{i=0..5} C_i cos(psi)^i, psi = phi - 180 degrees, on particle
// quadruplets (C_i in kJ/mol). Indices are checked when a Context is created.
#pragma once

#include "openmm/Force.h"

#include <vector>

namespace OpenMM {

class RBTorsionForce : public Force {
public:
  RBTorsionForce() { setName("RBTorsionForce"); }
  int getNumTorsions() const { return static_cast<int>(_torsions.size()); }
  int addTorsion(int particle1, int particle2, int particle3, int particle4, double c0, double c1, double c2, double c3,
                 double c4, double c5);
  void getTorsionParameters(int index, int& particle1, int& particle2, int& particle3, int& particle4, double& c0,
                            double& c1, double& c2, double& c3, double& c4, double& c5) const;
  void setTorsionParameters(int index, int particle1, int particle2, int particle3, int particle4, double c0, double c1,
                            double c2, double c3, double c4, double c5);
  void updateParametersInContext(Context& context);
  void setUsesPeriodicBoundaryConditions(bool periodic) { _usePeriodic = periodic; }
  bool usesPeriodicBoundaryConditions() const override { return _usePeriodic; }

protected:
  ForceImpl* createImpl() const override;

private:
  struct TorsionInfo {
    int particle[4];
    double c[6];
  };
  std::vector<TorsionInfo> _torsions;
  bool _usePeriodic = false;
};

} // namespace OpenMM
