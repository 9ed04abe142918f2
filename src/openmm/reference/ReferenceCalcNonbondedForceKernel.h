// ReferenceCalcNonbondedForceKernel: O(N^2) Lennard-Jones + Coulomb (reaction field with a cutoff; Ewald and PME
// with erfc-screened pairs and a reciprocal-space sum), exceptions, switching, dispersion correction and parameter
// offsets. Faster platforms override computePairs() only.
#pragma once

#include "openmm/NonbondedForce.h"
#include "openmm/Vec3.h"
#include "openmm/kernels/CalcNonbondedForceKernel.h"

#include <memory>
#include <set>
#include <string>
#include <vector>

namespace OpenMM {

class ReferencePmeGrid;

class ReferenceCalcNonbondedForceKernel : public CalcNonbondedForceKernel {
public:
  ReferenceCalcNonbondedForceKernel(std::string name, const Platform& platform);
  ~ReferenceCalcNonbondedForceKernel() override;
  void initialize(const System& system, const NonbondedForce& force) override;
  /** computePairs() + computeExceptions() + dispersion correction / volume. */
  double execute(ContextImpl& context, bool includeForces, bool includeEnergy, bool includeDirect,
                 bool includeReciprocal) override;
  void copyParametersToContext(ContextImpl& context, const NonbondedForce& force) override;
  /** The PME parameters in use; throws unless the method is PME. */
  void getPMEParameters(double& alpha, int& nx, int& ny, int& nz) const override;

  /**
   * Energy of one non-excluded pair at distance r and its derivative; switching applies to LJ only,
   * reaction field to Coulomb when a cutoff is used. Returns E; sets dEdR = dE/dr.
   */
  double pairEnergy(double r, int particle1, int particle2, double& dEdR) const;

protected:
  /** All non-excluded pairs within the cutoff: adds forces and returns the energy. */
  virtual double computePairs(ContextImpl& context, std::vector<Vec3>& forces, bool includeForces, bool includeEnergy);
  /** Ewald/PME: the reciprocal-space sum and the self energy. */
  double computeReciprocal(ContextImpl& context, std::vector<Vec3>& forces, bool includeForces);
  /** Ewald/PME: removes the screened interaction (f q1 q2 erf(alpha r)/r) of every excluded pair. */
  double computeExclusionCorrections(ContextImpl& context, std::vector<Vec3>& forces, bool includeForces);
  /** Whether the method is Ewald or PME. */
  bool usesEwald() const { return _method == NonbondedForce::Ewald || _method == NonbondedForce::PME; }
  /** Exceptions with non-zero parameters: plain Coulomb + LJ, no cutoff, no reaction field. */
  double computeExceptions(ContextImpl& context, std::vector<Vec3>& forces, bool includeForces, bool includeEnergy);
  /** Reads particle and exception parameters and the parameter offsets; the exclusion set is rebuilt. */
  void readParameters(const NonbondedForce& force);
  /** Applies the parameter offsets at the Context's global parameter values when these changed (or force). */
  void applyOffsets(ContextImpl& context, bool force);
  /** Called after the effective parameters changed (platforms with their own copies refresh them). */
  virtual void parametersChanged() {}

  struct Exception {
    int particle1, particle2;
    double chargeProd, sigma, epsilon;
  };
  int _numParticles = 0;
  std::vector<double> _charges, _sigmas, _epsilons;
  /** For each particle, the particles it has an exception with (both directions). */
  std::vector<std::set<int>> _exclusions;
  /** Exceptions that are not pure exclusions. */
  std::vector<Exception> _exceptions;
  NonbondedForce::NonbondedMethod _method = NonbondedForce::NoCutoff;
  double _cutoff = 0.0, _switchingDistance = 0.0;
  bool _useSwitching = false;
  bool _exceptionsPeriodic = false;
  /** Reaction-field constants krf = (eps-1)/((2 eps+1) rc^3), crf = 3 eps/((2 eps+1) rc). */
  double _krf = 0.0, _crf = 0.0;
  double _dispersionCoefficient = 0.0;
  /** Ewald/PME: screening parameter, wave vectors per dimension (Ewald) or grid sizes (PME) and the PME grid. */
  double _alpha = 0.0;
  int _kmax[3] = {0, 0, 0};
  int _grid[3] = {0, 0, 0};
  std::unique_ptr<ReferencePmeGrid> _pme;
  /** Parameters as given (before offsets), offsets, and the global values they were last applied with. */
  struct Offset {
    int parameter, index;
    double chargeScale, sigmaScale, epsilonScale;
  };
  std::vector<double> _baseCharges, _baseSigmas, _baseEpsilons;
  std::vector<Exception> _baseExceptions;
  std::vector<Offset> _particleOffsets, _exceptionOffsets;
  std::vector<std::string> _globalNames;
  std::vector<double> _appliedGlobals;
  const NonbondedForce* _force = nullptr;
};

} // namespace OpenMM
