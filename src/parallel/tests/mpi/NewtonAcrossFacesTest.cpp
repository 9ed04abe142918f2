// NewtonAcrossFacesTest: under mpirun with 1, 2 or 4 processes, pairs across process faces computed once
// (forces and torques sent back along the halo plan, --newton on) against the same run computing them on
// both sides at half weight (--newton off) and against the sequential run: LJ and rigid 2CLJQ molecules,
// hot enough that molecules cross process faces between list builds.
#include "Simulation.h"
#include "parallel/DomainDecompMPI.h"
#include "parallel/DomainDecompSequential.h"
#include "parallel/ParallelEnvironment.h"
#include "parallel/tests/mpi/MpiRunComparison.h"
#include "particleContainer/tests/FccConfig.h"
#include "particleContainer/tests/MultiSiteModels.h"

#include <cppunit/extensions/HelperMacros.h>
#include <mpi.h>

#include <iostream>

using namespace mardyn;

class NewtonAcrossFacesTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(NewtonAcrossFacesTest);
  CPPUNIT_TEST(ljMatchesHalfWeights);
  CPPUNIT_TEST(multiSiteMatchesHalfWeights);
  CPPUNIT_TEST_SUITE_END();

 public:
  static std::vector<std::array<int, 3>> grids() {
    switch (ParallelEnvironment::size()) {
      case 1: return {{1, 1, 1}};
      case 2: return {{2, 1, 1}};
      case 4: return {{1, 2, 2}, {4, 1, 1}};
      default: return {{0, 0, 0}};
    }
  }

  static void compare(SimulationConfig cfg, unsigned long steps, const char* label) {
    cfg.newton = false;
    const testing::Trace serial = testing::runTrace(cfg, std::make_unique<DomainDecompSequential>(), steps);
    for (const auto& grid : grids()) {
      const testing::Trace halves = testing::runTrace(cfg, std::make_unique<DomainDecompMPI>(grid), steps);
      SimulationConfig newton = cfg;
      newton.newton = true;
      unsigned long newtonSteps = 0;
      const testing::Trace once = testing::runTrace(newton, std::make_unique<DomainDecompMPI>(grid), steps,
                                                    [&](Simulation& sim) { newtonSteps += sim.newtonAcrossFaces(); });
      const double devHalves = testing::traceDeviation(once, halves), devSerial = testing::traceDeviation(once, serial);
      const double posHalves = testing::positionDeviation(once, halves), posSerial = testing::positionDeviation(once, serial);
      if (ParallelEnvironment::rank() == 0)
        std::cout << "\n  " << label << " grid " << grid[0] << "x" << grid[1] << "x" << grid[2] << ": Newton across faces on "
                  << newtonSteps << " of " << steps << " steps; max rel. dev. of T, U_pot, p against half weights "
                  << devHalves << " (serial " << devSerial << "), max |dr| " << posHalves << " (serial " << posSerial << ")";
      CPPUNIT_ASSERT(devHalves <= 1e-12 && devSerial <= 1e-12);
      CPPUNIT_ASSERT(posHalves <= 1e-10 && posSerial <= 1e-10);
      // Every step used it where there are several processes (the halo plan is always followed here).
      CPPUNIT_ASSERT_EQUAL(ParallelEnvironment::size() > 1 ? steps : 0ul, newtonSteps);
    }
  }

  void ljMatchesHalfWeights() {
    SimulationConfig cfg = testing::fccConfig(9, 0.8442, 2.5, 2.5, false);
    compare(cfg, 100, "LJ NVE hot");
  }

  void multiSiteMatchesHalfWeights() {
    SimulationConfig cfg = testing::multiSiteModel("2CLJQ", 6);
    cfg.cutoffRadius = 2.5;
    cfg.finalCheckpoint = false;
    cfg.quiet = true;
    compare(cfg, 60, "2CLJQ NVT");
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(NewtonAcrossFacesTest);
