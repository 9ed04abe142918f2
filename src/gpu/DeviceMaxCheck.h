// DeviceMaxCheck: ls1's MaxCheck (methods 1 and 2) on the device, before the first half kick and after the
// forces of the steps it acts at (kernels/DeviceMaxCheck.cc).
#pragma once

#include "gpu/DevicePlugin.h"
#include "gpu/DevicePluginKernels.h"
#include "plugins/MaxCheck.h"

namespace mardyn::gpu {

class DeviceMaxCheck : public DevicePlugin {
 public:
  DeviceMaxCheck(MaxCheck& plugin, DevicePluginKernels& kernels, std::size_t numComponents);
  /// Method 3 removes molecules: that MaxCheck runs through the host.
  static bool fits(const MaxCheck& plugin);
  void run(PluginHook hook, PluginStep& step, double drift) override;

 private:
  MaxCheck& _plugin;
  DevicePluginKernels& _k;
  compute::ArrayInterface* _limits;
};

}  // namespace mardyn::gpu
