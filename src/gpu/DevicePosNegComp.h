// DevicePosNegComp: ls1's PosNegComp on the device, before and after the forces: every molecule, owned or
// halo copy, between the planes takes its component by the sign of v_y (kernels/DevicePosNegComp.cc).
#pragma once

#include "gpu/DevicePlugin.h"
#include "gpu/DevicePluginKernels.h"
#include "plugins/PosNegComp.h"

namespace mardyn::gpu {

class DevicePosNegComp : public DevicePlugin {
 public:
  DevicePosNegComp(PosNegComp& plugin, DevicePluginKernels& kernels) : _plugin(plugin), _k(kernels) {}
  void run(PluginHook hook, PluginStep& step, double drift) override;
  bool changesComponents() const override { return true; }

 private:
  PosNegComp& _plugin;
  DevicePluginKernels& _k;
};

}  // namespace mardyn::gpu
