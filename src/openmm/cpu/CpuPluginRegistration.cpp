// Entry points of the CPU platform plugin: registerPlatforms() adds the CPU platform to the registry;
// its kernel factory is registered by the platform itself, so registerKernelFactories() has nothing to add.
#include "CpuPlatform.h"
#include "openmm/PluginInitializer.h"

extern "C" void registerPlatforms() { OpenMM::Platform::registerPlatform(new OpenMM::CpuPlatform()); }

extern "C" void registerKernelFactories() {}
