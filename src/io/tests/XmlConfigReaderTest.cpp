// XmlConfigReaderTest: a valid configuration is read completely (every element of the schema,
// every site type, mixing, includes relative to the including file, ICRVQD phase space).
#include "ConfigurationReader.h"
#include "io/tests/IoTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>

using namespace mardyn;
using namespace mardyn::iotest;

class XmlConfigReaderTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(XmlConfigReaderTest);
  CPPUNIT_TEST(readsEveryElement);
  CPPUNIT_TEST(readsSites);
  CPPUNIT_TEST(readsPhaseSpace);
  CPPUNIT_TEST(checkpointTime);
  CPPUNIT_TEST(includeRelativeToIncludingFile);
  CPPUNIT_TEST(defaults);
  CPPUNIT_TEST(generatorInConfig);
  CPPUNIT_TEST(thermostatForms);
  CPPUNIT_TEST(ls1CubicGridGenerator);
  CPPUNIT_TEST(gpuAndSwitch);
  CPPUNIT_TEST_SUITE_END();

 public:
  void readsEveryElement() {
    TempDir dir;
    writeFile(dir.file("phase.inp"), validPhaseSpace());
    const SimulationConfig c = ConfigurationReader::read(writeFile(dir.file("config.xml"), validConfig()));
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.004, c.timestep, 0.0);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.0, c.currentTime, 0.0);  // the .inp header's currentTime wins (ls1)
    CPPUNIT_ASSERT_EQUAL(100ul, c.productionSteps);
    CPPUNIT_ASSERT_EQUAL(20ul, c.equilibrationSteps);
    CPPUNIT_ASSERT(c.ensemble == SimulationConfig::Ensemble::NVT);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.9, c.temperature, 0.0);
    CPPUNIT_ASSERT(c.box == Vec3(10, 11, 12));
    CPPUNIT_ASSERT_DOUBLES_EQUAL(2.5, c.cutoffRadius, 0.0);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(80.5, c.epsilonRF, 0.0);
    CPPUNIT_ASSERT_EQUAL(2, c.cellsInCutoffRadius);
    CPPUNIT_ASSERT(c.longRange == SimulationConfig::LongRange::None);
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), c.thermostats.size());
    CPPUNIT_ASSERT_EQUAL(1, c.thermostats[0].component);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.95, c.thermostats[0].temperature, 0.0);
    CPPUNIT_ASSERT_EQUAL(2, c.parallelisation.mpiGridDims[0]);
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), c.mixing.size());
    CPPUNIT_ASSERT_EQUAL(0u, c.mixing[0].cid1);
    CPPUNIT_ASSERT_EQUAL(1u, c.mixing[0].cid2);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.95, c.mixing[0].eta, 0.0);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1.05, c.mixing[0].xi, 0.0);
    CPPUNIT_ASSERT_EQUAL(std::size_t(2), c.outputPlugins.size());
    CPPUNIT_ASSERT_EQUAL(std::string("ResultWriter"), c.outputPlugins[0].name);
    CPPUNIT_ASSERT_EQUAL(5ul, c.outputPlugins[0].writeFrequency);
    CPPUNIT_ASSERT_EQUAL(std::string("res"), c.outputPlugins[0].outputPrefix);
    CPPUNIT_ASSERT_EQUAL(std::string("NoSuchPlugin"), c.outputPlugins[1].name);
  }

  void readsSites() {
    TempDir dir;
    writeFile(dir.file("phase.inp"), validPhaseSpace());
    const SimulationConfig c = ConfigurationReader::read(writeFile(dir.file("config.xml"), validConfig()));
    CPPUNIT_ASSERT_EQUAL(std::size_t(2), c.components.size());
    const Component& a = c.components[0];
    CPPUNIT_ASSERT_EQUAL(0u, a.id());
    CPPUNIT_ASSERT_EQUAL(std::string("A"), a.name());
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), a.ljCenters().size());
    CPPUNIT_ASSERT(a.ljCenters()[0].shifted);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1.5, a.ljCenters()[0].epsilon, 0.0);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(2.0, a.mass(), 0.0);
    CPPUNIT_ASSERT_EQUAL(0u, a.rotationalDegreesOfFreedom());  // point mass: computed inertia is zero
    const Component& b = c.components[1];
    CPPUNIT_ASSERT_EQUAL(1u, b.id());
    CPPUNIT_ASSERT_EQUAL(std::size_t(2), b.ljCenters().size());
    CPPUNIT_ASSERT(!b.ljCenters()[0].shifted);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(-0.5, b.ljCenters()[0].r.z, 0.0);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.9, b.ljCenters()[1].sigma, 0.0);
    CPPUNIT_ASSERT_EQUAL(std::size_t(2), b.charges().size());
    CPPUNIT_ASSERT_DOUBLES_EQUAL(-0.5, b.charges()[1].q, 0.0);
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), b.dipoles().size());
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1.25, b.dipoles()[0].abs, 0.0);
    CPPUNIT_ASSERT(b.dipoles()[0].e == Vec3(0, 0, 1));  // normalised orientation
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.1, b.dipoles()[0].r.x, 0.0);
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), b.quadrupoles().size());
    CPPUNIT_ASSERT_DOUBLES_EQUAL(-3.5, b.quadrupoles()[0].abs, 0.0);
    CPPUNIT_ASSERT(b.quadrupoles()[0].e == Vec3(1, 0, 0));
    CPPUNIT_ASSERT(b.momentsOfInertia() == Vec3(0.5, 0.5, 0));
    CPPUNIT_ASSERT_EQUAL(2u, b.rotationalDegreesOfFreedom());
    CPPUNIT_ASSERT_DOUBLES_EQUAL(2.0, b.mass(), 0.0);
  }

  void checkpointTime() {
    TempDir dir;
    writeFile(dir.file("phase.inp"), replaced(validPhaseSpace(), "currentTime\t0", "currentTime\t42.5"));
    SimulationConfig c = ConfigurationReader::read(writeFile(dir.file("config.xml"), validConfig()));
    CPPUNIT_ASSERT_DOUBLES_EQUAL(42.5, c.currentTime, 0.0);
    c = ConfigurationReader::read(writeFile(dir.file("c2.xml"), replaced(validConfig(), "<phasespacepoint>",
                                                                      "<phasespacepoint><ignoreCheckpointTime>true</ignoreCheckpointTime>")));
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.0, c.currentTime, 0.0);
    writeFile(dir.file("phase.inp"), replaced(validPhaseSpace(), " currentTime\t0\n", ""));
    c = ConfigurationReader::read(writeFile(dir.file("c3.xml"), validConfig()));
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1.5, c.currentTime, 0.0);  // run/currenttime without a header time
  }

  void readsPhaseSpace() {
    TempDir dir;
    writeFile(dir.file("phase.inp"), validPhaseSpace());
    const SimulationConfig c = ConfigurationReader::read(writeFile(dir.file("config.xml"), validConfig()));
    CPPUNIT_ASSERT_EQUAL(std::size_t(3), c.molecules.size());
    const MoleculeRecord& m = c.molecules[1];
    CPPUNIT_ASSERT_EQUAL(2ul, m.id);
    CPPUNIT_ASSERT_EQUAL(1u, m.component);
    CPPUNIT_ASSERT(m.r == Vec3(4.5, 5.5, 6.5));
    CPPUNIT_ASSERT(m.v == Vec3(-0.1, -0.2, -0.3));
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.5, m.q.w(), 0.0);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.5, m.q.z(), 0.0);
    CPPUNIT_ASSERT(m.L == Vec3(0.01, 0.02, 0.03));
  }

  void includeRelativeToIncludingFile() {
    // config in run/, components in shared/components.xml, included as ../shared/components.xml
    TempDir dir;
    std::string cfg = validConfig();
    const auto begin = cfg.find("<moleculetype id=\"1\"");
    const auto end = cfg.find("<mixing>");
    const std::string types = cfg.substr(begin, end - begin);
    cfg.replace(begin, end - begin, "<include query=\"/components/moleculetype\">../shared/components.xml</include>\n        ");
    writeFile(dir.file("shared/components.xml"), "<?xml version='1.0'?>\n<components version=\"20100525\">\n" + types + "</components>\n");
    writeFile(dir.file("run/phase.inp"), validPhaseSpace());
    const SimulationConfig c = ConfigurationReader::read(writeFile(dir.file("run/config.xml"), cfg));
    CPPUNIT_ASSERT_EQUAL(std::size_t(2), c.components.size());
    CPPUNIT_ASSERT_EQUAL(std::string("B"), c.components[1].name());
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), c.components[1].dipoles().size());
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), c.mixing.size());
    CPPUNIT_ASSERT_EQUAL(std::size_t(3), c.molecules.size());
  }

  void defaults() {
    TempDir dir;
    std::string cfg = validConfig();
    for (const char* drop : {"<longrange type=\"none\"/>", "<equilibration><steps>20</steps></equilibration>"})
      cfg = replaced(cfg, drop, "");
    const auto t0 = cfg.find("<thermostats>"), t1 = cfg.find("</thermostats>") + 14;
    cfg.erase(t0, t1 - t0);
    const auto e0 = cfg.find("<electrostatic"), e1 = cfg.find("</electrostatic>") + 16;
    cfg.erase(e0, e1 - e0);
    writeFile(dir.file("phase.inp"), validPhaseSpace());
    const SimulationConfig c = ConfigurationReader::read(writeFile(dir.file("config.xml"), cfg));
    CPPUNIT_ASSERT(c.longRange == SimulationConfig::LongRange::Homogeneous);
    CPPUNIT_ASSERT_EQUAL(0ul, c.equilibrationSteps);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1e10, c.epsilonRF, 0.0);
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), c.thermostats.size());  // NVT: one global thermostat
    CPPUNIT_ASSERT_EQUAL(-1, c.thermostats[0].component);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.9, c.thermostats[0].temperature, 0.0);
  }

  void generatorInConfig() {
    TempDir dir;
    std::string cfg = replaced(validConfig(), "<file type=\"ASCII\">phase.inp</file>",
                               "<generator name=\"Lattice\"><lattice>cubic</lattice><cells><x>2</x><y>3</y><z>4</z></cells>"
                               "<component>2</component><seed>7</seed></generator>");
    cfg = replaced(cfg, "<ensemble type=\"NVT\">", "<ensemble type=\"NVE\">");
    const SimulationConfig c = ConfigurationReader::read(writeFile(dir.file("config.xml"), cfg));
    CPPUNIT_ASSERT(c.ensemble == SimulationConfig::Ensemble::NVE);
    CPPUNIT_ASSERT_EQUAL(std::size_t(24), c.molecules.size());
    for (const auto& m : c.molecules) CPPUNIT_ASSERT_EQUAL(1u, m.component);
  }

  void ls1CubicGridGenerator() {
    TempDir dir;
    auto withGenerator = [&](const std::string& body) {
      return replaced(validConfig(), "<file type=\"ASCII\">phase.inp</file>",
                      "<generator name=\"CubicGridGenerator\">" + body + "</generator>");
    };
    SimulationConfig c = ConfigurationReader::read(writeFile(dir.file("a.xml"), withGenerator("<numMolecules>250</numMolecules>")));
    CPPUNIT_ASSERT_EQUAL(std::size_t(250), c.molecules.size());  // 2 * 5^3
    c = ConfigurationReader::read(writeFile(dir.file("b.xml"), withGenerator("<density>0.1</density><binaryMixture>false</binaryMixture>")));
    CPPUNIT_ASSERT_EQUAL(std::size_t(2 * 5 * 5 * 5), c.molecules.size());  // 132 wanted -> ceil(66^(1/3)) = 5
    try {
      ConfigurationReader::read(writeFile(dir.file("c.xml"), withGenerator("<numMolecules>10</numMolecules><density>0.1</density>")));
      CPPUNIT_FAIL("expected an InputError");
    } catch (const InputError& e) {
      CPPUNIT_ASSERT(std::string(e.what()).find("exactly one of <numMolecules> and <density>") != std::string::npos);
    }
  }

  void gpuAndSwitch() {
    TempDir dir;
    writeFile(dir.file("phase.inp"), validPhaseSpace());
    SimulationConfig c = ConfigurationReader::read(writeFile(dir.file("a.xml"), validConfig()));
    CPPUNIT_ASSERT(!c.gpu.enabled);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.0, c.cutoffSwitchWidth, 0.0);
    std::string cfg = replaced(validConfig(), "<cellsInCutoffRadius>2</cellsInCutoffRadius>",
                               "<cellsInCutoffRadius>2</cellsInCutoffRadius><gpu><backend>opencl</backend>"
                               "<precision>mixed</precision><blockSize>32</blockSize><compareToCpu>true</compareToCpu></gpu>");
    cfg = replaced(cfg, "<radiusLJ unit=\"reduced\">2.5</radiusLJ>", "<radiusLJ>2.5</radiusLJ><switchingwidth>0.3</switchingwidth>");
    c = ConfigurationReader::read(writeFile(dir.file("b.xml"), cfg));
    CPPUNIT_ASSERT(c.gpu.enabled);
    CPPUNIT_ASSERT_EQUAL(std::string("opencl"), c.gpu.backend);
    CPPUNIT_ASSERT_EQUAL(std::string("mixed"), c.gpu.precision);
    CPPUNIT_ASSERT_EQUAL(std::string("32"), c.gpu.options.at("blockSize"));
    CPPUNIT_ASSERT_EQUAL(std::string("true"), c.gpu.options.at("compareToCpu"));
    CPPUNIT_ASSERT_EQUAL(std::size_t(2), c.gpu.options.size());
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.3, c.cutoffSwitchWidth, 0.0);
    try {
      ConfigurationReader::read(writeFile(dir.file("c.xml"), replaced(cfg, "<switchingwidth>0.3", "<switchingwidth>2.5")));
      CPPUNIT_FAIL("expected an InputError");
    } catch (const InputError& e) {
      CPPUNIT_ASSERT(std::string(e.what()).find("cutoffs/switchingwidth: switching width out of range") != std::string::npos);
    }
  }

  void thermostatForms() {
    TempDir dir;
    writeFile(dir.file("phase.inp"), validPhaseSpace());
    const std::string one = "<thermostat type=\"VelocityScaling\" componentId=\"B\">\n          <temperature>0.95</temperature>\n        </thermostat>";
    const std::string cfg = replaced(validConfig(), one,
        "<thermostat type=\"VelocityScaling\" componentName=\"A\"><temperature>0.5</temperature></thermostat>"
        "<thermostat type=\"VelocityScaling\" componentId=\"2\"/>"
        "<thermostat type=\"VelocityScaling\" componentId=\"global\"><temperature>0.7</temperature></thermostat>");
    const SimulationConfig c = ConfigurationReader::read(writeFile(dir.file("config.xml"), cfg));
    CPPUNIT_ASSERT_EQUAL(std::size_t(3), c.thermostats.size());
    CPPUNIT_ASSERT_EQUAL(0, c.thermostats[0].component);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.5, c.thermostats[0].temperature, 0.0);
    CPPUNIT_ASSERT_EQUAL(1, c.thermostats[1].component);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.9, c.thermostats[1].temperature, 0.0);  // ensemble temperature
    CPPUNIT_ASSERT_EQUAL(-1, c.thermostats[2].component);
    try {
      ConfigurationReader::read(writeFile(dir.file("bad.xml"), replaced(validConfig(), "componentId=\"B\"", "componentId=\"C\"")));
      CPPUNIT_FAIL("expected an InputError");
    } catch (const InputError& e) {
      CPPUNIT_ASSERT(std::string(e.what()).find("thermostat: unknown component 'C'") != std::string::npos);
    }
    // ls1 reads only componentId: a componentName naming no component leaves the thermostat global (a warning)
    const SimulationConfig g = ConfigurationReader::read(
        writeFile(dir.file("name.xml"), replaced(validConfig(), "componentId=\"B\"", "componentName=\"Test\"")));
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), g.thermostats.size());
    CPPUNIT_ASSERT_EQUAL(-1, g.thermostats[0].component);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.95, g.thermostats[0].temperature, 0.0);
    CPPUNIT_ASSERT(std::any_of(g.warnings.begin(), g.warnings.end(), [](const InputProblem& w) {
      return w.message.find("componentName 'Test' names no component") != std::string::npos;
    }));
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(XmlConfigReaderTest);
