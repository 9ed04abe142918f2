// HarmonicBondForce: harmonic bonds E = k/2 (r - r0)^2 between particle pairs (r0 in nm, k in kJ/mol/nm^2).
// Indices are checked when a Context is created.
#pragma once

#include "openmm/Force.h"

#include <vector>

namespace OpenMM {

class HarmonicBondForce : public Force {
public:
  HarmonicBondForce() { setName("HarmonicBondForce"); }
  int getNumBonds() const { return static_cast<int>(_bonds.size()); }
  int addBond(int particle1, int particle2, double length, double k);
  void getBondParameters(int index, int& particle1, int& particle2, double& length, double& k) const;
  void setBondParameters(int index, int particle1, int particle2, double length, double k);
  /** Copies changed bond parameters into a Context whose System contains this force. */
  void updateParametersInContext(Context& context);
  void setUsesPeriodicBoundaryConditions(bool periodic) { _usePeriodic = periodic; }
  bool usesPeriodicBoundaryConditions() const override { return _usePeriodic; }

protected:
  ForceImpl* createImpl() const override;

private:
  struct BondInfo {
    int particle1, particle2;
    double length, k;
  };
  std::vector<BondInfo> _bonds;
  bool _usePeriodic = false;
};

} // namespace OpenMM
