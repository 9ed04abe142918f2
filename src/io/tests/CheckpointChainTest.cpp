// CheckpointChainTest: a chain of runs in one folder, as ls1-mardyn's examples are laid out: run01
// generates a liquid and writes binary checkpoints every 5 steps; run02, in a folder beside it, starts
// from the checkpoint run01 wrote last (step 10, not the first one) through `<file type="binary">`.
// What run02 starts from must be run01's state at step 10: run02's step-0 potential energy (a function
// of the positions alone) equals run01's step-10 value and differs from the values at steps 0 and 5.
#include "io/tests/IoTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <sys/wait.h>

using namespace mardyn::iotest;

namespace {
std::string mardynPath() {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : (self.parent_path() / "mardyn").string();
}

int runIn(const std::filesystem::path& dir, const std::string& args) {
  const std::string cmd = "cd '" + dir.string() + "' && '" + mardynPath() + "' " + args + " > out.txt 2> err.txt";
  const int status = std::system(cmd.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/// input/lj-fcc with `phasespace` in place of its generator and binary checkpoints every 5 steps.
std::string chainConfig(const std::string& phasespace) {
  const char* src = std::getenv("MARDYN_SOURCE_DIR");
  std::string cfg = readFile((std::filesystem::path(src ? src : ".") / "input" / "lj-fcc" / "config.xml").string());
  const auto ps0 = cfg.find("<generator"), ps1 = cfg.find("</generator>") + 12;
  if (!phasespace.empty()) cfg.replace(ps0, ps1 - ps0, phasespace);
  const auto o0 = cfg.find("<output>"), o1 = cfg.find("</output>") + 9;
  return cfg.replace(o0, o1 - o0,
                     "<output><outputplugin name=\"CheckpointWriter\"><type>binary</type>"
                     "<writefrequency>5</writefrequency><outputprefix>cp</outputprefix></outputplugin></output>");
}

/// The U_pot printed on each "Simstep = N" line, as printed (text), by step.
std::map<long, std::string> potentialByStep(const std::string& text) {
  std::map<long, std::string> u;
  std::size_t at = 0;
  while ((at = text.find("Simstep = ", at)) != std::string::npos) {
    const long step = std::atol(text.c_str() + at + 10);
    const auto eol = text.find('\n', at);
    const auto line = text.substr(at, eol == std::string::npos ? std::string::npos : eol - at);
    const auto u0 = line.find("U_pot = ");
    if (u0 != std::string::npos) u[step] = line.substr(u0 + 8, line.find('\t', u0) - u0 - 8);
    at += 10;
  }
  return u;
}
}  // namespace

class CheckpointChainTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(CheckpointChainTest);
  CPPUNIT_TEST(laterRunStartsFromLateCheckpoint);
  CPPUNIT_TEST(missingCheckpointNamesTheFile);
  CPPUNIT_TEST_SUITE_END();

 public:
  bool available() {
    if (std::filesystem::exists(mardynPath())) return true;
    std::cout << "\n  (skipped: no mardyn executable beside mardyn_tests; build the mardyn target)\n";
    return false;
  }

  void laterRunStartsFromLateCheckpoint() {
    if (!available()) return;
    TempDir dir;
    writeFile(dir.file("run01/config.xml"), chainConfig(""));
    writeFile(dir.file("run02/config.xml"),
              chainConfig("<file type=\"binary\"><header>../run01/cp-2.restart.header.xml</header>"
                          "<data>../run01/cp-2.restart.dat</data></file>"));
    CPPUNIT_ASSERT_EQUAL_MESSAGE(readFile(dir.file("run01/err.txt")), 0,
                                 runIn(dir.path() / "run01", "config.xml --steps 10 --final-checkpoint 0"));
    for (const char* n : {"0", "1", "2"})
      CPPUNIT_ASSERT_MESSAGE(n, std::filesystem::exists(dir.file(std::string("run01/cp-") + n + ".restart.dat")));
    CPPUNIT_ASSERT(!std::filesystem::exists(dir.file("run01/cp-3.restart.dat")));
    // the header of the late checkpoint carries the time of step 10 (timestep 0.005)
    const std::string header = readFile(dir.file("run01/cp-2.restart.header.xml"));
    const auto t0 = header.find("<time>");
    CPPUNIT_ASSERT(t0 != std::string::npos);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(0.05, std::atof(header.c_str() + t0 + 6), 1e-12);

    CPPUNIT_ASSERT_EQUAL_MESSAGE(readFile(dir.file("run02/err.txt")), 0,
                                 runIn(dir.path() / "run02", "config.xml --steps 2 --final-checkpoint 0"));
    const auto first = potentialByStep(readFile(dir.file("run01/out.txt")));
    const auto second = potentialByStep(readFile(dir.file("run02/out.txt")));
    CPPUNIT_ASSERT(first.count(0) && first.count(5) && first.count(10) && second.count(0) && second.count(2));
    CPPUNIT_ASSERT_EQUAL(first.at(10), second.at(0));
    CPPUNIT_ASSERT(second.at(0) != first.at(5) && second.at(0) != first.at(0));
  }

  /// A later run whose checkpoint was not written stops before its first step and names the file.
  void missingCheckpointNamesTheFile() {
    if (!available()) return;
    TempDir dir;
    writeFile(dir.file("run02/config.xml"),
              chainConfig("<file type=\"binary\"><header>../run01/cp-7.restart.header.xml</header>"
                          "<data>../run01/cp-7.restart.dat</data></file>"));
    CPPUNIT_ASSERT_EQUAL(1, runIn(dir.path() / "run02", "config.xml --steps 2 --final-checkpoint 0"));
    const std::string err = readFile(dir.file("run02/err.txt")) + readFile(dir.file("run02/out.txt"));
    CPPUNIT_ASSERT_MESSAGE(err, err.find("cp-7.restart.header.xml") != std::string::npos);
    CPPUNIT_ASSERT(readFile(dir.file("run02/out.txt")).find("Simstep = 1") == std::string::npos);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CheckpointChainTest);
