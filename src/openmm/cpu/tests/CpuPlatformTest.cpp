// Runs the shared platform test bodies (PlatformTestBase) on the CPU platform.
// The plugin is loaded by the base fixture from OPENMM_PLUGIN_DIR.
#include "CpuPlatform.h"
#include "PlatformTestBase.h"

class CpuPlatformTest : public PlatformTestBase {
    CPPUNIT_TEST_SUB_SUITE(CpuPlatformTest, PlatformTestBase);
    CPPUNIT_TEST(processorSupported);
    CPPUNIT_TEST_SUITE_END();

public:
    void processorSupported() { CPPUNIT_ASSERT(OpenMM::CpuPlatform::isProcessorSupported()); }

protected:
    std::string platformName() const override { return "CPU"; }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CpuPlatformTest);
