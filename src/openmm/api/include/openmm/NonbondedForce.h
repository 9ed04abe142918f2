// NonbondedForce: Lennard-Jones and Coulomb interactions between all particle pairs, with exceptions
// (modified or excluded pairs), cutoffs with reaction field, switching function and dispersion correction.
#pragma once

#include "openmm/Force.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace OpenMM {

class NonbondedForce : public Force {
public:
  /**
   * NoCutoff: every pair, plain Coulomb. CutoffNonPeriodic / CutoffPeriodic: pairs within the cutoff,
   * Coulomb with reaction field (E = f q1 q2 (1/r + krf r^2 - crf)). Ewald and PME: periodic Coulomb sums split
   * into erfc-screened pairs within the cutoff and a reciprocal-space sum (Reference and CPU platforms). LJPME:
   * Coulomb as PME, and the dispersion with geometric combination C6_ij = 4 sqrt(eps_i eps_j) (sigma_i sigma_j)^3
   * on a second PME grid, Lorentz-Berthelot LJ within the cutoff (Reference and CPU platforms; switching ignored).
   */
  enum NonbondedMethod { NoCutoff = 0, CutoffNonPeriodic = 1, CutoffPeriodic = 2, Ewald = 3, PME = 4, LJPME = 5 };

  NonbondedForce() { setName("NonbondedForce"); }
  int getNumParticles() const { return static_cast<int>(_particles.size()); }
  int getNumExceptions() const { return static_cast<int>(_exceptions.size()); }
  NonbondedMethod getNonbondedMethod() const { return _method; }
  void setNonbondedMethod(NonbondedMethod method);
  double getCutoffDistance() const { return _cutoff; }
  void setCutoffDistance(double distance);
  bool getUseSwitchingFunction() const { return _useSwitching; }
  void setUseSwitchingFunction(bool use) { _useSwitching = use; }
  double getSwitchingDistance() const { return _switchingDistance; }
  void setSwitchingDistance(double distance);
  double getReactionFieldDielectric() const { return _reactionFieldDielectric; }
  void setReactionFieldDielectric(double dielectric);
  double getEwaldErrorTolerance() const { return _ewaldErrorTolerance; }
  void setEwaldErrorTolerance(double tol);
  bool getUseDispersionCorrection() const { return _useDispersionCorrection; }
  void setUseDispersionCorrection(bool use) { _useDispersionCorrection = use; }
  int getReciprocalSpaceForceGroup() const { return _recipForceGroup; }
  void setReciprocalSpaceForceGroup(int group);
  /** PME parameters to use (alpha in 1/nm, grid sizes); alpha = 0 (the default) chooses them from the error
   * tolerance when a Context is created. */
  void getPMEParameters(double& alpha, int& nx, int& ny, int& nz) const;
  void setPMEParameters(double alpha, int nx, int ny, int nz);
  /** The (Coulomb) PME parameters a Context actually uses (throws unless the method is PME or LJPME). */
  void getPMEParametersInContext(const Context& context, double& alpha, int& nx, int& ny, int& nz) const;
  /** The LJPME dispersion parameters a Context actually uses (throws unless the method is LJPME). */
  void getLJPMEParametersInContext(const Context& context, double& alpha, int& nx, int& ny, int& nz) const;
  /** LJPME dispersion parameters to use; alpha = 0 (the default) chooses them from the error tolerance. */
  void getLJPMEParameters(double& alpha, int& nx, int& ny, int& nz) const;
  void setLJPMEParameters(double alpha, int nx, int ny, int nz);
  /** Whether the direct-space (pair and exception) terms are computed (default true). */
  bool getIncludeDirectSpace() const { return _includeDirectSpace; }
  void setIncludeDirectSpace(bool include) { _includeDirectSpace = include; }
  bool getExceptionsUsePeriodicBoundaryConditions() const { return _exceptionsUsePeriodic; }
  void setExceptionsUsePeriodicBoundaryConditions(bool periodic) { _exceptionsUsePeriodic = periodic; }

  /** Adds a particle (charge in e, sigma in nm, epsilon in kJ/mol); returns its index. */
  int addParticle(double charge, double sigma, double epsilon);
  void getParticleParameters(int index, double& charge, double& sigma, double& epsilon) const;
  void setParticleParameters(int index, double charge, double sigma, double epsilon);

