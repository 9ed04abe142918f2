// ReferenceCalcNonbondedForceKernel: O(N^2) Lennard-Jones + Coulomb (reaction field with a cutoff; Ewald and PME
// with erfc-screened pairs and a reciprocal-space sum; LJPME adds a dispersion PME grid), exceptions, switching,
// dispersion correction and parameter offsets. Faster platforms override computePairs() only.
#pragma once

#include "openmm/NonbondedForce.h"
#include "openmm/Vec3.h"
#include "openmm/kernels/CalcNonbondedForceKernel.h"

#include <cmath>
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
  /** The (Coulomb) PME parameters in use; throws unless the method is PME or LJPME. */
  void getPMEParameters(double& alpha, int& nx, int& ny, int& nz) const override;
  /** The dispersion PME parameters in use; throws unless the method is LJPME. */
  void getLJPMEParameters(double& alpha, int& nx, int& ny, int& nz) const override;

  /**
   * Energy of one non-excluded pair at distance r and its derivative; switching applies to LJ only,
   * reaction field to Coulomb when a cutoff is used. Returns E; sets dEdR = dE/dr.
   */
  double pairEnergy(double r, int particle1, int particle2, double& dEdR) const;
  /** LJPME: (1 - g(beta r)) / r^6 with g(x) = exp(-x^2)(1 + x^2 + x^4/2), and its r-derivative (the limit beta^6/6 at
   * r = 0). */
  static double dispersionGridPart(double beta, double r, double& derivative);

protected:
  /** All non-excluded pairs within the cutoff: adds forces and returns the energy. */
  virtual double computePairs(ContextImpl& context, std::vector<Vec3>& forces, bool includeForces, bool includeEnergy);
  /** Ewald/PME/LJPME: the reciprocal-space sums and the self energies. */
  double computeReciprocal(ContextImpl& context, std::vector<Vec3>& forces, bool includeForces);
  /** Ewald/PME/LJPME: removes the screened interaction (f q1 q2 erf(alpha r)/r) of every excluded pair; LJPME also
   * the dispersion grid's -C6 (1 - g(beta r))/r^6. */
  double computeExclusionCorrections(ContextImpl& context, std::vector<Vec3>& forces, bool includeForces);
  /** Whether the method is Ewald, PME or LJPME (all of which treat Coulomb with an Ewald sum). */
  bool usesEwald() const {
    return _method == NonbondedForce::Ewald || _method == NonbondedForce::PME || _method == NonbondedForce::LJPME;
  }
  /** LJPME: the factor c_i of particle i's geometric-combination dispersion coefficient C6_ij = c_i c_j. */
  double dispersionFactor(int i) const { return 2.0 * std::pow(_sigmas[i], 3) * std::sqrt(_epsilons[i]); }
  /** Exceptions with non-zero parameters: plain Coulomb + LJ, no cutoff, no reaction field. */
  double computeExceptions(ContextImpl& context, std::vector<Vec3>& forces, bool includeForces, bool includeEnergy);
  /** Reads particle and exception parameters and the parameter offsets; the exclusion set is rebuilt. */
  void readParameters(const NonbondedForce& force);
  /** Applies the parameter offsets at the Context's global parameter values when these changed (or force). */
  void applyOffsets(ContextImpl& context, bool force);
  /** Called after the effective parameters changed (platforms with their own copies refresh them). */
  virtual void parametersChanged() {}
  /** Called before each reciprocal-space grid evaluation (a platform with threads hands them to the grid). */
  virtual void preparePmeGrid(ContextImpl&, ReferencePmeGrid&) {}

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
  /** LJPME: the dispersion screening parameter, grid sizes and grid. */
  double _ljAlpha = 0.0;
  int _ljGrid[3] = {0, 0, 0};
  std::unique_ptr<ReferencePmeGrid> _ljPme;
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
