// DeviceMaxCheck: ls1's MaxCheck on the device, before the first half kick and after the forces of the steps it
// acts at (kernels/DeviceMaxCheck.cc): method 3 first removes the molecules over a limit, then methods 1 and 2
// limit the others.
#pragma once

#include "gpu/DevicePlugin.h"
#include "gpu/DevicePluginKernels.h"
#include "plugins/MaxCheck.h"

namespace mardyn::gpu {

class DeviceMaxCheck : public DevicePlugin {
 public:
  DeviceMaxCheck(MaxCheck& plugin, DevicePluginKernels& kernels, std::size_t numComponents);
  void run(PluginHook hook, PluginStep& step, double drift) override;
  bool takeRemoved() override;

 private:
  MaxCheck& _plugin;
  DevicePluginKernels& _k;
  compute::ArrayInterface* _limits;
  bool _removes = false;  ///< a target of method 3
  bool _removed = false;  ///< the last hook removed molecules
};

}  // namespace mardyn::gpu
