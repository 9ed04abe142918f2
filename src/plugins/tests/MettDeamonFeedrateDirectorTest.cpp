// MettDeamonFeedrateDirectorTest: ls1's MettDeamonFeedrateDirector: the feed is the running mean of the last
// numvals rates removed-per-step / (area * density), updated every update_freq steps (worked out by hand);
// the XML's list, the starting feed of a method-5 MettDeamon (the list's mean when the director comes first,
// its own <init> otherwise) and the errors; the restart file holds the list.
#include "io/tests/IoTestFiles.h"
#include "parallel/DomainDecompSequential.h"
#include "plugins/MettDeamon.h"
#include "plugins/MettDeamonFeedrateDirector.h"
#include "plugins/PhysicsPluginRegistry.h"

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
    CPPUNIT_ASSERT(!d.update(3, 0.1, decomp, 1, feed));
    CPPUNIT_ASSERT_EQUAL(-1.0, feed);
    CPPUNIT_ASSERT(d.update(1, 0.1, decomp, 2, feed));
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.35, feed, 1e-15);
    CPPUNIT_ASSERT(!d.update(0, 0.1, decomp, 3, feed));
    CPPUNIT_ASSERT(d.update(0, 0.1, decomp, 4, feed));
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.1, feed, 1e-15);
    CPPUNIT_ASSERT_EQUAL(std::size_t(2), d.list().size());
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.2, d.list().front(), 1e-15);
    TempDir dir;
    const auto cwd = std::filesystem::current_path();
    std::filesystem::current_path(dir.file(""));
    c.writeFreq = 2;
    MettDeamonFeedrateDirector w(c);
    w.update(4, 0.1, decomp, 1, feed);
    w.update(0, 0.1, decomp, 2, feed);
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
    // the MettDeamon's feed once the plugins are made and connected, as the Simulation does it
    auto startFeed = [](const SimulationConfig& c) {
      std::vector<std::unique_ptr<PhysicsPlugin>> plugins;
      std::vector<PhysicsPlugin*> all;
      for (const PhysicsPluginConfig& p : c.physicsPlugins) {
        plugins.push_back(PhysicsPluginRegistry::create(p, PluginSetup{c, 0}));
        all.push_back(plugins.back().get());
      }
      for (PhysicsPlugin* p : all) p->connect(all);
      for (PhysicsPlugin* p : all)
        if (auto* m = dynamic_cast<MettDeamon*>(p)) return m->feed();
      return -1.0;
    };
    SimulationConfig c = ConfigurationReader::read(writeFile(dir.file("config.xml"), config(mirror + director + md)));
    const auto directors = c.physicsPluginsNamed("MettDeamonFeedrateDirector");
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), directors.size());
    const auto& d = directors[0]->as<FeedrateDirectorConfig>();
    CPPUNIT_ASSERT_EQUAL(7L, d.mirrorID);
    CPPUNIT_ASSERT_EQUAL(20ul, d.updateFreq);
    CPPUNIT_ASSERT_EQUAL(std::size_t(3), d.list.size());
    CPPUNIT_ASSERT(c.physicsPluginsNamed("MettDeamon")[0]->as<MettDeamonConfig>().directed);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.3, startFeed(c), 1e-15);  // the list's mean: director first
    c = ConfigurationReader::read(writeFile(dir.file("config.xml"), config(mirror + md + director)));
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.05, startFeed(c), 0);  // MettDeamon first: its own init
    std::vector<std::string> order;  // XML order: the order in which they act
    for (const PhysicsPluginConfig& p : c.physicsPlugins) order.push_back(p.name);
    CPPUNIT_ASSERT(order == std::vector<std::string>({"Mirror", "MettDeamon", "MettDeamonFeedrateDirector"}));
    std::string e = readError(dir, config(replaced(mirror, "<pluginID>7", "<pluginID>8") + director + md), "").what();
    CPPUNIT_ASSERT_MESSAGE(e, e.find("needs a MettDeamon and a Mirror with pluginID 7") != std::string::npos);
    e = readError(dir, config(mirror + replaced(director, "0.2,", "0.2,x,") + md), "").what();
    CPPUNIT_ASSERT_MESSAGE(e, e.find("not a number in the feed-rate list") != std::string::npos);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MettDeamonFeedrateDirectorTest);
