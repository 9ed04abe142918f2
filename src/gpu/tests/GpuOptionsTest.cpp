// Tests of the GPU decorator's settings: backend/device, processor (incl. "auto"), precision and option
// keys (incl. deterministic) from the configuration and MARDYN_GPU_OPTIONS, the errors for bad values;
// the processor registry and the candidates of "auto".
#include "gpu/CellProcessorAutoTuner.h"
#include "gpu/CellProcessorRegistry.h"
#include "gpu/GpuDecoratorFactory.h"
#include "gpu/GpuOptions.h"
#include "io/CommandLine.h"
#include "config/SimulationConfig.h"
#include "ConfigurationReader.h"
#include "utils/MardynException.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace mardyn;
using namespace mardyn::gpu;

class GpuOptionsTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(GpuOptionsTest);
  CPPUNIT_TEST(testFromConfig);
  CPPUNIT_TEST(testDeviceMemoryChecked);
  CPPUNIT_TEST(testEnvironmentOverrides);
  CPPUNIT_TEST(testBadValuesAreNamed);
  CPPUNIT_TEST(testBadXmlValuesAreLocated);
  CPPUNIT_TEST(testRegistry);
  CPPUNIT_TEST(testDeterministic);
  CPPUNIT_TEST(testAutoProcessor);
  CPPUNIT_TEST(testXmlAutoAndDeterministic);
  CPPUNIT_TEST(testAutoCandidates);
  CPPUNIT_TEST_SUITE_END();

 public:
  /// A system that cannot fit on the device is refused before anything is allocated, naming the sizes.
  void testDeviceMemoryChecked() {
    compute::DeviceInfo info;
    info.name = "test device";
    info.globalMemory = std::size_t(1) << 30;
    gpu::checkDeviceMemory(info, 8, 1e5, 0.8442, 2.8);  // about 0.14 GiB
    std::string message;
    try {
      gpu::checkDeviceMemory(info, 8, 1e6, 0.8442, 2.8);  // about 1.4 GiB
    } catch (const MardynException& e) {
      message = e.what();
    }
    CPPUNIT_ASSERT_MESSAGE(message, message.find("1e+06 molecules") != std::string::npos);
    CPPUNIT_ASSERT_MESSAGE(message, message.find("more than the 1 GiB") != std::string::npos);
    info.globalMemory = 0;  // unknown: not checked
    gpu::checkDeviceMemory(info, 8, 1e9, 0.8442, 2.8);
  }

  void setUp() override { unsetenv("MARDYN_GPU_OPTIONS"); }
  void tearDown() override { unsetenv("MARDYN_GPU_OPTIONS"); }

  void testFromConfig() {
    GpuConfig c;
    c.enabled = true;
    c.backend = "CUDA:1";
    c.cellProcessor = "reference";
    c.precision = "double";
    c.options = {{"blockSize", "128"}, {"compareToCpu", "true"}, {"compareTolerance", "1e-9"}};
    const GpuOptions o = GpuOptions::fromConfig(c);
    CPPUNIT_ASSERT_EQUAL(std::string("cuda"), o.backend);
    CPPUNIT_ASSERT_EQUAL(1, o.deviceIndex);
    CPPUNIT_ASSERT_EQUAL(std::string("reference"), o.cellProcessor);
    CPPUNIT_ASSERT(o.precision == compute::Precision::Double);
    CPPUNIT_ASSERT_EQUAL(128, o.blockSize);
    CPPUNIT_ASSERT(o.compareToCpu);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1e-9, o.effectiveTolerance(), 0.0);
    const GpuOptions d = GpuOptions::fromConfig(GpuConfig{});
    CPPUNIT_ASSERT(d.precision == compute::Precision::Double);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(1e-8, d.effectiveTolerance(), 0.0);
  }

  void testEnvironmentOverrides() {
    setenv("MARDYN_GPU_OPTIONS", "compareToCpu=1,blockSize=64,device=opencl:0", 1);
    GpuConfig c;
    c.options = {{"blockSize", "32"}};
    const GpuOptions o = GpuOptions::fromConfig(c);
    CPPUNIT_ASSERT(o.compareToCpu);
    CPPUNIT_ASSERT_EQUAL(64, o.blockSize);
    CPPUNIT_ASSERT_EQUAL(std::string("opencl"), o.backend);
    CPPUNIT_ASSERT_EQUAL(0, o.deviceIndex);
    setenv("MARDYN_GPU_OPTIONS", "compareToCpu", 1);
    CPPUNIT_ASSERT_THROW(GpuOptions::fromConfig(GpuConfig{}), MardynException);
  }

  void testBadValuesAreNamed() {
    auto message = [](const GpuConfig& c) {
      try {
        GpuOptions::fromConfig(c);
      } catch (const MardynException& e) {
        return std::string(e.what());
      }
      return std::string();
    };
    GpuConfig c;
    c.options = {{"blockSize", "many"}};
    CPPUNIT_ASSERT(message(c).find("blockSize='many'") != std::string::npos);
    c.options = {{"noSuchKey", "1"}};
    CPPUNIT_ASSERT(message(c).find("noSuchKey") != std::string::npos);
    c.options.clear();
    c.precision = "quadruple";
    CPPUNIT_ASSERT(message(c).find("quadruple") != std::string::npos);
  }

  /// Settings read from XML keep their place: a bad value is an InputError at its file and line.
  void testBadXmlValuesAreLocated() {
    auto problem = [](const GpuConfig& c) -> InputProblem {
      try {
        GpuOptions::fromConfig(c);
      } catch (const InputError& e) {
        return e.problems().at(0);
      }
      CPPUNIT_FAIL("expected an InputError");
      return {};
    };
    GpuConfig c;
    c.options["blockSize"] = "x";
    c.sources["blockSize"] = {"run/config.xml", 41, "/mardyn/simulation/algorithm/gpu/blockSize"};
    InputProblem p = problem(c);
    CPPUNIT_ASSERT_EQUAL(std::string("run/config.xml"), p.file);
    CPPUNIT_ASSERT_EQUAL(41, p.line);
    CPPUNIT_ASSERT(p.format().find("run/config.xml:41: /mardyn/simulation/algorithm/gpu/blockSize: gpu option "
                                   "blockSize='x': expected an integer") == 0);
    c.options.clear();
    c.cellProcessor = "noSuchProcessor";
    c.sources["cellProcessor"] = {"run/config.xml", 42, "/mardyn/simulation/algorithm/gpu/cellProcessor"};
    p = problem(c);
    CPPUNIT_ASSERT_EQUAL(42, p.line);
    CPPUNIT_ASSERT(p.message.find("unknown GPU cell processor 'noSuchProcessor'") != std::string::npos);
  }

  void testRegistry() {
    CPPUNIT_ASSERT_EQUAL(std::string("threadBlock"), CellProcessorRegistry::find("THREADBLOCK").name);
    CPPUNIT_ASSERT_EQUAL(std::string("reference"), CellProcessorRegistry::find("reference").name);
    try {
      CellProcessorRegistry::find("noSuchProcessor");
      CPPUNIT_FAIL("unknown processor accepted");
    } catch (const MardynException& e) {
      CPPUNIT_ASSERT(std::string(e.what()).find("available: reference, threadBlock") != std::string::npos);
    }
    // Every registered processor is reached by the lower-case name the command line passes on.
    for (const auto& v : CellProcessorRegistry::all()) {
      std::string lower = v.name;
      for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      auto o = CommandLine::parse({"--cell-processor", lower, "c.xml"});
      SimulationConfig c;
      CommandLine::apply(o, c);
      CPPUNIT_ASSERT_EQUAL(v.name, CellProcessorRegistry::find(GpuOptions::fromConfig(c.gpu).cellProcessor).name);
    }
  }

  void testDeterministic() {
    CPPUNIT_ASSERT(!GpuOptions::fromConfig(GpuConfig{}).deterministic);
    GpuConfig c;
    c.options = {{"deterministic", "true"}};
    CPPUNIT_ASSERT(GpuOptions::fromConfig(c).deterministic);
    c.options = {{"deterministic", "0"}};
    CPPUNIT_ASSERT(!GpuOptions::fromConfig(c).deterministic);
    setenv("MARDYN_GPU_OPTIONS", "deterministic=1", 1);
    CPPUNIT_ASSERT(GpuOptions::fromConfig(c).deterministic);  // the environment overrides
    unsetenv("MARDYN_GPU_OPTIONS");
    // From the command line.
    SimulationConfig sc;
    CommandLine::apply(CommandLine::parse({"--gpu-option", "deterministic=yes", "c.xml"}), sc);
    CPPUNIT_ASSERT(GpuOptions::fromConfig(sc.gpu).deterministic);
    c.options = {{"deterministic", "sometimes"}};
    try {
      GpuOptions::fromConfig(c);
      CPPUNIT_FAIL("deterministic=sometimes accepted");
    } catch (const MardynException& e) {
      const std::string what = e.what();
      CPPUNIT_ASSERT(what.find("deterministic='sometimes'") != std::string::npos);
      CPPUNIT_ASSERT(what.find("expected true or false") != std::string::npos);
    }
    c.options = {{"determinstic", "1"}};  // misspelt: the known keys are listed
    try {
      GpuOptions::fromConfig(c);
      CPPUNIT_FAIL("a misspelt key accepted");
    } catch (const MardynException& e) {
      const std::string what = e.what();
      CPPUNIT_ASSERT(what.find("'determinstic'") != std::string::npos);
      CPPUNIT_ASSERT(what.find("syncAfterLaunch, deterministic") != std::string::npos);
    }
  }

  void testAutoProcessor() {
    for (const char* name : {"auto", "AUTO", "Auto"}) {
      GpuConfig c;
      c.cellProcessor = name;
      const GpuOptions o = GpuOptions::fromConfig(c);
      CPPUNIT_ASSERT_EQUAL(std::string("auto"), o.cellProcessor);
      CPPUNIT_ASSERT(o.autoCellProcessor());
    }
    GpuConfig c;
    c.cellProcessor = "threadBlock";
    CPPUNIT_ASSERT(!GpuOptions::fromConfig(c).autoCellProcessor());
  }

  void testXmlAutoAndDeterministic() {
    // The lj-fcc example with a gpu element asking for auto and deterministic.
    const char* src = std::getenv("MARDYN_SOURCE_DIR");
    const std::filesystem::path source =
        src ? std::filesystem::path(src) : std::filesystem::path(__FILE__).parent_path() / ".." / ".." / "..";
    std::ifstream in(source / "input" / "lj-fcc" / "config.xml");
    CPPUNIT_ASSERT_MESSAGE("input/lj-fcc/config.xml not found under " + source.string(), in.good());
    std::stringstream text;
    text << in.rdbuf();
    std::string xml = text.str();
    const auto end = xml.find("</algorithm>");
    CPPUNIT_ASSERT(end != std::string::npos);
    xml.insert(end, "<gpu><cellProcessor>Auto</cellProcessor><deterministic>true</deterministic>"
                    "<blockSize>64</blockSize></gpu>");
    const std::filesystem::path file =
        std::filesystem::temp_directory_path() / ("mardyn-gpu-options-" + std::to_string(getpid()) + ".xml");
    std::ofstream(file) << xml;
    SimulationConfig c;
    try {
      c = ConfigurationReader::read(file.string());
    } catch (...) {
      std::filesystem::remove(file);
      throw;
    }
    std::filesystem::remove(file);
    CPPUNIT_ASSERT(c.gpu.enabled);
    const GpuOptions o = GpuOptions::fromConfig(c.gpu);
    CPPUNIT_ASSERT(o.autoCellProcessor());
    CPPUNIT_ASSERT(o.deterministic);
    CPPUNIT_ASSERT_EQUAL(64, o.blockSize);
  }

  void testAutoCandidates() {
    using M = CellProcessorVariant::Mapping;
    auto variant = [](const char* name, M mapping, int defaultBlockSize, bool warpBlocks) {
      CellProcessorVariant v{};
      v.name = name;
      v.mapping = mapping;
      v.defaultBlockSize = defaultBlockSize;
      v.needsWarpBlocks = warpBlocks;
      return v;
    };
    const std::vector<CellProcessorVariant> table = {
        variant("reference", M::ThreadPerCellPair, 64, false), variant("small", M::BlockPerCellPair, 32, true),
        variant("large", M::PersistentBlocks, 128, true), variant("free", M::BlockPerCellPair, 48, false)};
    auto labels = [](const std::vector<CellProcessorAutoTuner::Candidate>& list) {
      std::string s;
      for (const auto& c : list) s += (s.empty() ? "" : " ") + c.label();
      return s;
    };
    // The default and its power-of-two neighbours the processor allows; never the oracle.
    CPPUNIT_ASSERT_EQUAL(std::string("small/default small/64 large/default large/64 large/256 free/default"),
                         labels(CellProcessorAutoTuner::candidates(0, table)));
    // A block size given by the user: that size only, for every processor.
    CPPUNIT_ASSERT_EQUAL(std::string("small/64 large/64 free/64"), labels(CellProcessorAutoTuner::candidates(64, table)));
    // The registry's own table: every candidate is a registered non-reference processor.
    const auto list = CellProcessorAutoTuner::candidates(0);
    CPPUNIT_ASSERT(!list.empty());
    for (const auto& c : list) {
      CPPUNIT_ASSERT(c.variant->name != "reference");
      CPPUNIT_ASSERT_EQUAL(c.variant, &CellProcessorRegistry::find(c.variant->name));
    }
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(GpuOptionsTest);
