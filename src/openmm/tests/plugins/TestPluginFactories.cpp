// TestPluginFactories: a plugin that only adds a KernelFactory for "TestPluginKernel" to the platform
// "TestPlugin" defined by another plugin, which must already be registered when this runs.
#include "openmm/KernelFactory.h"
#include "openmm/KernelImpl.h"
#include "openmm/Platform.h"
#include "openmm/PluginInitializer.h"

namespace {

class TestPluginKernel : public OpenMM::KernelImpl {
public:
  TestPluginKernel(std::string name, const OpenMM::Platform& platform) : KernelImpl(name, platform) {}
};

class TestPluginKernelFactory : public OpenMM::KernelFactory {
public:
  OpenMM::KernelImpl* createKernelImpl(std::string name, const OpenMM::Platform& platform,
                                       OpenMM::ContextImpl&) const override {
    return new TestPluginKernel(name, platform);
  }
};

} // namespace

extern "C" void registerPlatforms() {}

extern "C" void registerKernelFactories() {
  OpenMM::Platform::getPlatformByName("TestPlugin")
      .registerKernelFactory("TestPluginKernel", new TestPluginKernelFactory());
}
