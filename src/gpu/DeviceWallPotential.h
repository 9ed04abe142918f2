// DeviceWallPotential: ls1's WallPotential on the device: the wall's force and torque on every LJ centre
// near it, from step 1 on (kernels/DeviceWallPotential.cc).
#pragma once

#include "gpu/DevicePlugin.h"
#include "gpu/DevicePluginKernels.h"
#include "plugins/WallPotential.h"

namespace mardyn::gpu {

class DeviceWallPotential : public DevicePlugin {
 public:
  DeviceWallPotential(WallPotential& plugin, DevicePluginKernels& kernels, std::size_t numComponents);
  void run(PluginHook hook, PluginStep& step, double drift) override;

 private:
  WallPotential& _plugin;
  DevicePluginKernels& _k;
  compute::ArrayInterface* _mixing;
};

}  // namespace mardyn::gpu
