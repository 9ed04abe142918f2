// KDDecompositionTest: under mpirun with 1, 2 or 4 processes, ls1's KDDecomposition (a k-d tree of cuboids
// balanced by cell costs, recomputed every updateFrequency steps, molecules migrating to their new owners)
// against the sequential run: a hot LJ slab and a 2CLJQ slab expanding into vacuum and drifting through
// the box, so that the regions move at the rebalancings; with Newton across faces (the default) and without; and the factory's choice
// for the XML types KDDecomposition and GeneralDomainDecomposition.
#include "ConfigurationReader.h"
#include "Simulation.h"
#include "io/tests/IoTestFiles.h"
#include "parallel/DomainDecompFactory.h"
#include "parallel/DomainDecompKD.h"
#include "parallel/DomainDecompSequential.h"
#include "parallel/ParallelEnvironment.h"
#include "parallel/tests/mpi/MpiRunComparison.h"
#include "particleContainer/CellProcessorFactory.h"
#include "particleContainer/tests/FccConfig.h"
#include "particleContainer/tests/MultiSiteModels.h"

#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <initializer_list>
#include <iostream>

using namespace mardyn;

class KDDecompositionTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(KDDecompositionTest);
  CPPUNIT_TEST(ljSlabMatchesSerial);
  CPPUNIT_TEST(multiSiteSlabMatchesSerial);
  CPPUNIT_TEST(factoryReadsKDTypes);
  CPPUNIT_TEST_SUITE_END();

 public:
  /// Only the molecules in the lower half along x, a slab between vacuum, drifting along x by `drift`
  /// (NVE: the drift stays), so that the costs move through the cells.
  static SimulationConfig slab(SimulationConfig cfg, double drift) {
    const double half = 0.5 * cfg.box.x;
    cfg.molecules.erase(std::remove_if(cfg.molecules.begin(), cfg.molecules.end(),
                                       [&](const MoleculeRecord& m) { return m.r.x >= half; }),
                        cfg.molecules.end());
    for (MoleculeRecord& m : cfg.molecules) m.v.x += drift;
    cfg.ensemble = SimulationConfig::Ensemble::NVE;
    return cfg;
  }

  /// minRebalances: rebalancings that must have moved regions (on more than one process).
  /// newtons: the runs, with Newton across faces (true) or half weights (false).
  static void compare(const SimulationConfig& cfg, unsigned long steps, bool measured, unsigned long minRebalances,
                      std::initializer_list<bool> newtons, const char* label) {
    const testing::Trace serial = testing::serialReference(cfg, steps);
    for (bool newton : newtons) {
      SimulationConfig run = cfg;
      run.newton = newton;
      KDDecompositionConfig kd;
      kd.updateFrequency = 10;
      kd.minNumCellsPerDimension = 1;
      kd.measuredLoad = measured;
      const double range = cfg.cutoffRadius + CellProcessorFactory::defaultSkin(cfg.cutoffRadius);
      auto decomp = std::make_unique<DomainDecompKD>(kd, cfg.box, range, 2);  // cost cells of half the range
      const DomainDecompKD* kdd = decomp.get();
      unsigned long rebalances = 0, newtonSteps = 0;
      const testing::Trace par = testing::runTrace(run, std::move(decomp), steps, [&](Simulation& sim) {
        rebalances = kdd->rebalanceCount();
        newtonSteps += sim.newtonAcrossFaces();
      });
      const double dev = testing::traceDeviation(par, serial), pos = testing::positionDeviation(par, serial);
      if (ParallelEnvironment::rank() == 0)
        std::cout << "\n  " << label << (newton ? ", Newton across faces" : ", half weights") << ": " << rebalances
                  << " rebalancings moved regions in " << steps << " steps (Newton on " << newtonSteps
                  << "); max rel. dev. of T, U_pot, p " << dev << ", max |dr| " << pos;
      CPPUNIT_ASSERT(dev <= 1e-12);
      CPPUNIT_ASSERT(pos <= 1e-10);
      if (ParallelEnvironment::size() > 1) {
        CPPUNIT_ASSERT(rebalances >= minRebalances);
        CPPUNIT_ASSERT_EQUAL(newton ? steps : 0ul, newtonSteps);
      }
    }
  }

  void ljSlabMatchesSerial() {
    SimulationConfig cfg = slab(testing::fccConfig(10, 0.8442, 2.5, 2.5, false), 6.0);
    compare(cfg, 100, false, 2, {true, false}, "LJ slab NVE hot, modelled costs");
    // Measured times differ from run to run: how often the regions move then too.
    compare(cfg, 40, true, 1, {true}, "LJ slab NVE hot, measured speeds");
  }

  void multiSiteSlabMatchesSerial() {
    SimulationConfig cfg = testing::multiSiteModel("2CLJQ", 6);
    cfg.cutoffRadius = 2.5;
    cfg.finalCheckpoint = false;
    cfg.quiet = true;
    compare(slab(cfg, 8.0), 100, false, 2, {true}, "2CLJQ slab NVE");
  }

  /// The XML types as read by XmlConfigReader reach the k-d decomposition through the factory.
  void factoryReadsKDTypes() {
    iotest::TempDir dir;  // one per process
    iotest::writeFile(dir.file("phase.inp"), iotest::validPhaseSpace());
    for (const char* type : {"KDDecomposition", "GeneralDomainDecomposition"}) {
      const std::string text = iotest::replaced(
          iotest::replaced(iotest::validConfig(), "<MPIGridDims><x>2</x><y>1</y><z>1</z></MPIGridDims>",
                           std::string(type) == std::string("KDDecomposition")
                               ? "<updateFrequency>7</updateFrequency><minNumCellsPerDimension>1</minNumCellsPerDimension>"
                               : "<updateFrequency>7</updateFrequency>"),
          "<parallelisation type=\"DomainDecomposition\">", std::string("<parallelisation type=\"") + type + "\">");
      const SimulationConfig cfg = ConfigurationReader::read(iotest::writeFile(dir.file("config.xml"), text));
      CPPUNIT_ASSERT_EQUAL(std::string("KDDecomposition"), cfg.parallelisation.type);
      CPPUNIT_ASSERT_EQUAL(7ul, cfg.parallelisation.kd.updateFrequency);
      const auto decomp = DomainDecompFactory::create(cfg);
      if (ParallelEnvironment::size() > 1) {
        CPPUNIT_ASSERT(decomp->name().find("KDDecomposition") == 0);
        CPPUNIT_ASSERT(decomp->rebalanceDue(0));
      } else {
        CPPUNIT_ASSERT_EQUAL(std::string("sequential"), decomp->name());
      }
    }
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(KDDecompositionTest);
