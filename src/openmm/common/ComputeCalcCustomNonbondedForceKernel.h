// ComputeCalcCustomNonbondedForceKernel: CustomNonbondedForce on the common-compute platforms as an interaction of
// the nonbonded utility: its energy expression compiled to device code (ComputeCustomTerms) with the per-particle
// parameters as the interaction's parameters, the switching function, exclusions (the tile list's), interaction
// groups as bit masks of the groups each particle belongs to (up to 32 groups), tabulated functions and
// energy-parameter derivatives; the long-range correction is integrated on the host (customNonbondedLongRange)
// whenever a global parameter changes.
#pragma once

#include "ComputeCustomTerms.h"

#include "ReferenceCustomNonbondedLongRange.h"
#include "ReferenceCustomTerms.h"
#include "openmm/kernels/CalcCustomNonbondedForceKernel.h"

#include "compute/ComputeArray.h"
#include "compute/PrecisionArray.h"

#include <memory>
#include <string>
#include <vector>

namespace OpenMM {

class ComputePlatformData;

class ComputeCalcCustomNonbondedForceKernel : public CalcCustomNonbondedForceKernel {
public:
  ComputeCalcCustomNonbondedForceKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : CalcCustomNonbondedForceKernel(name, platform), _data(data) {}
  ~ComputeCalcCustomNonbondedForceKernel() override;
  void initialize(const System& system, const CustomNonbondedForce& force) override;
  double execute(ContextImpl& context, bool includeForces, bool includeEnergy) override;
  void copyParametersToContext(ContextImpl& context, const CustomNonbondedForce& force) override;

private:
  void uploadParticleParameters(const CustomNonbondedForce& force);

  ComputePlatformData& _data;
  std::string _prefix;
  int _method = 0;
  double _cutoff = 0.0;
  bool _longRange = false, _switching = false;
  double _switchingDistance = 0.0;
  std::unique_ptr<ComputeCustomTerms> _terms;
  std::vector<std::unique_ptr<mardyn::compute::PrecisionArray>> _parameters;
  mardyn::compute::ComputeArray<int> _groupsA, _groupsB;
  /// The long-range correction on the host: the expression, the particles' parameters, the globals it was
  /// integrated with, the coefficient and its energy-parameter derivatives.
  ReferenceCustomTerms _hostTerms;
  std::vector<std::vector<double>> _particleValues;
  InteractionGroups _groups;  ///< for the long-range correction
  std::vector<std::string> _globalNames, _derivativeNames;
  std::vector<double> _lrcGlobals, _lrcDerivatives;
  bool _lrcValid = false;
  double _lrcCoefficient = 0.0;
};

} // namespace OpenMM
