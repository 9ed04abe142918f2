// The two entry points every plugin library exports. When plugins are loaded from a directory,
// registerPlatforms() runs on all of them before registerKernelFactories() runs on any.
#pragma once

extern "C" {
void registerPlatforms();
void registerKernelFactories();
}
