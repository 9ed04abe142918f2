// InputConsistencyTest: inputs that used to be accepted silently although wrong: repeated molecule
// ids, more molecule lines than NumberOfMolecules, a second root element, output-plugin and GPU
// settings of the wrong type (named at their file and line like every other setting), two components of
// one name, an NVT thermostat of a component without molecules (an error when no thermostat acts, else a
// warning), a restart whose last step is not after its checkpoint's (nothing would be computed), and as
// warnings the phase-space header's Length disagreeing with the XML box (as ls1 tolerates it) and a net
// charge (the run is meaningful with the reaction field, as ls1, LAMMPS and GROMACS run it).
#include "io/CommandLine.h"
#include "io/tests/IoTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace mardyn;
using namespace mardyn::iotest;

namespace {
const char* kPS = "/mardyn/simulation/ensemble/phasespacepoint/file";
const char* kPlugin = "/mardyn/simulation/output/outputplugin";

std::string withResultSettings(const std::string& settings) {
  return replaced(validConfig(), "<outputprefix>res</outputprefix>", "<outputprefix>res</outputprefix>\n" + settings);
}
}  // namespace

class InputConsistencyTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(InputConsistencyTest);
  CPPUNIT_TEST(repeatedMoleculeId);
  CPPUNIT_TEST(moreMoleculeLinesThanAnnounced);
  CPPUNIT_TEST(secondRootElement);
  CPPUNIT_TEST(headerLengthDiffersFromBox);
  CPPUNIT_TEST(pluginWritePrecisionNotANumber);
  CPPUNIT_TEST(pluginAccumulationStepsNegative);
  CPPUNIT_TEST(pluginUnknownSettingWarns);
  CPPUNIT_TEST(pluginSettingsValid);
  CPPUNIT_TEST(gpuPrecisionLocated);
  CPPUNIT_TEST(gpuBackendLocated);
  CPPUNIT_TEST(twoComponentsOfOneName);
  CPPUNIT_TEST(thermostatOfAnEmptyComponent);
  CPPUNIT_TEST(netChargeWarns);
  CPPUNIT_TEST(restartEndingBeforeItsCheckpoint);
  CPPUNIT_TEST_SUITE_END();

 public:
  void repeatedMoleculeId() {
    TempDir dir;
    const std::string inp = replaced(validPhaseSpace(), "3\t1\t9.999", "2\t1\t9.999");
    const InputError e = readError(dir, validConfig(), inp);
    expectProblem(e, dir.file("phase.inp"), lineOf(inp, "2\t1\t9.999"), kPS,
                  "molecule id 2 repeats the id of line " + std::to_string(lineOf(inp, "2\t2\t4.5")));
  }

  void moreMoleculeLinesThanAnnounced() {
    TempDir dir;
    const std::string inp = replaced(validPhaseSpace(), "NumberOfMolecules\t3", "NumberOfMolecules\t2");
    const InputError e = readError(dir, validConfig(), inp);
    expectProblem(e, dir.file("phase.inp"), lineOf(inp, "3\t1\t9.999"), kPS,
                  "1 molecule line after the 2 that NumberOfMolecules announces");
  }

  void secondRootElement() {
    TempDir dir;
    const std::string cfg = validConfig() + "<mardyn><simulation/></mardyn>\n";
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "</mardyn>\n<mardyn>") + 1, "/mardyn",
                  "second root element <mardyn> (expected one root element <mardyn> and nothing after it)");
  }

  void headerLengthDiffersFromBox() {
    TempDir dir;
    writeFile(dir.file("phase.inp"), replaced(validPhaseSpace(), "Length\t10 11 12", "Length\t10 11 13"));
    const SimulationConfig c = ConfigurationReader::read(writeFile(dir.file("config.xml"), validConfig()));
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), c.warnings.size());
    const InputProblem& w = c.warnings[0];
    CPPUNIT_ASSERT_EQUAL(dir.file("phase.inp"), w.file);
    CPPUNIT_ASSERT_EQUAL(lineOf(validPhaseSpace(), "Length"), w.line);
    CPPUNIT_ASSERT_MESSAGE(w.message, w.message.find("Length (10, 11, 13) differs from the box (10, 11, 12)") !=
                                          std::string::npos);
    CPPUNIT_ASSERT(w.message.find("the XML's box is used") != std::string::npos);
    CPPUNIT_ASSERT(c.box == Vec3(10, 11, 12));
  }

  /// <writeprecision>abc used to be ignored.
  void pluginWritePrecisionNotANumber() {
    TempDir dir;
    const std::string cfg = withResultSettings("<writeprecision>abc</writeprecision>");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<writeprecision>"), std::string(kPlugin) + "/writeprecision",
                  "wrong value: 'abc' (expected an integer 1..17)");
  }

  /// <accumulation_steps>-3 used to become 18446744073709551613.
  void pluginAccumulationStepsNegative() {
    TempDir dir;
    const std::string cfg = withResultSettings("<accumulation_steps>-3</accumulation_steps>");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<accumulation_steps>"),
                  std::string(kPlugin) + "/accumulation_steps", "wrong value: '-3' (expected an integer 1..100000000)");
  }

  void pluginUnknownSettingWarns() {
    TempDir dir;
    writeFile(dir.file("phase.inp"), validPhaseSpace());
    const std::string cfg = withResultSettings("<acumulation_steps>50</acumulation_steps>");
    const SimulationConfig c = ConfigurationReader::read(writeFile(dir.file("config.xml"), cfg));
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), c.warnings.size());
    CPPUNIT_ASSERT_EQUAL(lineOf(cfg, "<acumulation_steps>"), c.warnings[0].line);
    CPPUNIT_ASSERT(c.warnings[0].message.find("setting <acumulation_steps> of ResultWriter ignored (known: "
                                              "writefrequency, outputprefix, accumulation_steps, writeprecision)") !=
                   std::string::npos);
  }

  void pluginSettingsValid() {
    TempDir dir;
    writeFile(dir.file("phase.inp"), validPhaseSpace());
    const std::string cfg = withResultSettings("<accumulation_steps>50</accumulation_steps><writeprecision>8</writeprecision>");
    const SimulationConfig c = ConfigurationReader::read(writeFile(dir.file("config.xml"), cfg));
    CPPUNIT_ASSERT(c.warnings.empty());
    CPPUNIT_ASSERT_EQUAL(std::string("50"), c.outputPlugins[0].params.at("accumulation_steps"));
    CPPUNIT_ASSERT_EQUAL(lineOf(cfg, "<writeprecision>"), c.outputPlugins[0].sources.at("writeprecision").line);
  }

  /// <precision>dobule used to be reported without file or line.
  void gpuPrecisionLocated() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), "<longrange type=\"none\"/>",
                                     "<longrange type=\"none\"/>\n<gpu>\n<precision>dobule</precision></gpu>");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<precision>"), "/mardyn/simulation/algorithm/gpu/precision",
                  "unknown precision 'dobule' (expected single, mixed or double)");
  }

  void gpuBackendLocated() {
    TempDir dir;
    writeFile(dir.file("phase.inp"), validPhaseSpace());
    std::string cfg = replaced(validConfig(), "<longrange type=\"none\"/>",
                               "<longrange type=\"none\"/>\n<gpu>\n<backend>vulkan</backend>\n<blockSize>x</blockSize></gpu>");
    const InputError e = readError(dir, cfg, "");
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<backend>"), "/mardyn/simulation/algorithm/gpu/backend",
                  "unknown GPU backend 'vulkan'");
    // values the decorator judges keep their place
    cfg = replaced(cfg, "<backend>vulkan</backend>", "<backend>opencl</backend>");
    const SimulationConfig c = ConfigurationReader::read(writeFile(dir.file("config.xml"), cfg));
    CPPUNIT_ASSERT_EQUAL(lineOf(cfg, "<blockSize>"), c.gpu.sources.at("blockSize").line);
    CPPUNIT_ASSERT_EQUAL(std::string("/mardyn/simulation/algorithm/gpu/blockSize"), c.gpu.sources.at("blockSize").path);
  }

  void twoComponentsOfOneName() {
    TempDir dir;
    const std::string cfg = replaced(validConfig(), "<moleculetype id=\"2\" name=\"B\">", "<moleculetype id=\"2\" name=\"A\">");
    const InputError e = readError(dir, cfg, validPhaseSpace());
    expectProblem(e, dir.file("config.xml"), lineOf(cfg, "<moleculetype id=\"2\""),
                  "/mardyn/simulation/ensemble/components/moleculetype",
                  "component name 'A' is already the name of component 1 (" + dir.file("config.xml") + ":" +
                      std::to_string(lineOf(cfg, "<moleculetype id=\"1\"")) + ";");
  }

  /// The thermostat of B acts on nothing when the phase space holds only A: the NVT run used to go on
  /// unthermostatted without a word.
  void thermostatOfAnEmptyComponent() {
    TempDir dir;
    const std::string onlyA = replaced(validPhaseSpace(), "2\t2\t4.5", "2\t1\t4.5");
    const InputError e = readError(dir, validConfig(), onlyA);
    expectProblem(e, dir.file("config.xml"), lineOf(validConfig(), "<thermostat type="),
                  "/mardyn/simulation/algorithm/thermostats/thermostat",
                  "the thermostat of component 'B' acts on no molecule: the phase space has none of that component, "
                  "and no other thermostat acts, so the NVT run would not be thermostatted");
    // Beside a thermostat that acts, it is a warning.
    const std::string both = replaced(validConfig(), "</thermostats>",
                                      "<thermostat type=\"VelocityScaling\" componentId=\"A\"><temperature>0.9"
                                      "</temperature></thermostat></thermostats>");
    const SimulationConfig c = ConfigurationReader::read(writeFile(dir.file("both.xml"), both));
    bool warned = false;
    for (const auto& w : c.warnings)
      warned = warned || (w.line == lineOf(both, "componentId=\"B\"") &&
                          w.message.find("acts on no molecule") != std::string::npos &&
                          w.message.find("(the other thermostats act)") != std::string::npos);
    CPPUNIT_ASSERT(warned);
  }

  /// Component B carries +0.5 and -0.5: neutral. Made +0.5 twice, the system (one B) carries +1.
  void netChargeWarns() {
    TempDir dir;
    writeFile(dir.file("phase.inp"), validPhaseSpace());
    const SimulationConfig neutral = ConfigurationReader::read(writeFile(dir.file("config.xml"), validConfig()));
    for (const auto& w : neutral.warnings) CPPUNIT_ASSERT(w.message.find("net charge") == std::string::npos);
    const std::string cfg = replaced(validConfig(), "<charge>-0.5</charge>", "<charge>0.5</charge>");
    const SimulationConfig c = ConfigurationReader::read(writeFile(dir.file("charged.xml"), cfg));
    bool warned = false;
    for (const auto& w : c.warnings)
      warned = warned || (w.file == dir.file("charged.xml") && w.line == lineOf(cfg, "<phasespacepoint>") &&
                          w.message.find("the system carries a net charge of 1 ") != std::string::npos);
    CPPUNIT_ASSERT(warned);
  }

  /// --steps (or run/production/steps) at or before the checkpoint's step: the restart used to compute nothing
  /// and exit 0.
  void restartEndingBeforeItsCheckpoint() {
    SimulationConfig c;
    c.restart.active = true;
    c.restart.step = 50;
    c.restart.file = "out/p-000000050.restart.dat";
    c.productionSteps = 100;
    c.productionStepsSource = {"config.xml", 12, "/mardyn/simulation/run/production/steps"};
    CommandLine::Options o;
    o.steps = 30;
    try {
      CommandLine::apply(o, c);
      CPPUNIT_FAIL("--steps 30 after a checkpoint of step 50 was accepted");
    } catch (const InputError& e) {
      CPPUNIT_ASSERT_EQUAL(c.restart.file, e.problems().at(0).file);
      CPPUNIT_ASSERT(std::string(e.what()).find("the checkpoint is at step 50 and --steps 30 ends the run there or "
                                                "before: nothing to compute") != std::string::npos);
    }
    SimulationConfig x = c;
    x.productionSteps = 50;
    try {
      CommandLine::apply(CommandLine::Options(), x);
      CPPUNIT_FAIL("production steps 50 after a checkpoint of step 50 were accepted");
    } catch (const InputError& e) {
      CPPUNIT_ASSERT_EQUAL(std::string("config.xml"), e.problems().at(0).file);
      CPPUNIT_ASSERT_EQUAL(12, e.problems().at(0).line);
      CPPUNIT_ASSERT(std::string(e.what()).find("the run ends at step 50, but the checkpoint") != std::string::npos);
    }
    o.steps = 51;
    CommandLine::apply(o, c);
    CPPUNIT_ASSERT_EQUAL(1ul, c.stepsToRun());
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(InputConsistencyTest);
