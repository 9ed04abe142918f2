// ParallelisationReaderTest: ls1's parallelisation types as read: KDDecomposition with its options,
// GeneralDomainDecomposition read as a KDDecomposition with a warning, the other ls1 types on the
// Cartesian grid with a warning, an unknown type and out-of-range options as input errors naming the line.
#include "ConfigurationReader.h"
#include "io/tests/IoTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace mardyn;
using namespace mardyn::iotest;

class ParallelisationReaderTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(ParallelisationReaderTest);
  CPPUNIT_TEST(kdOptions);
  CPPUNIT_TEST(generalIsReadAsKD);
  CPPUNIT_TEST(otherTypesRunOnTheGrid);
  CPPUNIT_TEST(badInputIsReported);
  CPPUNIT_TEST_SUITE_END();

  static const char* grid() { return "<MPIGridDims><x>2</x><y>1</y><z>1</z></MPIGridDims>"; }

  static std::string withParallelisation(const std::string& type, const std::string& body) {
    return replaced(replaced(validConfig(), grid(), body), "<parallelisation type=\"DomainDecomposition\">",
                    "<parallelisation type=\"" + type + "\">");
  }

  static bool warned(const SimulationConfig& c, const std::string& part) {
    for (const InputProblem& w : c.warnings)
      if (w.message.find(part) != std::string::npos) return true;
    return false;
  }

 public:
  void kdOptions() {
    TempDir dir;
    writeFile(dir.file("phase.inp"), validPhaseSpace());
    const SimulationConfig c = ConfigurationReader::read(writeFile(
        dir.file("config.xml"),
        withParallelisation("KDDecomposition",
                            "<CommunicationScheme>direct</CommunicationScheme><updateFrequency>50</updateFrequency>"
                            "<fullSearchThreshold>3</fullSearchThreshold><splitBiggestDimension>false</splitBiggestDimension>"
                            "<splitThreshold>8</splitThreshold><minNumCellsPerDimension>1</minNumCellsPerDimension>"
                            "<rebalanceLimit>1.2</rebalanceLimit><doMeasureLoadCalc>true</doMeasureLoadCalc>"
                            "<deviationReductionOperation>max</deviationReductionOperation>")));
    const KDDecompositionConfig& kd = c.parallelisation.kd;
    CPPUNIT_ASSERT_EQUAL(std::string("KDDecomposition"), c.parallelisation.type);
    CPPUNIT_ASSERT_EQUAL(50ul, kd.updateFrequency);
    CPPUNIT_ASSERT_EQUAL(3, kd.fullSearchThreshold);
    CPPUNIT_ASSERT(!kd.splitBiggestDimension);
    CPPUNIT_ASSERT_EQUAL(8, kd.splitThreshold);
    CPPUNIT_ASSERT_EQUAL(1, kd.minNumCellsPerDimension);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1.2, kd.rebalanceLimit, 0.0);
    CPPUNIT_ASSERT(kd.measuredLoad);
    // ls1's defaults where nothing is written.
    const SimulationConfig d = ConfigurationReader::read(writeFile(dir.file("config.xml"), withParallelisation("KDDecomposition", "")));
    CPPUNIT_ASSERT_EQUAL(100ul, d.parallelisation.kd.updateFrequency);
    CPPUNIT_ASSERT_EQUAL(2, d.parallelisation.kd.minNumCellsPerDimension);
    CPPUNIT_ASSERT(d.parallelisation.kd.splitBiggestDimension && !d.parallelisation.kd.measuredLoad);
  }

  void generalIsReadAsKD() {
    TempDir dir;
    writeFile(dir.file("phase.inp"), validPhaseSpace());
    const SimulationConfig c = ConfigurationReader::read(writeFile(
        dir.file("config.xml"),
        withParallelisation("GeneralDomainDecomposition",
                            "<updateFrequency>25</updateFrequency><initialPhaseTime>100</initialPhaseTime>"
                            "<initialPhaseFrequency>5</initialPhaseFrequency><gridSize>3</gridSize>"
                            "<loadBalancer type=\"ALL\"/>")));
    CPPUNIT_ASSERT_EQUAL(std::string("KDDecomposition"), c.parallelisation.type);
    CPPUNIT_ASSERT_EQUAL(25ul, c.parallelisation.kd.updateFrequency);
    CPPUNIT_ASSERT_EQUAL(100ul, c.parallelisation.kd.initialPhaseSteps);
    CPPUNIT_ASSERT_EQUAL(5ul, c.parallelisation.kd.initialPhaseFrequency);
    CPPUNIT_ASSERT(warned(c, "runs as a KDDecomposition") && warned(c, "gridSize loadBalancer not used"));
  }

  void otherTypesRunOnTheGrid() {
    TempDir dir;
    writeFile(dir.file("phase.inp"), validPhaseSpace());
    const SimulationConfig c = ConfigurationReader::read(
        writeFile(dir.file("config.xml"), withParallelisation("StaticIrregDomainDecomposition", grid())));
    CPPUNIT_ASSERT_EQUAL(std::string("DomainDecomposition"), c.parallelisation.type);
    CPPUNIT_ASSERT_EQUAL(2, c.parallelisation.mpiGridDims[0]);
    CPPUNIT_ASSERT(warned(c, "runs as DomainDecomposition"));
  }

  void badInputIsReported() {
    TempDir dir;
    const std::string unknown = withParallelisation("SpaceFillingCurve", "");
    expectProblem(readError(dir, unknown, validPhaseSpace()), dir.file("config.xml"), lineOf(unknown, "<parallelisation"),
                  "/mardyn/simulation/algorithm/parallelisation", "unknown parallelisation type \"SpaceFillingCurve\"");
    const std::string range = withParallelisation("KDDecomposition", "<minNumCellsPerDimension>0</minNumCellsPerDimension>");
    expectProblem(readError(dir, range, validPhaseSpace()), dir.file("config.xml"), lineOf(range, "<minNumCellsPerDimension>"),
                  "/mardyn/simulation/algorithm/parallelisation/minNumCellsPerDimension",
                  "minNumCellsPerDimension out of range (expected an integer >= 1)");
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ParallelisationReaderTest);
