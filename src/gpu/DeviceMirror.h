// DeviceMirror: ls1's Mirror types 1 and 2 on the device after the forces, at the plane where the plugin
// stands (it follows DistControl on the host) (kernels/DeviceMirror.cc).
#pragma once

#include "gpu/DevicePlugin.h"
#include "gpu/DevicePluginKernels.h"
#include "plugins/Mirror.h"

namespace mardyn::gpu {

class DeviceMirror : public DevicePlugin {
 public:
  DeviceMirror(Mirror& plugin, DevicePluginKernels& kernels) : _plugin(plugin), _k(kernels) {}
  /// Type 5 draws a random number per molecule in the host's order and removes molecules: through the host.
  static bool fits(const Mirror& plugin) { return plugin.config().type != 5; }
  void run(PluginHook hook, PluginStep& step, double drift) override;

 private:
  Mirror& _plugin;
  DevicePluginKernels& _k;
};

}  // namespace mardyn::gpu
