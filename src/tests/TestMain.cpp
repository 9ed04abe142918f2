// Test runner of mardyn_tests: runs every registered CppUnit suite, or only the suites named on
// the command line (ctest runs one suite per entry). `mardyn_tests --list` prints the suite names.
// Exit code 77 (ctest's skip code) when every test that ran skipped itself (tests/TestSkip.h).
#include "TestSkip.h"

#include <cppunit/BriefTestProgressListener.h>
#include <cppunit/TestListener.h>
#include <cppunit/CompilerOutputter.h>
#include <cppunit/TestResult.h>
#include <cppunit/TestResultCollector.h>
#include <cppunit/TestRunner.h>
#include <cppunit/extensions/TestFactoryRegistry.h>

#include <iostream>
#include <string>
#include <vector>

namespace {
/// Tells skipTest() which test is running.
class SkipListener : public CppUnit::TestListener {
 public:
  void startTest(CppUnit::Test* test) override {
    auto& record = mardyn::testing::skipRecord();
    record.currentTest = test->getName();
    record.run.insert(record.currentTest);
  }
};
}  // namespace

int main(int argc, char** argv) {
  CppUnit::Test* all = CppUnit::TestFactoryRegistry::getRegistry().makeTest();
  CppUnit::TestRunner runner;
  if (argc > 1 && std::string(argv[1]) == "--list") {
    for (int i = 0; i < all->getChildTestCount(); ++i) std::cout << all->getChildTestAt(i)->getName() << "\n";
    delete all;
    return 0;
  }
  runner.addTest(all);  // the runner owns the whole tree; suites are run by name below
  std::vector<std::string> names;
  for (int i = 1; i < argc; ++i) {
    try {
      all->findTest(argv[i]);
    } catch (const std::exception&) {
      std::cerr << "mardyn_tests: no test suite named '" << argv[i] << "' (try --list)\n";
      return 2;
    }
    names.emplace_back(argv[i]);
  }
  if (names.empty()) names.emplace_back();  // empty path: the whole tree
  CppUnit::TestResult controller;
  CppUnit::TestResultCollector result;
  CppUnit::BriefTestProgressListener progress;
  controller.addListener(&result);
  controller.addListener(&progress);
  SkipListener skips;
  controller.addListener(&skips);
  controller.pushProtector(new mardyn::testing::SkipProtector());  // the controller owns it
  for (const auto& name : names) runner.run(controller, name);
  CppUnit::CompilerOutputter outputter(&result, std::cerr);
  outputter.write();
  if (!result.wasSuccessful()) return 1;
  return mardyn::testing::everyTestSkipped() ? 77 : 0;
}
