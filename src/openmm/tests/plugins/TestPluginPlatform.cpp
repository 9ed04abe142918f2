// TestPluginPlatform: a plugin that defines the platform "TestPlugin" (no kernels of its own) for the
// plugin-loading test; TestPluginFactories adds a kernel factory to it.
#include "openmm/Platform.h"
#include "openmm/PluginInitializer.h"

namespace {

class TestPluginPlatform : public OpenMM::Platform {
public:
  const std::string& getName() const override {
    static const std::string name = "TestPlugin";
    return name;
  }
  double getSpeed() const override { return 0.5; }
  bool supportsDoublePrecision() const override { return false; }
};

} // namespace

extern "C" void registerPlatforms() { OpenMM::Platform::registerPlatform(new TestPluginPlatform()); }

extern "C" void registerKernelFactories() {}
