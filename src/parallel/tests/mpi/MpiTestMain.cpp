// Test runner of mardyn_mpi_tests (run under mpirun): initialises MPI, runs every registered suite (or the
// one named as the argument) on every rank, prints rank 0's progress and every rank's failures; fails if
// any rank failed. A test that runs past MARDYN_MPI_TEST_WATCHDOG seconds (default 240) ends its rank with
// a message naming it: a collective that only some ranks entered fails the test instead of spinning until
// ctest's timeout.
#include <cppunit/BriefTestProgressListener.h>
#include <cppunit/CompilerOutputter.h>
#include <cppunit/Test.h>
#include <cppunit/TestListener.h>
#include <cppunit/TestResult.h>
#include <cppunit/TestResultCollector.h>
#include <cppunit/TestRunner.h>
#include <cppunit/extensions/TestFactoryRegistry.h>

#include <mpi.h>

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace {
char g_current[512] = "(before the first test)";
int g_rank = 0;
unsigned g_limit = 240;

extern "C" void onWatchdog(int) {
  // Only async-signal-safe calls here.
  char msg[768];
  const int n = std::snprintf(msg, sizeof msg, "\n[rank %d] %s ran past the watchdog's %u s: a hang (a collective "
                                               "only some ranks entered?) or a machine far too loaded\n",
                              g_rank, g_current, g_limit);
  if (n > 0) (void)!::write(2, msg, static_cast<std::size_t>(n));
  _exit(3);
}

/// Arms the watchdog for each test.
class Watchdog : public CppUnit::TestListener {
 public:
  void startTest(CppUnit::Test* test) override {
    std::strncpy(g_current, test->getName().c_str(), sizeof g_current - 1);
    alarm(g_limit);
  }
  void endTest(CppUnit::Test*) override { alarm(0); }
};
}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  g_rank = rank;
  if (const char* limit = std::getenv("MARDYN_MPI_TEST_WATCHDOG")) g_limit = static_cast<unsigned>(std::atoi(limit));
  std::signal(SIGALRM, onWatchdog);
  CppUnit::TestRunner runner;
  runner.addTest(CppUnit::TestFactoryRegistry::getRegistry().makeTest());
  CppUnit::TestResult controller;
  CppUnit::TestResultCollector result;
  CppUnit::BriefTestProgressListener progress;
  Watchdog watchdog;
  controller.addListener(&result);
  controller.addListener(&watchdog);
  if (rank == 0) controller.addListener(&progress);
  runner.run(controller, argc > 1 ? argv[1] : "");  // a suite or test name runs only that
  std::ostringstream failures;
  CppUnit::CompilerOutputter outputter(&result, failures);
  outputter.write();
  const int ok = result.wasSuccessful() ? 1 : 0;
  if (!ok || rank == 0) std::cerr << "[rank " << rank << "] " << failures.str();
  int allOk = 0;
  MPI_Allreduce(&ok, &allOk, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  MPI_Finalize();
  return allOk ? 0 : 1;
}
