// PlatformTestBase: abstract CppUnit fixture that runs every test body (Test*.h) on one platform. A platform's
// suite derives from it, names its platform and registers itself (see ReferencePlatformTest.cpp).
#pragma once

#include "TestBondedForces.h"
#include "TestCMAPTorsion.h"
#include "TestCompoundBondForces.h"
#include "TestConstraintsAndCheckpoints.h"
#include "TestCustomExternalForce.h"
#include "TestCustomIntegrator.h"
#include "TestCustomForces.h"
#include "TestEwald.h"
#include "TestGBSAOBC.h"
#include "TestIntegrators.h"
#include "TestLJPME.h"
#include "TestLocalEnergyMinimizer.h"
#include "TestMoreIntegrators.h"
#include "TestNonbondedForce.h"
#include "TestOpenMMBehaviours.h"
#include "TestParameterDerivatives.h"
#include "TestPlatformsAndErrors.h"
#include "TestTabulatedFunctions.h"
#include "TestVirtualSites.h"
#include "TestSkip.h"

#include <cppunit/extensions/HelperMacros.h>

class PlatformTestBase : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(PlatformTestBase);
  CPPUNIT_TEST(harmonicBondAnalytic);
  CPPUNIT_TEST(harmonicBondPeriodic);
  CPPUNIT_TEST(moleculeAcrossBoxFaces);
  CPPUNIT_TEST(harmonicAngleAnalytic);
  CPPUNIT_TEST(periodicTorsionAnalytic);
  CPPUNIT_TEST(bondedFiniteDifference);
  CPPUNIT_TEST(rbTorsion);
  CPPUNIT_TEST(coulombAndLennardJones);
  CPPUNIT_TEST(exclusionsAndExceptions);
  CPPUNIT_TEST(reactionFieldCutoff);
  CPPUNIT_TEST(periodicMinimumImage);
  CPPUNIT_TEST(switchingFunction);
  CPPUNIT_TEST(dispersionCorrection);
  CPPUNIT_TEST(createExceptionsFromBonds);
  CPPUNIT_TEST(twoNonbondedForcesInGroups);
  CPPUNIT_TEST(tileListFollowsFastAtoms);
  CPPUNIT_TEST(nonbondedFiniteDifference);
  CPPUNIT_TEST(forceGroups);
  CPPUNIT_TEST(nonbondedParameterOffsets);
  CPPUNIT_TEST(ewaldMadelung);
  CPPUNIT_TEST(pmeAgainstEwald);
  CPPUNIT_TEST(pmeParametersAndGroups);
  CPPUNIT_TEST(pmeQueue);
  CPPUNIT_TEST(pmeAfterFailedEvaluation);
  CPPUNIT_TEST(pmeForcesWithoutEnergy);
  CPPUNIT_TEST(pmeReciprocalAgainstReference);
  CPPUNIT_TEST(neutralizingPlasma);
  CPPUNIT_TEST(ljpmeFiniteDifference);
  CPPUNIT_TEST(ljpmeAgainstImageSum);
  CPPUNIT_TEST(ljpmeConvergesToCutoffLJ);
  CPPUNIT_TEST(ljpmeParameters);
  CPPUNIT_TEST(verletHarmonicOscillator);
  CPPUNIT_TEST(verletEnergyConservation);
  CPPUNIT_TEST(langevinTemperature);
  CPPUNIT_TEST(langevinMiddleTemperature);
  CPPUNIT_TEST(langevinMiddleVelocityIsDisplacement);
  CPPUNIT_TEST(langevinMiddleClusterPaths);
  CPPUNIT_TEST(langevinSeedReproducible);
  CPPUNIT_TEST(andersenThermostat);
  CPPUNIT_TEST(cmMotionRemover);
  CPPUNIT_TEST(monteCarloAnisotropicBarostat);
  CPPUNIT_TEST(variableVerlet);
  CPPUNIT_TEST(variableLangevin);
  CPPUNIT_TEST(compoundIntegrator);
  CPPUNIT_TEST(noseHooverConservation);
  CPPUNIT_TEST(noseHooverTemperatures);
  CPPUNIT_TEST(noseHooverHardWall);
  CPPUNIT_TEST(noseHooverParametersUpdated);
  CPPUNIT_TEST(integratorCheckpoints);
  CPPUNIT_TEST(customIntegratorMatchesBuiltIn);
  CPPUNIT_TEST(customIntegratorVariablesAndBlocks);
  CPPUNIT_TEST(customIntegratorLangevin);
  CPPUNIT_TEST(customIntegratorErrors);
  CPPUNIT_TEST(customIntegratorCheckpoint);
  CPPUNIT_TEST(customIntegratorSaveParameters);
  CPPUNIT_TEST(customIntegratorFunctions);
  CPPUNIT_TEST(brownianHarmonicWell);
  CPPUNIT_TEST(monteCarloBarostatIdealGas);
  CPPUNIT_TEST(velocitiesToTemperature);
  CPPUNIT_TEST(constraintsHeld);
  CPPUNIT_TEST(applyConstraints);
  CPPUNIT_TEST(checkpointRoundTrip);
  CPPUNIT_TEST(enforcePeriodicBox);
  CPPUNIT_TEST(virtualSites);
  CPPUNIT_TEST(nestedVirtualSites);
  CPPUNIT_TEST(virtualSitesPlacedByApplyConstraints);
  CPPUNIT_TEST(localCoordinatesDegenerateFrames);
  CPPUNIT_TEST(minimizerDimer);
  CPPUNIT_TEST(minimizerCluster);
  CPPUNIT_TEST(minimizerRigidWater);
  CPPUNIT_TEST(minimizerOverlappingStart);
  CPPUNIT_TEST(platformDiscovery);
  CPPUNIT_TEST(unnamedPlatformFallsBack);
  CPPUNIT_TEST(pluginLoading);
  CPPUNIT_TEST(errorMessages);
  CPPUNIT_TEST(velocityTimeOffset);
  CPPUNIT_TEST(andersenConstraintGroups);
  CPPUNIT_TEST(minimizerIntegrationGroups);
  CPPUNIT_TEST(minimizerReporter);
  CPPUNIT_TEST(nonFiniteKineticEnergy);
  CPPUNIT_TEST(groupKineticEnergy);
  CPPUNIT_TEST(createExceptionsOrder);
  CPPUNIT_TEST(masslessConstraints);
  CPPUNIT_TEST(platformLookups);
  CPPUNIT_TEST(expressionEngine);
  CPPUNIT_TEST(customBondedMatchBuiltIn);
  CPPUNIT_TEST(customForceGlobalParameters);
  CPPUNIT_TEST(customForceErrors);
  CPPUNIT_TEST(customForceRefusedByName);
  CPPUNIT_TEST(customExternalPeriodicDistance);
  CPPUNIT_TEST(customNonbondedMatchesNonbonded);
  CPPUNIT_TEST(customNonbondedGroupsAndParameters);
  CPPUNIT_TEST(customNonbondedLongRangeWithGroups);
  CPPUNIT_TEST(tabulatedFunctionSplines);
  CPPUNIT_TEST(tabulatedFunctionErrors);
  CPPUNIT_TEST(tabulatedFunctionsInForce);
  CPPUNIT_TEST(cmapTorsion);
  CPPUNIT_TEST(cmapTorsionErrors);
  CPPUNIT_TEST(customCompoundBondForce);
  CPPUNIT_TEST(compoundCoordinatesAndPointFunctions);
  CPPUNIT_TEST(compoundPeriodicAndErrors);
  CPPUNIT_TEST(customCentroidBondForce);
  CPPUNIT_TEST(energyParameterDerivatives);
  CPPUNIT_TEST(energyParameterDerivativeErrors);
  CPPUNIT_TEST(gbsaOBC);
  CPPUNIT_TEST(gbsaOBCErrors);
  CPPUNIT_TEST_SUITE_END_ABSTRACT();

