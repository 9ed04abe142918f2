// DevicePluginRegistry: the one table of the physics plugins that have a device implementation, by name;
// the others run through the host. Adding one is its Device<Name> files, its kernel file and one entry here.
#pragma once

#include "gpu/DevicePlugin.h"
#include "gpu/DevicePluginKernels.h"

#include <memory>
#include <vector>

namespace mardyn::gpu {

class DevicePluginRegistry {
 public:
  /// Whether the plugin runs on the device: its name is in the table and its settings fit the device.
  static bool runsOnDevice(const PhysicsPlugin& plugin);
  /// Its device implementation; throws MardynException for a plugin that runs through the host.
  static std::unique_ptr<DevicePlugin> create(PhysicsPlugin& plugin, DevicePluginKernels& kernels,
                                              const std::vector<Component>& components);
};

}  // namespace mardyn::gpu
