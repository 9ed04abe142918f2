// CommandLineTest: every option of `mardyn`, long and short forms, values applied to the
// configuration, and the usage errors (unknown option, missing or bad value, no config file).
#include "io/CommandLine.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cctype>

using namespace mardyn;

class CommandLineTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(CommandLineTest);
  CPPUNIT_TEST(longOptions);
  CPPUNIT_TEST(shortOptions);
  CPPUNIT_TEST(verletSkin);
  CPPUNIT_TEST(gpuOptions);
  CPPUNIT_TEST(applyToConfig);
  CPPUNIT_TEST(usageErrors);
  CPPUNIT_TEST(helpAndVersionNeedNoFile);
  CPPUNIT_TEST_SUITE_END();

 public:
  void longOptions() {
    const auto o = CommandLine::parse({"--steps", "20", "--output-prefix", "out/run", "--final-checkpoint", "0",
                                       "--legacy-cell-processor", "--print-interval=10", "--quiet", "c.xml"});
    CPPUNIT_ASSERT_EQUAL(std::string("c.xml"), o.configFile);
    CPPUNIT_ASSERT_EQUAL(20ul, *o.steps);
    CPPUNIT_ASSERT_EQUAL(std::string("out/run"), *o.outputPrefix);
    CPPUNIT_ASSERT(!*o.finalCheckpoint);
    CPPUNIT_ASSERT(o.legacyCellProcessor);
    CPPUNIT_ASSERT_EQUAL(10ul, *o.printInterval);
    CPPUNIT_ASSERT(o.quiet);
  }

  void shortOptions() {
    const auto o = CommandLine::parse({"c.xml", "-n", "7", "-pX", "-i", "0", "-q"});
    CPPUNIT_ASSERT_EQUAL(7ul, *o.steps);
    CPPUNIT_ASSERT_EQUAL(std::string("X"), *o.outputPrefix);
    CPPUNIT_ASSERT_EQUAL(0ul, *o.printInterval);
    CPPUNIT_ASSERT(o.quiet);
    CPPUNIT_ASSERT(!o.finalCheckpoint);
  }

  void verletSkin() {
    SimulationConfig c;
    CommandLine::apply(CommandLine::parse({"c.xml"}), c);
    CPPUNIT_ASSERT_EQUAL(-1.0, c.verletSkin);
    CommandLine::apply(CommandLine::parse({"--verlet-skin", "0.3", "c.xml"}), c);
    CPPUNIT_ASSERT_EQUAL(0.3, c.verletSkin);
    CommandLine::apply(CommandLine::parse({"--verlet-skin=0", "c.xml"}), c);
    CPPUNIT_ASSERT_EQUAL(0.0, c.verletSkin);
    for (const char* bad : {"-0.1", "x", "0.3x", "", "nan"})
      CPPUNIT_ASSERT_THROW_MESSAGE(bad, CommandLine::parse({"--verlet-skin", bad, "c.xml"}), CommandLine::UsageError);
  }

  void gpuOptions() {
    auto o = CommandLine::parse({"--gpu", "c.xml"});
    CPPUNIT_ASSERT(o.gpu);
    o = CommandLine::parse({"--gpu-backend", "opencl", "--cell-processor", "warpblock", "--precision", "mixed", "c.xml"});
    CPPUNIT_ASSERT(o.gpu);
    CPPUNIT_ASSERT_EQUAL(std::string("opencl"), *o.gpuBackend);
    CPPUNIT_ASSERT_EQUAL(std::string("warpblock"), *o.cellProcessor);
    CPPUNIT_ASSERT_EQUAL(std::string("mixed"), *o.precision);
    o = CommandLine::parse({"--gpu-option", "compareToCpu=1", "--gpu-option=blockSize=64", "c.xml"});
    CPPUNIT_ASSERT(o.gpu);
    SimulationConfig c;
    CommandLine::apply(o, c);
    CPPUNIT_ASSERT_EQUAL(std::string("1"), c.gpu.options.at("compareToCpu"));
    CPPUNIT_ASSERT_EQUAL(std::string("64"), c.gpu.options.at("blockSize"));
    CPPUNIT_ASSERT_THROW(CommandLine::parse({"--gpu-option", "novalue", "c.xml"}), CommandLine::UsageError);
    CPPUNIT_ASSERT_EQUAL(std::string("cuda:1"), *CommandLine::parse({"--gpu-backend", "cuda:1", "c.xml"}).gpuBackend);
    CPPUNIT_ASSERT_THROW(CommandLine::parse({"--gpu-backend", "vulkan", "c.xml"}), CommandLine::UsageError);
    CPPUNIT_ASSERT_THROW(CommandLine::parse({"--gpu-backend", "cuda:x", "c.xml"}), CommandLine::UsageError);
    // Processor names in any case, passed on in lower case (the registry's lookup ignores case).
    for (const std::string name : {"reference", "threadBlock", "WARPBLOCK", "warpBlockCached", "Auto"}) {
      o = CommandLine::parse({"--cell-processor", name, "c.xml"});
      CPPUNIT_ASSERT(o.gpu);
      std::string lower = name;
      for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      CPPUNIT_ASSERT_EQUAL(lower, *o.cellProcessor);
      SimulationConfig cp;
      CommandLine::apply(o, cp);
      CPPUNIT_ASSERT_EQUAL(lower, cp.gpu.cellProcessor);
    }
    try {
      CommandLine::parse({"--cell-processor", "fastest", "c.xml"});
      CPPUNIT_FAIL("an unknown cell processor was accepted");
    } catch (const CommandLine::UsageError& e) {
      CPPUNIT_ASSERT(std::string(e.what()).find("warpblockcached, verletlist, auto") != std::string::npos);
    }
  }

  void applyToConfig() {
    SimulationConfig c;
    c.productionSteps = 1000;
    CommandLine::apply(CommandLine::parse({"-n", "5", "-p", "pre", "--final-checkpoint", "0", "--precision", "double", "c.xml"}), c);
    CPPUNIT_ASSERT_EQUAL(5ul, c.productionSteps);
    CPPUNIT_ASSERT_EQUAL(5ul, c.totalSteps());
    CPPUNIT_ASSERT_EQUAL(std::string("pre"), c.outputPrefix);
    CPPUNIT_ASSERT(!c.finalCheckpoint);
    CPPUNIT_ASSERT(c.gpu.enabled);
    CPPUNIT_ASSERT_EQUAL(std::string("double"), c.gpu.precision);
    SimulationConfig d;
    d.productionSteps = 1000;
    CommandLine::apply(CommandLine::parse({"c.xml"}), d);
    CPPUNIT_ASSERT_EQUAL(1000ul, d.productionSteps);  // untouched without --steps
    CPPUNIT_ASSERT(d.finalCheckpoint);
    CPPUNIT_ASSERT_EQUAL(1ul, d.printInterval);
  }

  void usageErrors() {
    auto expectUsage = [](std::vector<std::string> args, const std::string& part) {
      try {
        CommandLine::parse(args);
        CPPUNIT_FAIL("expected a usage error: " + part);
      } catch (const CommandLine::UsageError& e) {
        CPPUNIT_ASSERT_MESSAGE(e.what(), std::string(e.what()).find(part) != std::string::npos);
      }
    };
    expectUsage({"--frobnicate", "c.xml"}, "unknown option '--frobnicate'");
    expectUsage({"-z", "c.xml"}, "unknown option '-z'");
    expectUsage({"c.xml", "--steps"}, "needs a value");
    expectUsage({"--steps", "many", "c.xml"}, "'many' is not a non-negative integer");
    expectUsage({"--final-checkpoint", "yes", "c.xml"}, "'yes' is not one of 0, 1");
    expectUsage({"--precision", "quad", "c.xml"}, "'quad' is not one of single, mixed, double");
    expectUsage({"--quiet=1", "c.xml"}, "takes no value");
    expectUsage({}, "no configuration file given");
    expectUsage({"a.xml", "b.xml"}, "more than one configuration file");
  }

  void helpAndVersionNeedNoFile() {
    CPPUNIT_ASSERT(CommandLine::parse({"--help"}).help);
    CPPUNIT_ASSERT(CommandLine::parse({"-V"}).version);
    const std::string u = CommandLine::usage();
    for (const char* opt : {"--steps", "-n", "--output-prefix", "--final-checkpoint", "--legacy-cell-processor",
                            "--print-interval", "--quiet", "--verlet-skin", "--gpu", "--gpu-backend", "--cell-processor", "--precision", "--gpu-option",
                            "--help", "--version"})
      CPPUNIT_ASSERT_MESSAGE(opt, u.find(opt) != std::string::npos);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CommandLineTest);
