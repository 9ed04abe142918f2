// ComputeCalcNonbondedForceKernel: NonbondedForce on the common-compute platforms, a client of the injection
// utilities: its pair terms (kernels/NonbondedPairTerms.cc: Coulomb plain, with reaction field or Ewald-screened,
// Lennard-Jones plain, switched or LJPME's) are an interaction of the nonbonded utility, its exceptions and (with
// Ewald, PME and LJPME) the corrections of its excluded pairs are bonded interactions, and the reciprocal space
// is ComputePmeGrid (PME, LJPME's two grids) or ComputeEwaldSum. Parameter offsets are applied on the host when
// a global parameter changes; the self energies and the dispersion correction are host constants.
#pragma once

#include "ComputeEwaldSum.h"
#include "ComputePmeGrid.h"

#include "openmm/internal/NonbondedForceParameters.h"
#include "openmm/kernels.h"

#include "compute/PrecisionArray.h"

#include <memory>
#include <string>
#include <vector>

namespace OpenMM {

class ComputePlatformData;

class ComputeCalcNonbondedForceKernel : public CalcNonbondedForceKernel {
public:
  ComputeCalcNonbondedForceKernel(std::string name, const Platform& platform, ComputePlatformData& data)
      : CalcNonbondedForceKernel(name, platform), _data(&data) {}
  ~ComputeCalcNonbondedForceKernel() override;
  void initialize(const System& system, const NonbondedForce& force) override;
  double execute(ContextImpl& context, bool includeForces, bool includeEnergy, bool includeDirect,
                 bool includeReciprocal) override;
  void copyParametersToContext(ContextImpl& context, const NonbondedForce& force) override;
  void getPMEParameters(double& alpha, int& nx, int& ny, int& nz) const override;
  void getLJPMEParameters(double& alpha, int& nx, int& ny, int& nz) const override;

private:
  bool usesEwald() const { return _method >= NonbondedForce::Ewald; }
  /** The interaction's code for the terms the particles have. */
  std::string pairSource() const;
  /** Uploads the effective parameters (after offsets) to the device and recomputes the host constants. */
  void uploadParameters();

  ComputePlatformData* _data = nullptr;
  const NonbondedForce* _force = nullptr;
  NonbondedForceParameters _parameters;
  int _method = 0;
  double _cutoff = 0.0, _dispersionCoefficient = 0.0, _selfEnergy = 0.0, _totalCharge = 0.0;
  double _krf = 0.0, _crf = 0.0;
  bool _switching = false, _posqCharges = false, _periodicExceptions = false;
  bool _hasCharges = true, _hasLJ = true;  ///< whether the pair code was compiled with each term
  double _alpha = 0.0, _ljAlpha = 0.0;
  int _kmax[3] = {0, 0, 0}, _grid[3] = {0, 0, 0}, _ljGrid[3] = {0, 0, 0};
  mardyn::compute::PrecisionArray _sigmaEpsilon;  ///< (sigma/2, 2 sqrt(epsilon)) per atom
  mardyn::compute::PrecisionArray _charges;       ///< charges * sqrt(ONE_4PI_EPS0) per atom
  mardyn::compute::PrecisionArray _dispersion;    ///< LJPME's c_i = 2 sigma^3 sqrt(epsilon) per atom
  mardyn::compute::PrecisionArray _exceptionParams, _exclusionParams;
  std::vector<std::pair<int, int>> _exclusionPairs;  ///< the excluded pairs (i < j) Ewald corrects
  std::unique_ptr<ComputePmeGrid> _pme, _ljPme;
  std::unique_ptr<ComputeEwaldSum> _ewald;
};

} // namespace OpenMM
