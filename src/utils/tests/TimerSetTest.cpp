// TimerSetTest: a timer keeps its place while others are added (a ScopedTimer holds one while the timed
// code names new ones: the Simulation's exchange reads the force timer inside the "cells" scope), and the
// timers are listed in the order they were first used.
#include "utils/TimerSet.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace mardyn;

class TimerSetTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(TimerSetTest);
  CPPUNIT_TEST(timersStayWhereTheyAre);
  CPPUNIT_TEST_SUITE_END();

 public:
  void timersStayWhereTheyAre() {
    TimerSet set;
    Timer& cells = set["cells"];
    cells.start();
    for (int k = 0; k < 100; ++k) set["timer " + std::to_string(k)];
    cells.stop();
    CPPUNIT_ASSERT_EQUAL(&cells, &set["cells"]);
    CPPUNIT_ASSERT(set["cells"].seconds() >= 0.0);
    CPPUNIT_ASSERT_EQUAL(std::size_t(101), set.all().size());
    CPPUNIT_ASSERT_EQUAL(std::string("cells"), set.all().front().first);
    CPPUNIT_ASSERT_EQUAL(std::string("timer 99"), set.all().back().first);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(TimerSetTest);
