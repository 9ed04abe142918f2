// ReferenceCalcCustomNonbondedForceKernel: the pair sum of a CustomNonbondedForce over all non-excluded pairs
// (or the pairs of its interaction groups), with cutoff, minimum image, switching function and the long-range
// correction integrated numerically over the classes of identical particles.
#pragma once

#include "ReferenceCustomNonbondedLongRange.h"
#include "ReferenceCustomTerms.h"
#include "openmm/kernels/CalcCustomNonbondedForceKernel.h"

#include <string>
#include <vector>

namespace OpenMM {

class ReferenceCalcCustomNonbondedForceKernel : public CalcCustomNonbondedForceKernel {
public:
  ReferenceCalcCustomNonbondedForceKernel(std::string name, const Platform& platform)
      : CalcCustomNonbondedForceKernel(name, platform) {}
  void initialize(const System& system, const CustomNonbondedForce& force) override;
  double execute(ContextImpl& context, bool includeForces, bool includeEnergy) override;
  void copyParametersToContext(ContextImpl& context, const CustomNonbondedForce& force) override;

private:
  /** Energy of one pair at distance r (switched), dE/dr in dEdr. */
  double pairEnergy(int i, int j, double r, double& dEdr);
  /** 2 pi N^2 <integral of the pair energy beyond the switching/cutoff region> (divide by the volume); with
   * derivative >= 0 the same integral of that energy-parameter derivative. */
  double longRangeCoefficient(int derivative);

  int _method = 0;
  double _cutoff = 0.0, _switchingDistance = 0.0;
  bool _useSwitching = false, _useLongRangeCorrection = false;
  int _numParameters = 0;
  std::vector<std::vector<double>> _particleParameters;
  std::vector<std::vector<int>> _exclusions;    // excluded partners of each particle, all of them
  std::vector<std::pair<int, int>> _groupPairs; // the pairs of the interaction groups (if any)
  InteractionGroups _groups;                   // the groups themselves (for the long-range correction)
  bool _useGroups = false;
  ReferenceCustomTerms _terms;
  std::vector<std::string> _globalNames;
  std::vector<double> _lrcGlobals; // global values the coefficient was computed with
  double _lrcCoefficient = 0.0;
  std::vector<double> _lrcDerivatives; // the coefficient's derivatives by the requested global parameters
  std::vector<std::string> _derivativeNames;
  std::vector<double> _pairValues;
};

} // namespace OpenMM