public:
  /** Loads the plugins from the default directory (once per process) and looks the platform up by name;
   * a GPU platform whose plugin found no device is skipped (mardyn::testing::SkipTest), as is a test the
   * suite names in unsupportedTests(). */
  void setUp() override {
    static const bool pluginsLoaded = [] {
      OpenMM::Platform::loadPluginsFromDirectory(OpenMM::Platform::getDefaultPluginsDirectory());
      return true;
    }();
    (void)pluginsLoaded;
    const std::string& test = mardyn::testing::skipRecord().currentTest;
    for (const auto& [name, reason] : unsupportedTests())
      if (test.size() > name.size() && test.compare(test.size() - name.size(), name.size(), name) == 0 &&
          test[test.size() - name.size() - 1] == ':')
        throw mardyn::testing::SkipTest{reason};
    try {
      _platform = &OpenMM::Platform::getPlatformByName(platformName());
    } catch (const OpenMM::OpenMMException& e) {
      if (!optionalPlatform())
        throw;
      throw mardyn::testing::SkipTest{platformName() + " platform not available (no device): " + e.what()};
    }
    OpenMMTests::toleranceFloor() = toleranceFloor();
    OpenMMTests::finiteDifferenceFloor() = finiteDifferenceFloor();
    OpenMMTests::finiteDifferenceStepFloor() = finiteDifferenceStepFloor();
    prepare(*_platform);
  }

  void harmonicBondAnalytic() { OpenMMTests::testHarmonicBondAnalytic(*_platform); }
  void harmonicBondPeriodic() { OpenMMTests::testHarmonicBondPeriodic(*_platform); }
  void harmonicAngleAnalytic() { OpenMMTests::testHarmonicAngleAnalytic(*_platform); }
  void periodicTorsionAnalytic() { OpenMMTests::testPeriodicTorsionAnalytic(*_platform); }
  void moleculeAcrossBoxFaces() { OpenMMTests::testMoleculeAcrossBoxFaces(*_platform); }
  void bondedFiniteDifference() { OpenMMTests::testBondedFiniteDifference(*_platform); }
  void rbTorsion() { OpenMMTests::testRBTorsion(*_platform); }
  void coulombAndLennardJones() { OpenMMTests::testCoulombAndLennardJones(*_platform); }
  void exclusionsAndExceptions() { OpenMMTests::testExclusionsAndExceptions(*_platform); }
  void reactionFieldCutoff() { OpenMMTests::testReactionFieldCutoff(*_platform); }
  void periodicMinimumImage() { OpenMMTests::testPeriodicMinimumImage(*_platform); }
  void switchingFunction() { OpenMMTests::testSwitchingFunction(*_platform); }
  void dispersionCorrection() { OpenMMTests::testDispersionCorrection(*_platform); }
  void twoNonbondedForcesInGroups() { OpenMMTests::testTwoNonbondedForcesInGroups(*_platform); }
  void tileListFollowsFastAtoms() { OpenMMTests::testTileListFollowsFastAtoms(*_platform); }
  void createExceptionsFromBonds() { OpenMMTests::testCreateExceptionsFromBonds(*_platform); }
  void nonbondedFiniteDifference() { OpenMMTests::testNonbondedFiniteDifference(*_platform); }
  void forceGroups() { OpenMMTests::testForceGroups(*_platform); }
  void nonbondedParameterOffsets() { OpenMMTests::testNonbondedParameterOffsets(*_platform); }
  void ewaldMadelung() { OpenMMTests::testEwaldMadelung(*_platform); }
  void pmeAgainstEwald() { OpenMMTests::testPmeAgainstEwald(*_platform); }
  void pmeParametersAndGroups() { OpenMMTests::testPmeParametersAndGroups(*_platform); }
  void pmeQueue() { OpenMMTests::testPmeQueue(*_platform); }
  void pmeAfterFailedEvaluation() { OpenMMTests::testPmeAfterFailedEvaluation(*_platform); }
  void pmeForcesWithoutEnergy() { OpenMMTests::testPmeForcesWithoutEnergy(*_platform); }
  void pmeReciprocalAgainstReference() { OpenMMTests::testPmeReciprocalAgainstReference(*_platform); }
  void neutralizingPlasma() { OpenMMTests::testNeutralizingPlasma(*_platform); }
  void ljpmeFiniteDifference() { OpenMMTests::testLJPMEFiniteDifference(*_platform); }
  void ljpmeAgainstImageSum() { OpenMMTests::testLJPMEAgainstImageSum(*_platform); }
  void ljpmeConvergesToCutoffLJ() { OpenMMTests::testLJPMEConvergesToCutoffLJ(*_platform); }
  void ljpmeParameters() { OpenMMTests::testLJPMEParameters(*_platform); }
  void verletHarmonicOscillator() { OpenMMTests::testVerletHarmonicOscillator(*_platform); }
  void verletEnergyConservation() { OpenMMTests::testVerletEnergyConservation(*_platform); }
  void langevinTemperature() { OpenMMTests::testLangevinTemperature(*_platform); }
  void langevinMiddleTemperature() { OpenMMTests::testLangevinMiddleTemperature(*_platform); }
  void langevinMiddleVelocityIsDisplacement() { OpenMMTests::testLangevinMiddleVelocityIsDisplacement(*_platform); }
  void langevinMiddleClusterPaths() { OpenMMTests::testLangevinMiddleClusterPaths(*_platform); }
  void langevinSeedReproducible() { OpenMMTests::testLangevinSeedReproducible(*_platform); }
  void andersenThermostat() { OpenMMTests::testAndersenThermostat(*_platform); }
  void cmMotionRemover() { OpenMMTests::testCMMotionRemover(*_platform); }
  void monteCarloAnisotropicBarostat() { OpenMMTests::testMonteCarloAnisotropicBarostat(*_platform); }
  void variableVerlet() { OpenMMTests::testVariableVerlet(*_platform); }
  void variableLangevin() { OpenMMTests::testVariableLangevin(*_platform); }
  void compoundIntegrator() { OpenMMTests::testCompoundIntegrator(*_platform); }
  void noseHooverConservation() { OpenMMTests::testNoseHooverConservation(*_platform); }
  void noseHooverTemperatures() { OpenMMTests::testNoseHooverTemperatures(*_platform); }
  void noseHooverHardWall() { OpenMMTests::testNoseHooverHardWall(*_platform); }
  void noseHooverParametersUpdated() { OpenMMTests::testNoseHooverParametersUpdated(*_platform); }
  void integratorCheckpoints() { OpenMMTests::testIntegratorCheckpoints(*_platform); }
  void customIntegratorMatchesBuiltIn() { OpenMMTests::testCustomIntegratorMatchesBuiltIn(*_platform); }
  void customIntegratorVariablesAndBlocks() { OpenMMTests::testCustomIntegratorVariablesAndBlocks(*_platform); }
  void customIntegratorLangevin() { OpenMMTests::testCustomIntegratorLangevin(*_platform); }
  void customIntegratorErrors() { OpenMMTests::testCustomIntegratorErrors(*_platform); }
  void customIntegratorCheckpoint() { OpenMMTests::testCustomIntegratorCheckpoint(*_platform); }
  void customIntegratorSaveParameters() { OpenMMTests::testCustomIntegratorSaveParameters(*_platform); }
  void customIntegratorFunctions() { OpenMMTests::testCustomIntegratorFunctions(*_platform); }
  void brownianHarmonicWell() { OpenMMTests::testBrownianHarmonicWell(*_platform); }
  void monteCarloBarostatIdealGas() { OpenMMTests::testMonteCarloBarostatIdealGas(*_platform); }
  void velocitiesToTemperature() { OpenMMTests::testVelocitiesToTemperature(*_platform); }
  void constraintsHeld() { OpenMMTests::testConstraintsHeld(*_platform); }
  void applyConstraints() { OpenMMTests::testApplyConstraints(*_platform); }
  void checkpointRoundTrip() { OpenMMTests::testCheckpointRoundTrip(*_platform); }
  void enforcePeriodicBox() { OpenMMTests::testEnforcePeriodicBox(*_platform); }
  void virtualSites() { OpenMMTests::testVirtualSites(*_platform); }
  void nestedVirtualSites() { OpenMMTests::testNestedVirtualSites(*_platform); }
  void virtualSitesPlacedByApplyConstraints() { OpenMMTests::testVirtualSitesPlacedByApplyConstraints(*_platform); }
  void localCoordinatesDegenerateFrames() { OpenMMTests::testLocalCoordinatesDegenerateFrames(*_platform); }
  void minimizerDimer() { OpenMMTests::testMinimizerDimer(*_platform); }
  void minimizerCluster() { OpenMMTests::testMinimizerCluster(*_platform); }
  void minimizerRigidWater() { OpenMMTests::testMinimizerRigidWater(*_platform); }
  void minimizerOverlappingStart() { OpenMMTests::testMinimizerOverlappingStart(*_platform); }
  void platformDiscovery() { OpenMMTests::testPlatformDiscovery(*_platform); }
  void unnamedPlatformFallsBack() { OpenMMTests::testUnnamedPlatformFallsBack(*_platform); }
  void pluginLoading() { OpenMMTests::testPluginLoading(*_platform); }
  void errorMessages() { OpenMMTests::testErrorMessages(*_platform); }
  void velocityTimeOffset() { OpenMMTests::testVelocityTimeOffset(*_platform); }
  void andersenConstraintGroups() { OpenMMTests::testAndersenConstraintGroups(*_platform); }
  void minimizerIntegrationGroups() { OpenMMTests::testMinimizerIntegrationGroups(*_platform); }
  void minimizerReporter() { OpenMMTests::testMinimizerReporter(*_platform); }
  void nonFiniteKineticEnergy() { OpenMMTests::testNonFiniteKineticEnergy(*_platform); }
  void groupKineticEnergy() { OpenMMTests::testGroupKineticEnergy(*_platform); }
  void createExceptionsOrder() { OpenMMTests::testCreateExceptionsOrder(*_platform); }
  void masslessConstraints() { OpenMMTests::testMasslessConstraints(*_platform); }
  void platformLookups() { OpenMMTests::testPlatformLookups(*_platform); }
  void expressionEngine() { OpenMMTests::testExpressionEngine(*_platform); }
  void customBondedMatchBuiltIn() { OpenMMTests::testCustomBondedMatchBuiltIn(*_platform); }
  void customForceGlobalParameters() { OpenMMTests::testCustomForceGlobalParameters(*_platform); }
  void customForceErrors() { OpenMMTests::testCustomForceErrors(*_platform); }
  void customForceRefusedByName() { OpenMMTests::testCustomForceRefusedByName(*_platform); }
  void customExternalPeriodicDistance() { OpenMMTests::testCustomExternalPeriodicDistance(*_platform); }
  void customNonbondedMatchesNonbonded() { OpenMMTests::testCustomNonbondedMatchesNonbonded(*_platform); }
  void customNonbondedGroupsAndParameters() { OpenMMTests::testCustomNonbondedGroupsAndParameters(*_platform); }
  void customNonbondedLongRangeWithGroups() { OpenMMTests::testCustomNonbondedLongRangeWithGroups(*_platform); }
  void tabulatedFunctionSplines() { OpenMMTests::testTabulatedFunctionSplines(*_platform); }
  void tabulatedFunctionErrors() { OpenMMTests::testTabulatedFunctionErrors(*_platform); }
  void tabulatedFunctionsInForce() { OpenMMTests::testTabulatedFunctionsInForce(*_platform); }
  void cmapTorsion() { OpenMMTests::testCMAPTorsion(*_platform); }
  void cmapTorsionErrors() { OpenMMTests::testCMAPTorsionErrors(*_platform); }
  void customCompoundBondForce() { OpenMMTests::testCustomCompoundBondForce(*_platform); }
  void compoundCoordinatesAndPointFunctions() { OpenMMTests::testCompoundCoordinatesAndPointFunctions(*_platform); }
  void compoundPeriodicAndErrors() { OpenMMTests::testCompoundPeriodicAndErrors(*_platform); }
  void customCentroidBondForce() { OpenMMTests::testCustomCentroidBondForce(*_platform); }
  void energyParameterDerivatives() { OpenMMTests::testEnergyParameterDerivatives(*_platform); }
  void energyParameterDerivativeErrors() { OpenMMTests::testEnergyParameterDerivativeErrors(*_platform); }
  void gbsaOBC() { OpenMMTests::testGBSAOBC(*_platform); }
  void gbsaOBCErrors() { OpenMMTests::testGBSAOBCErrors(*_platform); }

protected:
  /** The platform under test (after setUp). */
  OpenMM::Platform& platform() const { return *_platform; }
  /** Name of the platform under test, e.g. "Reference". */
  virtual std::string platformName() const = 0;
  /** A platform that is only there where a device is (its absence skips the suite). */
  virtual bool optionalPlatform() const { return false; }
  /** The smallest relative tolerance of every check (the precision of the platform's arithmetic). */
  virtual double toleranceFloor() const { return 0.0; }
  /** The smallest relative tolerance of the finite-difference checks. */
  virtual double finiteDifferenceFloor() const { return 0.0; }
  /** The smallest displacement norm of the finite-difference checks. */
  virtual double finiteDifferenceStepFloor() const { return 0.0; }
  /** Tests of the suite that this platform refuses by design (test method name -> the reason). */
  virtual std::vector<std::pair<std::string, std::string>> unsupportedTests() const { return {}; }
  /** Sets the platform up before each test (e.g. its default properties). */
  virtual void prepare(OpenMM::Platform&) {}

private:
  OpenMM::Platform* _platform = nullptr;
};
