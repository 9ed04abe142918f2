// ReferenceCalcPeriodicTorsionForceKernel: E = k (1 + cos(n phi - phi0)) per torsion, phi the IUPAC dihedral
// angle of particles 1-2-3-4.
#pragma once

#include "openmm/kernels/CalcPeriodicTorsionForceKernel.h"

#include <vector>

namespace OpenMM {

class ReferenceCalcPeriodicTorsionForceKernel : public CalcPeriodicTorsionForceKernel {
public:
  ReferenceCalcPeriodicTorsionForceKernel(std::string name, const Platform& platform)
      : CalcPeriodicTorsionForceKernel(name, platform) {}
  void initialize(const System& system, const PeriodicTorsionForce& force) override;
  double execute(ContextImpl& context, bool includeForces, bool includeEnergy) override;
  void copyParametersToContext(ContextImpl& context, const PeriodicTorsionForce& force) override;

protected:
  struct Torsion {
    int particle1, particle2, particle3, particle4, periodicity;
    double phase, k;
  };
  std::vector<Torsion> _torsions;
  bool _usePeriodic = false;
};

} // namespace OpenMM
