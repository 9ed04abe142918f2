// ConditionsCheckTest: a blow-up is named by its cause on the step it first appears: two molecules
// at the same place (both ids and their distance), a non-finite value on a molecule, a force too
// large for the time step, kinetic energy jumping by orders of magnitude; a sound run passes.
#include "Simulation.h"
#include "particleContainer/ConditionsCheck.h"
#include "particleContainer/LinkedCells.h"
#include "io/tests/IoTestFiles.h"
#include "particleContainer/tests/FccConfig.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cmath>
#include <limits>

using namespace mardyn;

namespace {
/// Runs `steps` steps; returns the ConditionsCheck::Error's message, or "" when the run went through.
std::string runUntilError(const SimulationConfig& cfg, unsigned long steps) {
  try {
    Simulation sim(cfg);
    sim.prepare();
    for (unsigned long s = 0; s < steps; ++s) sim.step();
  } catch (const ConditionsCheck::Error& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
}  // namespace

class ConditionsCheckTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(ConditionsCheckTest);
  CPPUNIT_TEST(twoMoleculesAtTheSamePlace);
  CPPUNIT_TEST(overlappingPairNamed);
  CPPUNIT_TEST(nonFiniteVelocity);
  CPPUNIT_TEST(timeStepTooLarge);
  CPPUNIT_TEST(kineticEnergyJump);
  CPPUNIT_TEST(thermostatHeatingPasses);
  CPPUNIT_TEST(cappedJumpPasses);
  CPPUNIT_TEST(overlapUnderVelocityScalingRunsOn);
  CPPUNIT_TEST(overlapUnderTemperatureControlRunsOn);
  CPPUNIT_TEST(nonFiniteEnergy);
  CPPUNIT_TEST(soundRunPasses);
  CPPUNIT_TEST_SUITE_END();

 public:
  /// Used to end as "molecule N at (nan, nan, nan) is outside the owned region" some steps later.
  void twoMoleculesAtTheSamePlace() {
    SimulationConfig cfg = testing::fccConfig(3, 0.8, 2.5, 1.0, false);
    cfg.molecules[7].r = cfg.molecules[3].r;
    const std::string msg = runUntilError(cfg, 5);
    CPPUNIT_ASSERT_MESSAGE(msg, contains(msg, "step 0: molecule "));
    CPPUNIT_ASSERT_MESSAGE(msg, contains(msg, "molecules 4 and 8 are 0 apart, closer than 0.5 sigma = 0.5"));
  }

  void overlappingPairNamed() {
    SimulationConfig cfg = testing::fccConfig(3, 0.8, 2.5, 1.0, false);
    cfg.molecules[7].r = cfg.molecules[3].r + Vec3(0.1, 0, 0);
    const std::string msg = runUntilError(cfg, 5);
    CPPUNIT_ASSERT_MESSAGE(msg, contains(msg, "step 0: molecule "));
    CPPUNIT_ASSERT_MESSAGE(msg, contains(msg, "would move it by"));
    CPPUNIT_ASSERT_MESSAGE(msg, contains(msg, "molecules 4 and 8 are 0.1 apart"));
  }

  void nonFiniteVelocity() {
    std::vector<Component> comps{Component(0, "LJ")};
    comps[0].addLJCenter(LJCenter{{0, 0, 0}, 1.0, 1.0, 1.0, false});
    LinkedCells cells(Vec3(0, 0, 0), Vec3(10, 10, 10), 2.5);
    cells.addParticle(Molecule(1, &comps[0], Vec3(1, 1, 1), Vec3(0, 0, 0)));
    cells.addParticle(Molecule(2, &comps[0], Vec3(5, 5, 5), Vec3(std::numeric_limits<double>::quiet_NaN(), 0, 0)));
    const ConditionsCheck check(comps, 0.005, 2.5);
    try {
      check.checkForces(cells, 17);
      CPPUNIT_FAIL("a non-finite velocity passed");
    } catch (const ConditionsCheck::Error& e) {
      CPPUNIT_ASSERT_MESSAGE(e.what(), contains(e.what(), "step 17: molecule 2 (component 1) at (5, 5, 5) has a "
                                                          "non-finite velocity (nan, 0, 0)"));
    }
  }

  void timeStepTooLarge() {
    SimulationConfig cfg = testing::fccConfig(3, 0.8, 2.5, 2.0, false);
    cfg.timestep = 0.2;
    const std::string msg = runUntilError(cfg, 20);
    CPPUNIT_ASSERT_MESSAGE(msg, contains(msg, "the time step 0.2 is too large"));
    // Caught after a step (the check in the pass of the kick), not by the check of the start.
    CPPUNIT_ASSERT_MESSAGE(msg, !contains(msg, "step 0:") && contains(msg, "step "));
  }

  void kineticEnergyJump() {
    std::vector<Component> comps{Component(0, "LJ")};
    comps[0].addLJCenter(LJCenter{{0, 0, 0}, 1.0, 1.0, 1.0, false});
    ConditionsCheck check(comps, 0.005, 2.5);
    check.checkEnergies(10.0, -50.0, 10, 0);
    check.checkEnergies(12.0, -52.0, 10, 1);  // ordinary change
    try {
      check.checkEnergies(1.0e5, -52.0, 10, 2);
      CPPUNIT_FAIL("a jump of four orders of magnitude passed");
    } catch (const ConditionsCheck::Error& e) {
      CPPUNIT_ASSERT_MESSAGE(e.what(), contains(e.what(), "step 2: the kinetic energy jumped from 12 to 100000"));
      CPPUNIT_ASSERT(contains(e.what(), "the time step 0.005 is too large"));
    }
  }

  /// On a step whose kinetic energies the explosion heuristic capped, a jump passes; non-finite values do not.
  void cappedJumpPasses() {
    std::vector<Component> comps{Component(0, "LJ")};
    comps[0].addLJCenter(LJCenter{{0, 0, 0}, 1.0, 1.0, 1.0, false});
    ConditionsCheck check(comps, 0.005, 2.5);
    check.checkEnergies(10.0, -50.0, 10, 0);
    check.checkEnergies(1.0e5, -52.0, 10, 1, true);
    check.checkEnergies(2.0e5, -52.0, 10, 2);  // measured from the capped step's value: a factor 2
    CPPUNIT_ASSERT_THROW(check.checkEnergies(std::numeric_limits<double>::infinity(), -52.0, 10, 3, true),
                         ConditionsCheck::Error);
    CPPUNIT_ASSERT_THROW(check.checkEnergies(1.0, std::numeric_limits<double>::quiet_NaN(), 10, 4, true),
                         ConditionsCheck::Error);
  }

  /// Two molecules placed 0.4 sigma apart in an FCC liquid: without a thermostat the force check stops
  /// the run at step 0; under velocity scaling the kinetic energy jumps far more than a hundredfold in
  /// step 1 (which stopped the run before the capped step was exempted), the explosion
  /// heuristic caps the energies and the run goes on (as ls1's does), the temperature brought back to
  /// the target within 100 steps (T ~ 1e30 in step 1, ~1 from step 50).
  void overlapUnderVelocityScalingRunsOn() {
    // time step and cut-off such that the jump exceeds a hundred times |U_pot| (which the overlap makes
    // large too) while the pushed molecules move less than the halo width (the cut-off) in step 1
    SimulationConfig cfg = testing::fccConfig(6, 0.8, 5.0, 1.0, false);
    cfg.timestep = 0.0007;
    cfg.molecules[7].r = cfg.molecules[3].r + Vec3{0.4, 0, 0};
    const std::string nve = runUntilError(cfg, 5);
    CPPUNIT_ASSERT_MESSAGE(nve, contains(nve, "is too large, or molecules overlap"));

    cfg.ensemble = SimulationConfig::Ensemble::NVT;
    cfg.thermostats = {{"VelocityScaling", "", -1, 1.0}};
    Simulation sim(cfg);
    sim.prepare();
    std::vector<double> T;
    for (int s = 0; s < 100; ++s) {
      sim.step();
      T.push_back(sim.globals().temperature);
      CPPUNIT_ASSERT(std::isfinite(T.back()));
    }
    CPPUNIT_ASSERT_MESSAGE(std::to_string(T[0]), T[0] > 1e6);  // the jump happened
    for (std::size_t s = 1; s < 20; ++s) CPPUNIT_ASSERT(T[s] < T[s - 1]);  // cooled down step by step
    CPPUNIT_ASSERT_MESSAGE(std::to_string(T.back()), std::abs(T.back() - 1.0) < 0.1);  // back at the target
  }

  /// The same overlap with ls1's regional TemperatureControl (one region, exponent 0.4) in the NVT
  /// ensemble: the ensemble's global explosion heuristic still acts (as in ls1, where the global factors
  /// are computed in every NVT step), so the run goes on and the region comes back to its target; in the
  /// NVE ensemble there is no heuristic and the force check stops the run at step 0.
  void overlapUnderTemperatureControlRunsOn() {
    SimulationConfig cfg = testing::fccConfig(6, 0.8, 5.0, 1.0, false);
    cfg.timestep = 0.0007;
    cfg.molecules[7].r = cfg.molecules[3].r + Vec3{0.4, 0, 0};
    TemperatureControlRegion r;
    r.upper = cfg.box;
    r.temperature = 1.0;
    r.exponent = 0.4;
    iotest::TempDir dir;
    r.filePrefix = dir.file("beta");
    cfg.temperatureControl.enabled = true;
    cfg.temperatureControl.regions.push_back(r);
    const std::string nve = runUntilError(cfg, 5);
    CPPUNIT_ASSERT_MESSAGE(nve, contains(nve, "step 0: molecule "));

    cfg.ensemble = SimulationConfig::Ensemble::NVT;
    Simulation sim(cfg);
    sim.prepare();
    std::vector<double> T;
    for (int s = 0; s < 100; ++s) {
      sim.step();
      T.push_back(sim.globals().temperature);
      CPPUNIT_ASSERT(std::isfinite(T.back()));
    }
    CPPUNIT_ASSERT_MESSAGE(std::to_string(T[0]), T[0] > 1e6);
    CPPUNIT_ASSERT_MESSAGE(std::to_string(T.back()), std::abs(T.back() - 1.0) < 0.1);
  }

  /// A thermostat heating a cold lattice to its target in one step is no blow-up.
  void thermostatHeatingPasses() {
    SimulationConfig cfg = testing::fccConfig(3, 0.3, 2.5, 0.01, false);
    cfg.timestep = 0.0005;
    cfg.ensemble = SimulationConfig::Ensemble::NVT;
    cfg.temperature = 100.0;  // U_kin grows ten-thousandfold in the first step, far beyond N epsilon
    cfg.thermostats = {{"VelocityScaling", "", -1, 100.0}};
    CPPUNIT_ASSERT_EQUAL(std::string(), runUntilError(cfg, 5));
  }

  void nonFiniteEnergy() {
    std::vector<Component> comps{Component(0, "LJ")};
    comps[0].addLJCenter(LJCenter{{0, 0, 0}, 1.0, 1.0, 1.0, false});
    ConditionsCheck check(comps, 0.005, 2.5);
    CPPUNIT_ASSERT_THROW(check.checkEnergies(std::numeric_limits<double>::infinity(), -1.0, 10, 3), ConditionsCheck::Error);
    CPPUNIT_ASSERT_THROW(check.checkEnergies(1.0, std::nan(""), 10, 3), ConditionsCheck::Error);
  }

  /// No false alarm on a hot liquid with an ordinary time step.
  void soundRunPasses() {
    SimulationConfig cfg = testing::fccConfig(3, 0.8, 2.5, 2.0, false);
    CPPUNIT_ASSERT_EQUAL(std::string(), runUntilError(cfg, 50));
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ConditionsCheckTest);
