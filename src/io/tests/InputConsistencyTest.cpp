// InputConsistencyTest: inputs that used to be accepted silently although wrong: repeated molecule
// ids, more molecule lines than NumberOfMolecules, a second root element, output-plugin and GPU
// settings of the wrong type (named at their file and line like every other setting), and the
// phase-space header's Length disagreeing with the XML box (a warning, as ls1 tolerates it).
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
};

CPPUNIT_TEST_SUITE_REGISTRATION(InputConsistencyTest);
