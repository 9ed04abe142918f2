// Device selection without a device: "backend[:index]" parsing, environment overrides, the node-local
// rank to GPU mapping, and the backend registry's lookups and error messages.
#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>

#include "compute/ComputeBackends.h"
#include "compute/DeviceSelection.h"

using namespace mardyn::compute;

class DeviceSelectionTest : public CppUnit::TestFixture {
  CPPUNIT_TEST_SUITE(DeviceSelectionTest);
  CPPUNIT_TEST(parse);
  CPPUNIT_TEST(localRank);
  CPPUNIT_TEST(environment);
  CPPUNIT_TEST(registry);
  CPPUNIT_TEST_SUITE_END();

 public:
  void parse() {
    auto s = DeviceSelection::parse("CUDA:2");
    CPPUNIT_ASSERT_EQUAL(std::string("cuda"), s.backend);
    CPPUNIT_ASSERT_EQUAL(2, s.index);
    s = DeviceSelection::parse("opencl");
    CPPUNIT_ASSERT_EQUAL(-1, s.index);
    CPPUNIT_ASSERT_EQUAL(std::string("opencl"), s.toString());
    CPPUNIT_ASSERT_THROW(DeviceSelection::parse("cuda:x"), ComputeException);
    CPPUNIT_ASSERT_THROW(DeviceSelection::parse("cuda:"), ComputeException);
    CPPUNIT_ASSERT_THROW(DeviceSelection::parse(":1"), ComputeException);
  }

  void localRank() {
    CPPUNIT_ASSERT_EQUAL(0, DeviceSelection::deviceForLocalRank(4, 4));
    CPPUNIT_ASSERT_EQUAL(3, DeviceSelection::deviceForLocalRank(7, 4));
    CPPUNIT_ASSERT_EQUAL(0, DeviceSelection::deviceForLocalRank(3, 0));
    setenv("OMPI_COMM_WORLD_LOCAL_RANK", "5", 1);
    CPPUNIT_ASSERT_EQUAL(5, DeviceSelection::nodeLocalRankFromEnvironment());
    unsetenv("OMPI_COMM_WORLD_LOCAL_RANK");
  }

  void environment() {
    setenv("MARDYN_DEVICE", "opencl:1", 1);
    setenv("MARDYN_PRECISION", "mixed", 1);
    setenv("MARDYN_COMPUTE_SYNC", "1", 1);
    setenv("MARDYN_KERNEL_CACHE", "none", 1);
    const ContextOptions options = ContextOptions().withEnvironment();
    unsetenv("MARDYN_DEVICE");
    unsetenv("MARDYN_PRECISION");
    unsetenv("MARDYN_COMPUTE_SYNC");
    unsetenv("MARDYN_KERNEL_CACHE");
    CPPUNIT_ASSERT_EQUAL(std::string("opencl"), options.backend);
    CPPUNIT_ASSERT_EQUAL(1, options.deviceIndex);
    CPPUNIT_ASSERT(options.precision == Precision::Mixed);
    CPPUNIT_ASSERT(options.syncAfterLaunch);
    CPPUNIT_ASSERT_EQUAL(std::string(""), options.resolvedCacheDirectory());
    ContextOptions cached;
    cached.cacheDirectory = "/some/dir";
    CPPUNIT_ASSERT_EQUAL(std::string("/some/dir"), cached.resolvedCacheDirectory());
  }

  void registry() {
    BackendRegistry registry = availableBackends();
    ContextOptions options;
    options.backend = "nosuchbackend";
    CPPUNIT_ASSERT_THROW(registry.create(options), ComputeException);
    CPPUNIT_ASSERT_THROW(registry.devices("nosuchbackend"), ComputeException);
    BackendRegistry own;
    own.add("fake", [] { return DeviceList{{}, "no fake device"}; }, [](const ContextOptions&) { return nullptr; });
    CPPUNIT_ASSERT_THROW(own.add("fake", {}, {}), ComputeException);
    options.backend = "auto";
    try {
      own.create(options);
      CPPUNIT_FAIL("a registry without devices created a context");
    } catch (const ComputeException& error) {
      CPPUNIT_ASSERT(std::string(error.what()).find("no fake device") != std::string::npos);
    }
    for (const auto& name : registry.names()) {
      const DeviceList list = registry.devices(name);
      CPPUNIT_ASSERT(!list.devices.empty() || !list.unavailableReason.empty());
      if (list.devices.empty()) {
        options.backend = name;
        options.deviceIndex = 0;
        CPPUNIT_ASSERT_THROW(registry.create(options), ComputeException);
      } else {
        options.backend = name;
        options.deviceIndex = static_cast<int>(list.devices.size());
        CPPUNIT_ASSERT_THROW(registry.create(options), ComputeException);
      }
    }
  }
};

CPPUNIT_TEST_SUITE_REGISTRATION(DeviceSelectionTest);
