// Test runner of mardyn_mpi_tests (run under mpirun): initialises MPI, runs every registered suite (or the
// one named as the argument) on every rank, prints rank 0's progress and every rank's failures; fails if
// any rank failed.
#include <cppunit/BriefTestProgressListener.h>
#include <cppunit/CompilerOutputter.h>
#include <cppunit/TestResult.h>
#include <cppunit/TestResultCollector.h>
#include <cppunit/TestRunner.h>
#include <cppunit/extensions/TestFactoryRegistry.h>

#include <mpi.h>

#include <iostream>
#include <sstream>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  CppUnit::TestRunner runner;
  runner.addTest(CppUnit::TestFactoryRegistry::getRegistry().makeTest());
  CppUnit::TestResult controller;
  CppUnit::TestResultCollector result;
  CppUnit::BriefTestProgressListener progress;
  controller.addListener(&result);
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
