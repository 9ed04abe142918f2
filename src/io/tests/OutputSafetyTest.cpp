// OutputSafetyTest: what protects a run's files from other runs and from the system: a second run with the
// prefix of a running one stops at start-up naming that run's process (they used to mix their rows, frames and
// checkpoints); temporary files of dead writers are removed at start; a restart appends only to the .res and
// trajectory of its own run chain; the file-size limit (SIGXFSZ, EFBIG) is the same clear error as a full disk;
// checkpoints are synced to the disk before they take their names.
#include "io/AtomicFile.h"
#include "io/ResultFileReader.h"
#include "io/StreamingFile.h"
#include "io/WriteError.h"
#include "io/tests/MardynProcess.h"
#include "tests/TestSkip.h"

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <csignal>
#include <sstream>
#include <sys/resource.h>
#include <thread>
#include <vector>

using namespace mardyn;
using namespace mardyn::iotest;

namespace {
/// The id a "# mardyn-chain <id>" line of `text` names (the first), or "".
std::string chainIn(const std::string& text) {
  const auto at = text.find("# mardyn-chain ");
  return at == std::string::npos ? std::string() : text.substr(at + 15, text.find('\n', at) - at - 15);
}

/// A pid that no process has (a child that has ended and was reaped).
pid_t deadPid() {
  const pid_t pid = fork();
  if (pid == 0) _exit(0);
  waitpid(pid, nullptr, 0);
  return pid;
}
}  // namespace

class OutputSafetyTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(OutputSafetyTest);
  CPPUNIT_TEST(secondRunWithThePrefixStops);
  CPPUNIT_TEST(staleTemporaryFilesRemoved);
  CPPUNIT_TEST(restartAppendsOnlyToItsChain);
  CPPUNIT_TEST(fileSizeLimitIsAnError);
  CPPUNIT_TEST(fullDiskAndSizeLimitSayTheSame);
  CPPUNIT_TEST(checkpointSyncedBeforeRename);
  CPPUNIT_TEST_SUITE_END();

 public:
  void setUp() override {
    if (!std::filesystem::exists(mardynPath()))
      throw testing::SkipTest{"no mardyn executable beside mardyn_tests; build the mardyn target"};
  }

  void secondRunWithThePrefixStops() {
    TempDir dir;
    writeFile(dir.file("config.xml"), ljConfig("generator", plugin("ResultWriter", 1) + plugin("CheckpointWriter", 50)));
    const pid_t first = spawnMardyn({"--steps", "1000000", "-p", "out/s", "config.xml"}, dir, "A");
    CPPUNIT_ASSERT(first > 0);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (lastStepLine(readFile(dir.file("outA.txt"))) < 3 && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const int second = runMardyn("--steps 5 -p out/s config.xml", dir, "B");
    const std::string err = readFile(dir.file("errB.txt"));
    kill(first, SIGKILL);
    waitpid(first, nullptr, 0);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(err, 1, second);
    CPPUNIT_ASSERT_MESSAGE(err, err.find("the output prefix 'out/s' is in use by process " + std::to_string(first) +
                                         " on host ") != std::string::npos);
    CPPUNIT_ASSERT(readFile(dir.file("outB.txt")).find("Simstep") == std::string::npos);
    // The .res is the first run's alone: one header, rows 0, 1, 2, ... without a gap or a repeat.
    const std::string res = readFile(dir.file("out/s.res"));
    CPPUNIT_ASSERT_EQUAL(res.find("simulation started"), res.rfind("simulation started"));
    const auto rows = ResultFileReader::rows(ResultFileReader::read(dir.file("out/s.res")));
    for (std::size_t i = 0; i < rows.size(); ++i) CPPUNIT_ASSERT_EQUAL(static_cast<unsigned long>(i), rows[i].step);
    // The killed run's lock went with its process: the prefix is free again, and free after a run's end.
    CPPUNIT_ASSERT_EQUAL(0, runMardyn("-q --steps 2 -p out/s config.xml", dir, "C"));
    CPPUNIT_ASSERT(!std::filesystem::exists(dir.file("out/s.lock")));
  }

  void staleTemporaryFilesRemoved() {
    TempDir dir;
    writeFile(dir.file("config.xml"), ljConfig("generator", plugin("ResultWriter", 1)));
    const std::string dead = std::to_string(deadPid()), alive = std::to_string(getpid());
    for (const std::string f : {"out/t-000000020.restart.dat.tmp" + dead, "out/t.res.tmp" + dead,
                                "out/t.restart.dat.tmp" + alive, "out/other.res.tmp" + dead})
      writeFile(dir.file(f), "left behind\n");
    CPPUNIT_ASSERT_EQUAL(0, runMardyn("-q --steps 2 -p out/t config.xml", dir));
    CPPUNIT_ASSERT(!std::filesystem::exists(dir.file("out/t-000000020.restart.dat.tmp" + dead)));
    CPPUNIT_ASSERT(!std::filesystem::exists(dir.file("out/t.res.tmp" + dead)));
    CPPUNIT_ASSERT(std::filesystem::exists(dir.file("out/t.restart.dat.tmp" + alive)));  // its writer still runs
    CPPUNIT_ASSERT(std::filesystem::exists(dir.file("out/other.res.tmp" + dead)));       // another prefix's
    const std::string err = readFile(dir.file("err.txt"));
    CPPUNIT_ASSERT_MESSAGE(err, err.find("Removed out/t-000000020.restart.dat.tmp" + dead) != std::string::npos);
  }

  /// Run b's checkpoint restarted with the prefix of an unrelated run a: a's results stay as they are.
  void restartAppendsOnlyToItsChain() {
    TempDir dir;
    const std::string plugins = plugin("ResultWriter", 1) + plugin("XyzWriter", 5) + plugin("CheckpointWriter", 10);
    writeFile(dir.file("config.xml"), ljConfig("generator", plugins));
    CPPUNIT_ASSERT_EQUAL(0, runMardyn("-q --steps 20 -p out/a config.xml", dir));
    CPPUNIT_ASSERT_EQUAL(0, runMardyn("-q --steps 20 -p out/b config.xml", dir));
    const std::string chainA = chainIn(readFile(dir.file("out/a.res")));
    const std::string chainB = chainIn(readFile(dir.file("out/b-000000010.restart.dat")));
    CPPUNIT_ASSERT_EQUAL(std::size_t(16), chainA.size());
    CPPUNIT_ASSERT(chainA != chainB);
    CPPUNIT_ASSERT_EQUAL(chainA, chainIn(readFile(dir.file("out/a-000000010.restart.dat"))));
    const std::string resA = readFile(dir.file("out/a.res")), xyzA = readFile(dir.file("out/a.xyz"));

    writeFile(dir.file("restart.xml"), ljConfig("<file type=\"ASCII\">out/b-000000010.restart.dat</file>", plugins));
    CPPUNIT_ASSERT_EQUAL(1, runMardyn("-q --steps 20 -p out/a restart.xml", dir, "R"));
    const std::string err = readFile(dir.file("errR.txt"));
    CPPUNIT_ASSERT_MESSAGE(err, err.find("'out/a.res' holds the results of another run (run chain " + chainA) !=
                                    std::string::npos);
    CPPUNIT_ASSERT_MESSAGE(err, err.find("continues run chain " + chainB) != std::string::npos);
    CPPUNIT_ASSERT_EQUAL(resA, readFile(dir.file("out/a.res")));
    // Without a ResultWriter, the trajectory says the same.
    writeFile(dir.file("restart2.xml"), ljConfig("<file type=\"ASCII\">out/b-000000010.restart.dat</file>",
                                                 plugin("XyzWriter", 5)));
    CPPUNIT_ASSERT_EQUAL(1, runMardyn("-q --steps 20 -p out/a restart2.xml", dir, "X"));
    CPPUNIT_ASSERT_MESSAGE(readFile(dir.file("errX.txt")),
                           readFile(dir.file("errX.txt")).find("'out/a.xyz' holds frames of another run") != std::string::npos);
    CPPUNIT_ASSERT_EQUAL(xyzA, readFile(dir.file("out/a.xyz")));
    // Its own prefix continues: rows 0..20 once each, one chain.
    CPPUNIT_ASSERT_EQUAL(0, runMardyn("-q --steps 20 -p out/b restart.xml", dir, "B"));
    const auto rows = ResultFileReader::rows(ResultFileReader::read(dir.file("out/b.res")));
    CPPUNIT_ASSERT_EQUAL(std::size_t(21), rows.size());
    CPPUNIT_ASSERT_EQUAL(chainB, chainIn(readFile(dir.file("out/b.res"))));
  }

  /// `ulimit -f` below the trajectory's size: the run used to die on SIGXFSZ (exit 153) without a word.
  void fileSizeLimitIsAnError() {
    TempDir dir;
    writeFile(dir.file("config.xml"), ljConfig("generator", plugin("ResultWriter", 1) + plugin("XyzWriter", 1)));
    const int code = runMardyn("-q --steps 20 -p out/f config.xml", dir, "", "ulimit -f 64;");
    const std::string err = readFile(dir.file("err.txt"));
    CPPUNIT_ASSERT_EQUAL_MESSAGE(err, 1, code);
    CPPUNIT_ASSERT_MESSAGE(err, err.find("writing the output file 'out/f.xyz' failed: File too large (the file reached "
                                         "this process's file-size limit of ") != std::string::npos);
  }

  /// A full disk (/dev/full) and the file-size limit (in a child process) give one message, for streamed files
  /// and for atomic ones.
  void fullDiskAndSizeLimitSayTheSame() {
    std::string full;
    try {
      StreamingFile f("/dev/full", StreamingFile::Mode::Append);
      f.write(std::string(1 << 16, 'x'));
    } catch (const WriteError& e) {
      full = e.what();
    }
    CPPUNIT_ASSERT_EQUAL(std::string("writing the output file '/dev/full' failed: No space left on device"), full);
    TempDir dir;
    int pipeFd[2];
    CPPUNIT_ASSERT(pipe(pipeFd) == 0);
    const pid_t pid = fork();
    if (pid == 0) {
      close(pipeFd[0]);
      std::signal(SIGXFSZ, SIG_IGN);
      rlimit limit{4096, 4096};
      setrlimit(RLIMIT_FSIZE, &limit);
      std::string message = "no error";
      try {
        AtomicFile::write(dir.file("big.dat"), std::string(1 << 20, 'x'));
      } catch (const WriteError& e) {
        message = e.what();
      } catch (const std::exception& e) {  // any other error is reported too: the child must not return
        message = std::string("not a WriteError: ") + e.what();
      }
      (void)!write(pipeFd[1], message.data(), message.size());
      _exit(0);
    }
    close(pipeFd[1]);
    std::string message;
    char buf[512];
    for (ssize_t n; (n = read(pipeFd[0], buf, sizeof buf)) > 0;) message.append(buf, static_cast<std::size_t>(n));
    close(pipeFd[0]);
    waitpid(pid, nullptr, 0);
    CPPUNIT_ASSERT_EQUAL(std::string("writing the output file '" + dir.file("big.dat") +
                                     "' failed: File too large (the file reached this process's file-size limit of "
                                     "4096 bytes, `ulimit -f`)"),
                         message);
    CPPUNIT_ASSERT(!std::filesystem::exists(dir.file("big.dat")));  // nothing half-written took the name
  }

  /// The checkpoint's temporary file is synced (fsync) before it is renamed to its name (strace shows it).
  void checkpointSyncedBeforeRename() {
    if (std::system("strace -V > /dev/null 2>&1") != 0) {
      testing::skipTest("strace is not installed");
      return;
    }
    TempDir dir;
    writeFile(dir.file("config.xml"), ljConfig("generator", ""));
    // LeakSanitizer cannot run under ptrace: a sanitized build traced here checks no leaks (its other runs do).
    CPPUNIT_ASSERT_EQUAL(0, runMardyn("-q --steps 1 -p out/c config.xml", dir, "",
                                      "ASAN_OPTIONS=\"${ASAN_OPTIONS:-}:detect_leaks=0\"",
                                      "strace -f -o trace.txt -e trace=openat,fsync,fdatasync,rename,renameat,renameat2"));
    const std::string trace = readFile(dir.file("trace.txt"));
    std::vector<std::string> lines;
    {
      std::istringstream in(trace);
      for (std::string l; std::getline(in, l);) lines.push_back(l);
    }
    // The descriptor an openat line returns ("... = 4"), or "".
    const auto fdOf = [](const std::string& l) {
      const auto at = l.rfind("= ");
      return at == std::string::npos ? std::string() : l.substr(at + 2, l.find_first_not_of("0123456789", at + 2) - at - 2);
    };
    const auto find = [&](std::size_t from, std::size_t to, const std::string& a, const std::string& b = "") {
      for (std::size_t i = from; i < to && i < lines.size(); ++i)
        if (lines[i].find(a) != std::string::npos && lines[i].find(b) != std::string::npos) return i;
      return lines.size();
    };
    const std::size_t renamed = find(0, lines.size(), "rename", "\"out/c.restart.dat\")");
    CPPUNIT_ASSERT_MESSAGE(trace, renamed < lines.size());
    // The temporary file's last opening before the rename, and an fsync of its descriptor in between.
    std::size_t opened = lines.size();
    for (std::size_t i = 0; i < renamed; ++i)
      if (lines[i].find("openat(") != std::string::npos && lines[i].find(".restart.dat.tmp") != std::string::npos) opened = i;
    CPPUNIT_ASSERT_MESSAGE(trace, opened < renamed && !fdOf(lines[opened]).empty());
    CPPUNIT_ASSERT_MESSAGE("the checkpoint was renamed before it was synced:\n" + trace,
                           find(opened + 1, renamed, "fsync(" + fdOf(lines[opened]) + ")") < renamed);
    // After the rename, its directory is synced, so that the new name survives a crash of the machine.
    const std::size_t dirOpened = find(renamed + 1, lines.size(), "openat(AT_FDCWD, \"out\", ", "O_DIRECTORY");
    CPPUNIT_ASSERT_MESSAGE("the directory was not opened after the rename:\n" + trace, dirOpened < lines.size());
    CPPUNIT_ASSERT_MESSAGE("the directory was not synced after the rename:\n" + trace,
                           find(dirOpened + 1, lines.size(), "fsync(" + fdOf(lines[dirOpened]) + ")") < lines.size());
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(OutputSafetyTest);
