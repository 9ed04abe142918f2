// Skipped tests: a test that cannot run here (no compute device) calls skipTest(reason) and returns, or
// throws SkipTest (also from setUp: the test body is then not run; SkipProtector catches it). TestMain
// exits with ctest's skip code (77) when every test it ran was skipped, so that ctest reports the entry as
// skipped, never as passed.
#pragma once

#include <cppunit/Protector.h>

#include <iostream>
#include <set>
#include <string>

namespace mardyn::testing {

struct SkipRecord {
  std::string currentTest;
  std::set<std::string> run, skipped;
};

inline SkipRecord& skipRecord() {
  static SkipRecord record;
  return record;
}

/// Marks the running test as skipped, printing why.
inline void skipTest(const std::string& reason) {
  std::cout << "\n  [skipped] " << skipRecord().currentTest << ": " << reason << std::flush;
  skipRecord().skipped.insert(skipRecord().currentTest);
}

/// Thrown by a test or its setUp to skip it (not a std::exception, so that only SkipProtector catches it).
struct SkipTest {
  std::string reason;
};

/// Innermost protector of a test run: a SkipTest marks the test skipped instead of failing it.
class SkipProtector : public CppUnit::Protector {
 public:
  bool protect(const CppUnit::Functor& functor, const CppUnit::ProtectorContext&) override {
    try {
      return functor();
    } catch (const SkipTest& skip) {
      skipTest(skip.reason);
      return false;
    }
  }
};

/// Whether at least one test ran and every test that ran was skipped.
inline bool everyTestSkipped() {
  const SkipRecord& r = skipRecord();
  return !r.run.empty() && r.skipped.size() == r.run.size();
}

}  // namespace mardyn::testing