  /**
   * Replaces the interaction of one pair by the given parameters (chargeProd = 0 and epsilon = 0 excludes
   * it). Adding a second exception for the same pair throws unless replace is true.
   */
  int addException(int particle1, int particle2, double chargeProd, double sigma, double epsilon, bool replace = false);
  void getExceptionParameters(int index, int& particle1, int& particle2, double& chargeProd, double& sigma,
                              double& epsilon) const;
  void setExceptionParameters(int index, int particle1, int particle2, double chargeProd, double sigma, double epsilon);
  /**
   * Excludes pairs separated by one or two bonds and scales pairs separated by three: chargeProd =
   * coulomb14Scale q1 q2, sigma = (s1+s2)/2, epsilon = lj14Scale sqrt(e1 e2).
   */
  void createExceptionsFromBonds(const std::vector<std::pair<int, int>>& bonds, double coulomb14Scale,
                                 double lj14Scale);
  /** Global parameters (Context parameters) that parameter offsets refer to. */
  int getNumGlobalParameters() const { return static_cast<int>(_globals.size()); }
  int addGlobalParameter(const std::string& name, double defaultValue);
  const std::string& getGlobalParameterName(int index) const;
  void setGlobalParameterName(int index, const std::string& name);
  double getGlobalParameterDefaultValue(int index) const;
  void setGlobalParameterDefaultValue(int index, double defaultValue);
  /**
   * Makes a particle's parameters depend on a global parameter p: charge = q + p chargeScale, sigma = s + p sigmaScale,
   * epsilon = e + p epsilonScale (summed over all offsets of the particle).
   */
  int addParticleParameterOffset(const std::string& parameter, int particleIndex, double chargeScale, double sigmaScale,
                                 double epsilonScale);
  int getNumParticleParameterOffsets() const { return static_cast<int>(_particleOffsets.size()); }
  void getParticleParameterOffset(int index, std::string& parameter, int& particleIndex, double& chargeScale,
                                  double& sigmaScale, double& epsilonScale) const;
  void setParticleParameterOffset(int index, const std::string& parameter, int particleIndex, double chargeScale,
                                  double sigmaScale, double epsilonScale);
  /** The same for an exception: chargeProd = c + p chargeProdScale, and so on. */
  int addExceptionParameterOffset(const std::string& parameter, int exceptionIndex, double chargeProdScale,
                                  double sigmaScale, double epsilonScale);
  int getNumExceptionParameterOffsets() const { return static_cast<int>(_exceptionOffsets.size()); }
  void getExceptionParameterOffset(int index, std::string& parameter, int& exceptionIndex, double& chargeProdScale,
                                   double& sigmaScale, double& epsilonScale) const;
  void setExceptionParameterOffset(int index, const std::string& parameter, int exceptionIndex, double chargeProdScale,
                                   double sigmaScale, double epsilonScale);

  /** Copies changed particle and exception parameters into a Context (the exception set must not change). */
  void updateParametersInContext(Context& context);
  bool usesPeriodicBoundaryConditions() const override;

protected:
  ForceImpl* createImpl() const override;

private:
  struct ParticleInfo {
    double charge, sigma, epsilon;
  };
  struct ExceptionInfo {
    int particle1, particle2;
    double chargeProd, sigma, epsilon;
  };
  struct OffsetInfo {
    std::string parameter;
    int index;
    double chargeScale, sigmaScale, epsilonScale;
  };
  void checkParticle(int index) const;
  void checkGlobal(int index) const;
  void checkException(int index) const;

  NonbondedMethod _method = NoCutoff;
  double _cutoff = 1.0;
  bool _useSwitching = false;
  double _switchingDistance = -1.0;
  double _reactionFieldDielectric = 78.3;
  double _ewaldErrorTolerance = 5e-4;
  bool _useDispersionCorrection = true;
  int _recipForceGroup = -1;
  bool _exceptionsUsePeriodic = false;
  bool _includeDirectSpace = true;
  double _pmeAlpha = 0.0, _ljpmeAlpha = 0.0;
  int _pmeGrid[3] = {0, 0, 0}, _ljpmeGrid[3] = {0, 0, 0};
  std::vector<ParticleInfo> _particles;
  std::vector<ExceptionInfo> _exceptions;
  std::map<std::pair<int, int>, int> _exceptionMap;
  std::vector<std::pair<std::string, double>> _globals;
  std::vector<OffsetInfo> _particleOffsets, _exceptionOffsets;
};

} // namespace OpenMM
