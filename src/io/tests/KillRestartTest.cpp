// KillRestartTest: the `mardyn` executable killed and restarted as a batch scheduler does: after a
// SIGKILL the .res rows and trajectory frames match the steps that had completed (at most one
// incomplete last line); a restart with the same prefix continues the step counter, appends to
// .res without repeating a step, restores the running averages, never overwrites its start file;
// an unwritable output path stops the run before its first step.
#include "io/PhaseSpaceReader.h"
#include "io/ResultFileReader.h"
#include "io/XyzFileReader.h"
#include "io/tests/MardynProcess.h"

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace mardyn;
using namespace mardyn::iotest;

namespace {

std::vector<unsigned long> rowSteps(const std::string& file) {
  std::vector<unsigned long> steps;
  for (const auto& r : ResultFileReader::rows(ResultFileReader::read(file))) steps.push_back(r.step);
  return steps;
}

std::vector<unsigned long> frameSteps(const std::string& file) {
  std::vector<unsigned long> steps;
  for (const auto& f : XyzFileReader::read(file).frames) steps.push_back(f.step.value_or(~0ul));
  return steps;
}

std::vector<unsigned long> range(unsigned long first, unsigned long last, unsigned long stride = 1) {
  std::vector<unsigned long> r;
  for (unsigned long s = first; s <= last; s += stride) r.push_back(s);
  return r;
}
}  // namespace

class KillRestartTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(KillRestartTest);
  CPPUNIT_TEST(incompleteLastLinesSkipped);
  CPPUNIT_TEST(killedRunKeepsCompletedSteps);
  CPPUNIT_TEST(restartContinuesSamePrefix);
  CPPUNIT_TEST(unwritableOutputStopsAtStartUp);
  CPPUNIT_TEST_SUITE_END();

 public:
  bool available() {
    if (std::filesystem::exists(mardynPath())) return true;
    std::cout << "\n  (skipped: no mardyn executable beside mardyn_tests; build the mardyn target)\n";
    return false;
  }

  /// The project's readers skip a last line or frame cut short, with a warning naming it.
  void incompleteLastLinesSkipped() {
    TempDir dir;
    const std::string row = "0 0 -1 -1 1 1 0.5 0.5 1 1 0 864\n";
    writeFile(dir.file("a.res"), "# header\n" + row + "1 0.005 -1 -1 1 1 0.5 0.5 1 1 0 864\n2 0.01 -1 -1");
    const auto res = ResultFileReader::read(dir.file("a.res"));
    CPPUNIT_ASSERT_EQUAL(std::size_t(2), ResultFileReader::rows(res).size());
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), res.warnings.size());
    CPPUNIT_ASSERT_MESSAGE(res.warnings[0], res.warnings[0].find("a.res:4: incomplete last line skipped") != std::string::npos);
    const std::string frame = "2\nLattice=\"1 0 0 0 1 0 0 0 1\" Step=3 pbc=\"T T T\"\nA 0 0 0 1 1\nA 0.5 0 0 2 1\n";
    writeFile(dir.file("a.xyz"), frame + frame.substr(0, frame.size() - 9));
    const auto xyz = XyzFileReader::read(dir.file("a.xyz"));
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), xyz.frames.size());
    CPPUNIT_ASSERT_EQUAL(3ul, xyz.frames[0].step.value_or(0));
    CPPUNIT_ASSERT_EQUAL(std::size_t(1), xyz.warnings.size());
    CPPUNIT_ASSERT(xyz.warnings[0].find("a.xyz:5: incomplete last frame skipped") != std::string::npos);
  }

  /// SIGKILL at an arbitrary point, as a scheduler does at its wall-time limit.
  void killedRunKeepsCompletedSteps() {
    if (!available()) return;
    TempDir dir;
    writeFile(dir.file("config.xml"), ljConfig("generator", plugin("ResultWriter", 1) + plugin("XyzWriter", 1) +
                                                                plugin("CheckpointWriter", 40)));
    const pid_t pid = spawnMardyn({"--steps", "1000000", "-p", "out/k", "config.xml"}, dir);
    CPPUNIT_ASSERT(pid > 0);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (lastStepLine(readFile(dir.file("out.txt"))) < 150 && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    kill(pid, SIGSTOP);  // freeze it, read what it has printed, then kill it
    int status = 0;
    waitpid(pid, &status, WUNTRACED);
    const long printed = lastStepLine(readFile(dir.file("out.txt")));
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    CPPUNIT_ASSERT(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    CPPUNIT_ASSERT_MESSAGE(readFile(dir.file("err.txt")), printed >= 150);

    // Plugins run in order: step line, row, frame. Every completed step has its row and frame.
    const auto rows = rowSteps(dir.file("out/k.res"));
    CPPUNIT_ASSERT(!rows.empty());
    const long lastRow = static_cast<long>(rows.back());
    CPPUNIT_ASSERT(lastRow == printed || lastRow == printed - 1);
    CPPUNIT_ASSERT(rows == range(0, rows.back()));
    const auto frames = frameSteps(dir.file("out/k.xyz"));
    CPPUNIT_ASSERT(!frames.empty());
    CPPUNIT_ASSERT(static_cast<long>(frames.back()) == lastRow || static_cast<long>(frames.back()) == lastRow - 1);
    CPPUNIT_ASSERT(frames == range(0, frames.back()));
    CPPUNIT_ASSERT(ResultFileReader::read(dir.file("out/k.res")).warnings.size() <= 1);
    CPPUNIT_ASSERT(XyzFileReader::read(dir.file("out/k.xyz")).warnings.size() <= 1);
    // Checkpoints are atomic: every one there is complete.
    int checkpoints = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir.file("out"))) {
      const std::string name = e.path().filename().string();
      if (name.size() < 12 || name.compare(name.size() - 12, 12, ".restart.dat") != 0) continue;
      std::vector<InputProblem> problems;
      CPPUNIT_ASSERT_EQUAL(std::size_t(864), PhaseSpaceReader::read(e.path().string(), "/file", 1, {10.08, 10.08, 10.08},
                                                                   problems).size());
      ++checkpoints;
    }
    CPPUNIT_ASSERT(checkpoints >= lastRow / 40 - 1);
  }

  /// A segment of 30 steps, restarted from its step-20 checkpoint up to step 50, against one run
  /// of 50 steps; then restarted from its own final checkpoint.
  void restartContinuesSamePrefix() {
    if (!available()) return;
    TempDir dir;
    const std::string plugins = plugin("ResultWriter", 1, "<accumulation_steps>7</accumulation_steps>") +
                                plugin("XyzWriter", 5) + plugin("CheckpointWriter", 10);
    writeFile(dir.file("config.xml"), ljConfig("generator", plugins));
    CPPUNIT_ASSERT_EQUAL(0, runMardyn("--steps 30 -p out/p config.xml", dir));
    CPPUNIT_ASSERT_EQUAL(0, runMardyn("-q --steps 50 -p out/r config.xml", dir));
    const std::string start = dir.file("out/p-000000020.restart.dat");
    const std::string startText = readFile(start);
    CPPUNIT_ASSERT(startText.find("# mardyn-step 20\n") != std::string::npos);
    CPPUNIT_ASSERT(startText.find("# mardyn-state ResultWriter 1 20 ") != std::string::npos);

    writeFile(dir.file("restart.xml"), ljConfig("<file type=\"ASCII\">out/p-000000020.restart.dat</file>", plugins));
    CPPUNIT_ASSERT_EQUAL(0, runMardyn("--steps 50 -p out/p restart.xml", dir, "B"));
    const std::string out = readFile(dir.file("outB.txt"));
    CPPUNIT_ASSERT_MESSAGE(out, out.find("Simstep = 20\t") == 0);  // the step counter continues
    CPPUNIT_ASSERT(out.find("Simstep = 50\t") != std::string::npos && out.find("Simstep = 51") == std::string::npos);
    CPPUNIT_ASSERT(readFile(dir.file("errB.txt")).find("running averages and c_v restored") != std::string::npos);
    CPPUNIT_ASSERT_EQUAL(startText, readFile(start));  // the start file is kept as it was

    // .res: every step once, in order; each row as in the uninterrupted run (averages and c_v too)
    const auto rows = ResultFileReader::rows(ResultFileReader::read(dir.file("out/p.res")));
    const auto ref = ResultFileReader::rows(ResultFileReader::read(dir.file("out/r.res")));
    CPPUNIT_ASSERT(rowSteps(dir.file("out/p.res")) == range(0, 50));
    CPPUNIT_ASSERT_EQUAL(ref.size(), rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i)
      for (std::size_t c = 0; c < ResultFileReader::columns; ++c)
        CPPUNIT_ASSERT_MESSAGE(rows[i].text + "\n" + ref[i].text,
                               std::abs(rows[i].values[c] - ref[i].values[c]) <= 2e-5 * std::abs(ref[i].values[c]));
    CPPUNIT_ASSERT(frameSteps(dir.file("out/p.xyz")) == range(0, 50, 5));

    // From the final checkpoint (step 50) with the same prefix: that file stays, the new final one is numbered.
    const std::string final50 = readFile(dir.file("out/p.restart.dat"));
    writeFile(dir.file("restart2.xml"), ljConfig("<file type=\"ASCII\">out/p.restart.dat</file>", plugins));
    CPPUNIT_ASSERT_EQUAL(0, runMardyn("-q --steps 55 -p out/p restart2.xml", dir, "C"));
    CPPUNIT_ASSERT_EQUAL(final50, readFile(dir.file("out/p.restart.dat")));
    CPPUNIT_ASSERT(readFile(dir.file("out/p-000000055.restart.dat")).find("# mardyn-step 55\n") != std::string::npos);
    CPPUNIT_ASSERT(readFile(dir.file("errC.txt")).find("which is kept; the final checkpoint is out/p-000000055") !=
                   std::string::npos);
    CPPUNIT_ASSERT(rowSteps(dir.file("out/p.res")) == range(0, 55));
  }

  void unwritableOutputStopsAtStartUp() {
    if (!available()) return;
    TempDir dir;
    writeFile(dir.file("config.xml"), ljConfig("generator", plugin("ResultWriter", 1)));
    writeFile(dir.file("blocker"), "a file where a directory should be\n");
    CPPUNIT_ASSERT_EQUAL(1, runMardyn("--steps 5 -p blocker/run config.xml", dir));
    CPPUNIT_ASSERT(readFile(dir.file("err.txt")).find("'blocker'") != std::string::npos);
    CPPUNIT_ASSERT(readFile(dir.file("out.txt")).find("Simstep = ") == std::string::npos);
    // Only the final checkpoint's path is unwritable: the run stops before its first step, not after its last.
    std::filesystem::create_directories(dir.file("out/f.restart.dat"));
    CPPUNIT_ASSERT_EQUAL(1, runMardyn("--steps 5 -p out/f config.xml", dir));
    CPPUNIT_ASSERT_MESSAGE(readFile(dir.file("err.txt")),
                           readFile(dir.file("err.txt")).find("out/f.restart.dat' cannot be written") != std::string::npos);
    CPPUNIT_ASSERT(readFile(dir.file("out.txt")).find("Simstep = 1\t") == std::string::npos);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(KillRestartTest);
