// MettDeamonFeedrateDirectorTest: ls1's MettDeamonFeedrateDirector: the feed is the running mean of the last
// numvals rates removed-per-step / (area * density), updated every update_freq steps (worked out by hand);
// the XML's list, the starting feed of a method-5 MettDeamon (the list's mean when the director comes first,
// its own <init> otherwise) and the errors; the restart file holds the list.
#include "io/tests/IoTestFiles.h"
#include "parallel/DomainDecompSequential.h"
#include "plugins/MettDeamonFeedrateDirector.h"

#include <cppunit/extensions/HelperMacros.h>

#include <fstream>

using namespace mardyn;
using namespace mardyn::iotest;

class MettDeamonFeedrateDirectorTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(MettDeamonFeedrateDirectorTest);
  CPPUNIT_TEST(runningMean);
  CPPUNIT_TEST(readFromXml);
  CPPUNIT_TEST_SUITE_END();

 public:
  /// update every 2 steps, 2 values kept, list starting (0.5): removals 3, 1 -> rate 2 / step * 0.1 = 0.2,
  /// mean (0.5 + 0.2) / 2 = 0.35; then 0, 0 -> rate 0, list (0.2, 0), mean 0.1.
  void runningMean() {
    FeedrateDirectorConfig c;
    c.updateFreq = 2;
    c.numvals = 2;
    c.list = {0.5};
    c.writeFreq = 1000000;
    MettDeamonFeedrateDirector d(c);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.5, d.mean(), 0);
    DomainDecompSequential decomp;
    double feed = -1;
    CPPUNIT_ASSERT(!d.beforeForces(3, 0.1, decomp, 1, feed));
    CPPUNIT_ASSERT_EQUAL(-1.0, feed);
    CPPUNIT_ASSERT(d.beforeForces(1, 0.1, decomp, 2, feed));
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.35, feed, 1e-15);
    CPPUNIT_ASSERT(!d.beforeForces(0, 0.1, decomp, 3, feed));
    CPPUNIT_ASSERT(d.beforeForces(0, 0.1, decomp, 4, feed));
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.1, feed, 1e-15);
    CPPUNIT_ASSERT_EQUAL(std::size_t(2), d.list().size());
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.2, d.list().front(), 1e-15);
    TempDir dir;
    const auto cwd = std::filesystem::current_path();
    std::filesystem::current_path(dir.file(""));
    c.writeFreq = 2;
    MettDeamonFeedrateDirector w(c);
    w.beforeForces(4, 0.1, decomp, 1, feed);
    w.beforeForces(0, 0.1, decomp, 2, feed);
    std::filesystem::current_path(cwd);
    const std::string text = readFile(dir.file("MettDeamonFeedrateDirectorRestart_TS000000002.xml"));
    CPPUNIT_ASSERT_MESSAGE(text, text.find("<numvals>2</numvals>") != std::string::npos);
    CPPUNIT_ASSERT_MESSAGE(text, text.find("5.000000000000000e-01,") != std::string::npos);
    CPPUNIT_ASSERT_MESSAGE(text, text.find("2.000000000000000e-01</list>") != std::string::npos);
  }

  void readFromXml() {
    TempDir dir;
    writeFile(dir.file("phase.inp"), validPhaseSpace());
    const std::string director =
        "<plugin name=\"MettDeamonFeedrateDirector\"><mirror><pluginID>7</pluginID><control><update_freq>20</update_freq>"
        "</control><feedrate><numvals>3</numvals><list>0.1, 0.2,0.6</list></feedrate></mirror></plugin>";
    const std::string mirror = "<plugin name=\"Mirror\" type=\"5\" dir=\"o-|\"><pluginID>7</pluginID>"
                               "<position><refID>0</refID><coord>9</coord></position><meland><velo_target>0.1</velo_target>"
                               "</meland></plugin>";
    // a MettDeamon whose reservoir is the configuration's own phase space
    const std::string md =
        "<plugin name=\"MettDeamon\"><control><feed><init>0.05</init><direction>1</direction><method>5</method>"
        "<release_velo><method>1</method></release_velo></feed><manipfree><ymin>5</ymin><ymax>11</ymax></manipfree>"
        "</control><reservoir><file type=\"ASCII\">phase.inp</file><binwidth>2</binwidth></reservoir>"
        "<changes><change><from>1</from><to>2</to></change></changes></plugin>";
    auto config = [&](const std::string& plugins) { return replaced(validConfig(), "</output>", "</output>" + plugins); };
    SimulationConfig c = XmlConfigReader::read(writeFile(dir.file("config.xml"), config(mirror + director + md)));
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), c.feedrateDirectors.size());
    CPPUNIT_ASSERT_EQUAL(7L, c.feedrateDirectors[0].mirrorID);
    CPPUNIT_ASSERT_EQUAL(20ul, c.feedrateDirectors[0].updateFreq);
    CPPUNIT_ASSERT_EQUAL(std::size_t(3), c.feedrateDirectors[0].list.size());
    CPPUNIT_ASSERT(c.mettDeamons[0].directed);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.3, c.mettDeamons[0].feed, 1e-15);  // the list's mean: director first
    c = XmlConfigReader::read(writeFile(dir.file("config.xml"), config(mirror + md + director)));
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.05, c.mettDeamons[0].feed, 0);  // MettDeamon first: its own init
    const std::vector<std::string> order{"Mirror", "MettDeamon", "MettDeamonFeedrateDirector"};
    CPPUNIT_ASSERT(c.beforeForcesOrder == order);
    std::string e = readError(dir, config(replaced(mirror, "<pluginID>7", "<pluginID>8") + director + md), "").what();
    CPPUNIT_ASSERT_MESSAGE(e, e.find("needs a MettDeamon and a Mirror with pluginID 7") != std::string::npos);
    e = readError(dir, config(mirror + replaced(director, "0.2,", "0.2,x,") + md), "").what();
    CPPUNIT_ASSERT_MESSAGE(e, e.find("not a number in the feed-rate list") != std::string::npos);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MettDeamonFeedrateDirectorTest);
