// MardynCommandTest: the `mardyn` executable end to end: exit codes (0 ok, 1 input error, 2 usage),
// no output files after an input error, and a short run whose checkpoint is read back as input.
#include "io/PhaseSpaceReader.h"
#include "io/tests/IoTestFiles.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>
#include <filesystem>
#include <sys/wait.h>
#include <unistd.h>

using namespace mardyn;
using namespace mardyn::iotest;

namespace {
/// mardyn is built beside mardyn_tests (both in the build directory).
std::string mardynPath() {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : (self.parent_path() / "mardyn").string();
}

/// env: assignments put before the command (NAME=value ...), or nothing.
int run(const std::string& args, const TempDir& dir, const std::string& env = "") {
  const std::string cmd =
      "cd '" + dir.path().string() + "' && " + env + " '" + mardynPath() + "' " + args + " > out.txt 2> err.txt";
  const int status = std::system(cmd.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string smallConfig(const std::string& phasespace) {
  std::string cfg = configWithPhaseSpace(phasespace);
  cfg = replaced(cfg, "<production><steps>100</steps></production>", "<production><steps>3</steps></production>");
  return cfg;
}
const char* kGenerator = "<generator><lattice>fcc</lattice><cells>2</cells><component>1</component></generator>";
}  // namespace

class MardynCommandTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(MardynCommandTest);
  CPPUNIT_TEST(exitCodes);
  CPPUNIT_TEST(inputErrorWritesNothing);
  CPPUNIT_TEST(runAndRestartFromCheckpoint);
  CPPUNIT_TEST(ls1ExamplesStepZero);
  CPPUNIT_TEST(mpiOnlyUnderALauncher);
  CPPUNIT_TEST_SUITE_END();

 public:
  bool available() {
    if (std::filesystem::exists(mardynPath())) return true;
    std::cout << "\n  (skipped: no mardyn executable beside mardyn_tests; build the mardyn target)\n";
    return false;
  }

  void exitCodes() {
    if (!available()) return;
    TempDir dir;
    CPPUNIT_ASSERT_EQUAL(0, run("--version", dir));
    CPPUNIT_ASSERT(readFile(dir.file("out.txt")).find("mardyn") != std::string::npos);
    CPPUNIT_ASSERT_EQUAL(0, run("--help", dir));
    CPPUNIT_ASSERT(readFile(dir.file("out.txt")).find("--output-prefix") != std::string::npos);
    CPPUNIT_ASSERT_EQUAL(2, run("--no-such-option config.xml", dir));
    const std::string err = readFile(dir.file("err.txt"));
    CPPUNIT_ASSERT(err.find("unknown option '--no-such-option'") != std::string::npos);
    CPPUNIT_ASSERT(err.find("Usage: mardyn") != std::string::npos);
    CPPUNIT_ASSERT_EQUAL(2, run("", dir));
    CPPUNIT_ASSERT_EQUAL(1, run("missing.xml", dir));
  }

  /// A process started on its own does not initialise MPI (Open MPI's singleton start-up costs a serial
  /// run about 0.4 s); MARDYN_MPI=1 asks for it.
  void mpiOnlyUnderALauncher() {
    if (!available()) return;
    TempDir dir;
    CPPUNIT_ASSERT_EQUAL(0, run("--version", dir));
    const std::string plain = readFile(dir.file("out.txt"));
    if (plain.find("MPI: no") != std::string::npos) {
      std::cout << "\n  (skipped: built without MPI)\n";
      return;
    }
    const bool launched = std::getenv("OMPI_COMM_WORLD_SIZE") || std::getenv("PMI_RANK") || std::getenv("PMIX_RANK") ||
                          std::getenv("SLURM_PROCID") || std::getenv("MARDYN_MPI");
    if (!launched) CPPUNIT_ASSERT_MESSAGE(plain, plain.find("not started by an MPI launcher") != std::string::npos);
    CPPUNIT_ASSERT_EQUAL(0, run("--version", dir, "MARDYN_MPI=1"));
    const std::string forced = readFile(dir.file("out.txt"));
    CPPUNIT_ASSERT_MESSAGE(forced, forced.find("MPI: yes\n") != std::string::npos);
    CPPUNIT_ASSERT_EQUAL(0, run("--version", dir, "MARDYN_MPI=0"));
    CPPUNIT_ASSERT(readFile(dir.file("out.txt")).find("not started by an MPI launcher") != std::string::npos);
  }

  void inputErrorWritesNothing() {
    if (!available()) return;
    TempDir dir;
    std::string cfg = replaced(smallConfig(kGenerator), "<lz>12</lz>", "<lz>0</lz>");
    cfg = replaced(cfg, "<sigma>1.0</sigma>", "<sigma>wide</sigma>");
    writeFile(dir.file("config.xml"), cfg);
    CPPUNIT_ASSERT_EQUAL(1, run("-p out/run config.xml", dir));
    const std::string err = readFile(dir.file("err.txt"));
    CPPUNIT_ASSERT_MESSAGE(err, err.find("2 problems in the input") != std::string::npos);
    CPPUNIT_ASSERT(err.find("config.xml:" + std::to_string(lineOf(cfg, "<lz>")) +
                            ": /mardyn/simulation/ensemble/domain/lz: non-positive box length") != std::string::npos);
    CPPUNIT_ASSERT(err.find("/mardyn/simulation/ensemble/components/moleculetype/site/sigma: wrong type") != std::string::npos);
    CPPUNIT_ASSERT(!std::filesystem::exists(dir.file("out")));
  }

  void runAndRestartFromCheckpoint() {
    if (!available()) return;
    TempDir dir;
    writeFile(dir.file("config.xml"), smallConfig(kGenerator));
    CPPUNIT_ASSERT_EQUAL(0, run("--steps 4 -p out/a config.xml", dir));
    const std::string out = readFile(dir.file("out.txt"));
    CPPUNIT_ASSERT_MESSAGE(out, out.find("Simstep = 0\tT = ") != std::string::npos);
    CPPUNIT_ASSERT(out.find("Simstep = 4\t") != std::string::npos);
    CPPUNIT_ASSERT(out.find("Simstep = 5\t") == std::string::npos);
    // warning for the unknown plugin of validConfig(), run goes on
    CPPUNIT_ASSERT(readFile(dir.file("err.txt")).find("unknown output plugin 'NoSuchPlugin'") != std::string::npos);
    CPPUNIT_ASSERT(std::filesystem::exists(dir.file("out/a.res")));
    std::vector<InputProblem> problems;
    const auto mols = PhaseSpaceReader::read(dir.file("out/a.restart.dat"), "/file", 2, {10, 11, 12}, problems);
    CPPUNIT_ASSERT(problems.empty());
    CPPUNIT_ASSERT_EQUAL(std::size_t(32), mols.size());
    // the checkpoint is a valid phase-space input; the run continues from its step 4
    writeFile(dir.file("config2.xml"), smallConfig("<file type=\"ASCII\">out/a.restart.dat</file>"));
    CPPUNIT_ASSERT_EQUAL(0, run("-q --steps 6 --final-checkpoint 0 -p out/b config2.xml", dir));
    CPPUNIT_ASSERT(std::filesystem::exists(dir.file("out/b.res")));
    CPPUNIT_ASSERT(!std::filesystem::exists(dir.file("out/b.restart.dat")));
  }

  /// ls1-mardyn's own examples (kept outside the repository, in ../shared/ls1-examples) run unchanged
  /// and print ls1-mardyn's step lines: step 0, and step 20 after ls1's velocity scaling (exponent 0.4,
  /// explosion heuristic) heated Argon from 8 K to 200 K (the lines ls1-mardyn prints, to every digit).
  void ls1ExamplesStepZero() {
    if (!available()) return;
    const char* src = std::getenv("MARDYN_SOURCE_DIR");
    const std::filesystem::path examples = std::filesystem::path(src ? src : ".") / ".." / "shared" / "ls1-examples";
    if (!std::filesystem::exists(examples / "Argon")) {
      std::cout << "\n  (skipped: no ls1-mardyn examples at " << examples.string() << ")\n";
      return;
    }
    struct Case {
      const char* config;
      const char* step0;
      const char* step20;
    };
    const Case cases[] = {
        {"Argon/200K_18mol_l/config.xml", "Simstep = 0\tT = 2.53016e-05\tU_pot = -2.09893\tp = -2.66901e-07",
         "Simstep = 20\tT = 0.000633975\tU_pot = -2.14161\tp = 5.34057e-07"},
        {"CO2/370K_15mol_l/config.xml", "Simstep = 0\tT = 0.00117172\tU_pot = -5.52468\tp = 1.17432e-06",
         "Simstep = 20\tT = 0.00117259\tU_pot = -5.58541\tp = 9.40323e-07"}};
    for (const auto& c : cases) {
      TempDir dir;
      CPPUNIT_ASSERT_EQUAL(0, run("--steps 20 --final-checkpoint 0 -p out/x '" + (examples / c.config).string() + "'", dir));
      const std::string out = readFile(dir.file("out.txt"));
      CPPUNIT_ASSERT_MESSAGE(out, out.find(c.step0) == 0);
      CPPUNIT_ASSERT_MESSAGE(out, out.find(c.step20) != std::string::npos);
      // ls1 warns about plugins it does not know and goes on; so does mardyn
      CPPUNIT_ASSERT(readFile(dir.file("err.txt")).find("unknown output plugin 'MmpldWriter' ignored") != std::string::npos);
    }
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MardynCommandTest);
