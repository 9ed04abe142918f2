// DeviceDriftCtrl: ls1's DriftCtrl on the device: the velocity sample per group and bin summed there, the
// corrections computed by the plugin over every process's samples, applied there (kernels/DeviceDriftCtrl.cc).
#pragma once

#include "gpu/DevicePlugin.h"
#include "gpu/DevicePluginKernels.h"
#include "plugins/DriftCtrl.h"

namespace mardyn::gpu {

class DeviceDriftCtrl : public DevicePlugin {
 public:
  DeviceDriftCtrl(DriftCtrl& plugin, DevicePluginKernels& kernels) : _plugin(plugin), _k(kernels) {}
  void run(PluginHook hook, PluginStep& step, double drift) override;

 private:
  DriftCtrl& _plugin;
  DevicePluginKernels& _k;
};

}  // namespace mardyn::gpu
