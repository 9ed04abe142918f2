// NonbondedForceImpl: the per-Context implementation of NonbondedForce; validates it against the System and
// runs the CalcNonbondedForce kernel requested from the Platform by name.
#pragma once

#include "openmm/Kernel.h"
#include "openmm/NonbondedForce.h"
#include "openmm/internal/ForceImpl.h"

#include <map>
#include <string>
#include <vector>

namespace OpenMM {

class System;

class NonbondedForceImpl : public ForceImpl {
public:
  explicit NonbondedForceImpl(const NonbondedForce& owner) : _owner(owner) {}
  void initialize(ContextImpl& context) override;
  const NonbondedForce& getOwner() const override { return _owner; }
  void updateContextState(ContextImpl&, bool&) override {}
  double calcForcesAndEnergy(ContextImpl& context, bool includeForces, bool includeEnergy, int groups) override;
  std::vector<std::string> getKernelNames() override;
  std::map<std::string, double> getDefaultParameters() override;
  void updateParametersInContext(ContextImpl& context);
  /** The PME parameters the kernel uses (throws unless the method is PME or LJPME). */
  void getPMEParameters(double& alpha, int& nx, int& ny, int& nz) const;
  /** The LJPME dispersion parameters the kernel uses (throws unless the method is LJPME). */
  void getLJPMEParameters(double& alpha, int& nx, int& ny, int& nz) const;

  /**
   * Coefficient C of the long-range dispersion correction E = C / V (V = box volume) for CutoffPeriodic with
   * getUseDispersionCorrection(); 0 otherwise. Includes the part the switching function removes.
   */
  static double calcDispersionCorrection(const System& system, const NonbondedForce& force);
  /** Ewald parameters for the force's error tolerance: alpha = sqrt(-ln(2 tol))/cutoff and the number of wave
   * vectors per dimension, the smallest kmax with 0.05 sqrt(L alpha) kmax exp(-(pi kmax/(L alpha))^2) <= tol. */
  static void calcEwaldParameters(const System& system, const NonbondedForce& force, double& alpha, int& kmaxx,
                                  int& kmaxy, int& kmaxz);
  /** PME parameters: those set with setPMEParameters() if alpha != 0, else alpha as for Ewald and grid sizes
   * n = 2 alpha L / (3 tol^(1/5)) rounded up to a product of 2, 3, 5 and 7 (at least 6). */
  static void calcPMEParameters(const System& system, const NonbondedForce& force, double& alpha, int& nx, int& ny,
                                int& nz);
  /** LJPME dispersion parameters: those set with setLJPMEParameters() if alpha != 0 and the sizes are positive, else
   * alpha as for Ewald and grid sizes n = alpha L / (3 tol^(1/5)) (half the Coulomb choice) rounded up likewise. */
  static void calcLJPMEParameters(const System& system, const NonbondedForce& force, double& alpha, int& nx, int& ny,
                                  int& nz);
  /** The same for the given per-particle sigma and epsilon (parameters with their offsets applied). */
  static double calcDispersionCorrection(const NonbondedForce& force, const std::vector<double>& sigmas,
                                         const std::vector<double>& epsilons);
  /** The energy of the uniform background that neutralises a net charge Q under Ewald, PME and LJPME,
   * -Q^2 pi / (2 V alpha^2) / (4 pi eps0) (V = box volume): with it the energy of a charged system does not depend on
   * alpha (nor so on the cutoff). */
  static double calcNeutralizingPlasmaEnergy(double totalCharge, double alpha, double volume);

private:
  const NonbondedForce& _owner;
  Kernel _kernel;
};

} // namespace OpenMM
