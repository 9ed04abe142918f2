// Test runner of mardyn_tests: runs every registered CppUnit suite, or only the suites named on
// the command line (ctest runs one suite per entry). `mardyn_tests --list` prints the suite names.
#include <cppunit/BriefTestProgressListener.h>
#include <cppunit/CompilerOutputter.h>
#include <cppunit/TestResult.h>
#include <cppunit/TestResultCollector.h>
#include <cppunit/TestRunner.h>
#include <cppunit/extensions/TestFactoryRegistry.h>

#include <iostream>
#include <string>

int main(int argc, char** argv) {
  CppUnit::Test* all = CppUnit::TestFactoryRegistry::getRegistry().makeTest();
  CppUnit::TestRunner runner;
  if (argc > 1 && std::string(argv[1]) == "--list") {
    for (int i = 0; i < all->getChildTestCount(); ++i) std::cout << all->getChildTestAt(i)->getName() << "\n";
    return 0;
  }
  if (argc == 1) {
    runner.addTest(all);
  } else {
    for (int i = 1; i < argc; ++i) {
      CppUnit::Test* suite = nullptr;
      try {
        suite = all->findTest(argv[i]);
      } catch (const std::exception&) {
        std::cerr << "mardyn_tests: no test suite named '" << argv[i] << "' (try --list)\n";
        return 2;
      }
      runner.addTest(suite);
    }
  }
  CppUnit::TestResult controller;
  CppUnit::TestResultCollector result;
  CppUnit::BriefTestProgressListener progress;
  controller.addListener(&result);
  controller.addListener(&progress);
  runner.run(controller);
  CppUnit::CompilerOutputter outputter(&result, std::cerr);
  outputter.write();
  return result.wasSuccessful() ? 0 : 1;
}
