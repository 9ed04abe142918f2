// CellProcessorRegistryTest: the CPU cell processors by name and the automatic choice (Verlet lists where
// they fit, the cell traversals otherwise), with the container cutoff each needs.
#include "particleContainer/CellProcessorFactory.h"
#include "particleContainer/tests/MultiSiteTestSystems.h"
#include "utils/MardynException.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace mardyn;
using namespace mardyn::testing;

class CellProcessorRegistryTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(CellProcessorRegistryTest);
  CPPUNIT_TEST(automaticChoice);
  CPPUNIT_TEST(byName);
  CPPUNIT_TEST(badNames);
  CPPUNIT_TEST_SUITE_END();

  static std::vector<Component> lj() {
    Component c(0, "LJ");
    c.addLJCenter(LJCenter{{0, 0, 0}, 1.0, 1.0, 1.0, false});
    return {c};
  }

  static CellProcessorFactory::Options region(double width) {
    CellProcessorFactory::Options o;
    o.regionMin = {0, 0, 0};
    o.regionMax = {width, width, width};
    return o;
  }

 public:
  void automaticChoice() {
    const auto single = lj();
    const InteractionParameters p1(single, 2.5);
    auto c = CellProcessorFactory::create(single, p1, region(10.0));
    CPPUNIT_ASSERT_EQUAL(std::string("verlet-list"), c.name);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(2.5 * 1.12, c.containerCutoff, 1e-12);
    CPPUNIT_ASSERT_EQUAL(std::string("single-centre"), CellProcessorFactory::create(single, p1, region(2.6)).name);
    auto noSkin = region(10.0);
    noSkin.verletSkin = 0.0;
    c = CellProcessorFactory::create(single, p1, noSkin);
    CPPUNIT_ASSERT_EQUAL(std::string("single-centre"), c.name);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(2.5, c.containerCutoff, 1e-12);

    const auto multi = multiSiteComponents();
    InteractionParameters p2 = multiSiteParameters(multi, 3.0, 20.0);
    CPPUNIT_ASSERT_EQUAL(std::string("multi-site-verlet-list"), CellProcessorFactory::create(multi, p2, region(10.0)).name);
    auto device = region(10.0);
    device.deviceTraversal = true;
    c = CellProcessorFactory::create(multi, p2, device);
    CPPUNIT_ASSERT_EQUAL(std::string("vectorized"), c.name);
    CPPUNIT_ASSERT_DOUBLES_EQUAL(3.0 * 1.12, c.containerCutoff, 1e-12);  // the device's cells
    p2.setSwitchingWidth(0.5);
    CPPUNIT_ASSERT_EQUAL(std::string("vectorized"), CellProcessorFactory::create(multi, p2, region(10.0)).name);
  }

  void byName() {
    const auto single = lj();
    const InteractionParameters p(single, 2.5);
    for (const std::string& name : CellProcessorFactory::names()) {
      auto o = region(10.0);
      o.name = name;
      const auto c = CellProcessorFactory::create(single, p, o);
      CPPUNIT_ASSERT_EQUAL(name, c.name);
      CPPUNIT_ASSERT(c.processor != nullptr);
    }
    auto o = region(10.0);
    o.legacy = true;
    CPPUNIT_ASSERT_EQUAL(std::string("legacy"), CellProcessorFactory::create(single, p, o).name);
  }

  void badNames() {
    const auto multi = multiSiteComponents();
    const InteractionParameters p = multiSiteParameters(multi, 3.0, 20.0);
    auto o = region(10.0);
    o.name = "verlet-list";  // single-centre LJ only
    CPPUNIT_ASSERT_THROW(CellProcessorFactory::create(multi, p, o), MardynException);
    o.name = "no-such-processor";
    CPPUNIT_ASSERT_THROW(CellProcessorFactory::create(multi, p, o), MardynException);
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CellProcessorRegistryTest);
