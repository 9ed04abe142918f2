// The platform test bodies (PlatformTestBase) on a common-compute platform in one precision: the platform
// suites of OpenCL and CUDA in single, mixed and double precision are one line each
// (COMPUTE_PLATFORM_TEST). A platform without a device is skipped. Tolerances are raised to what the
// precision's arithmetic gives; the tests that need constraints or a triclinic box are skipped with the
// reason (the platforms refuse such Systems by name when the Context is created).
#pragma once

#include "PlatformTestBase.h"

class ComputePlatformTestBase : public PlatformTestBase {
protected:
  bool optionalPlatform() const override { return true; }
  virtual std::string precision() const = 0;
  double toleranceFloor() const override { return precision() == "double" ? 0.0 : 2e-5; }
  // Pair energies are float in single and mixed precision (as in OpenMM): their central differences over
  // 1e-4 nm are good to about 1e-3; the forces themselves are held to 2e-5 by the analytic tests.
  double finiteDifferenceFloor() const override { return precision() == "double" ? 0.0 : 1e-2; }
  std::vector<std::pair<std::string, std::string>> unsupportedTests() const override {
    const std::string reason = "constraints are not supported on the " + platformName() + " platform";
    const std::string ewald = "the " + platformName() + " platform refuses Ewald and PME (ewaldMadelung)";
    const std::string custom =
        "the " + platformName() + " platform refuses the Custom forces and RBTorsionForce (customForceRefusedByName)";
    return {{"constraintsHeld", reason},
            {"applyConstraints", reason},
            {"enforcePeriodicBox", reason},
            {"minimizerCluster", reason},
            {"verletEnergyConservation", reason},
            {"langevinSeedReproducible", reason},
            {"checkpointRoundTrip", reason},
            {"andersenConstraintGroups", reason},
            {"nonFiniteKineticEnergy", reason},
            {"masslessConstraints", reason},
            {"customBondedMatchBuiltIn", custom},
            {"customForceGlobalParameters", custom},
            {"customForceErrors", custom},
            {"rbTorsion", custom},
            {"monteCarloAnisotropicBarostat", "the " + platformName() + " platform refuses Monte Carlo barostats"},
            {"variableVerlet", "the " + platformName() + " platform refuses VariableVerletIntegrator"},
            {"virtualSites", "the " + platformName() + " platform refuses virtual sites"},
            {"brownianHarmonicWell", "the " + platformName() + " platform refuses BrownianIntegrator"},
            {"monteCarloBarostatIdealGas", "the " + platformName() + " platform refuses MonteCarloBarostat"},
            {"customNonbondedMatchesNonbonded", custom},
            {"customNonbondedGroupsAndParameters", custom},
            {"pmeAgainstEwald", ewald},
            {"pmeParametersAndGroups", ewald},
            {"periodicMinimumImage", "triclinic boxes are not supported on the " + platformName() + " platform"}};
  }
  void prepare(OpenMM::Platform& platform) override { platform.setPropertyDefaultValue("Precision", precision()); }
};

#define COMPUTE_PLATFORM_TEST(Suite, platformNameValue, precisionValue)                                                \
  class Suite : public ComputePlatformTestBase {                                                                       \
    CPPUNIT_TEST_SUB_SUITE(Suite, PlatformTestBase);                                                                   \
    CPPUNIT_TEST_SUITE_END();                                                                                          \
                                                                                                                       \
  protected:                                                                                                           \
    std::string platformName() const override { return platformNameValue; }                                            \
    std::string precision() const override { return precisionValue; }                                                  \
  };                                                                                                                   \
  CPPUNIT_TEST_SUITE_REGISTRATION(Suite)
