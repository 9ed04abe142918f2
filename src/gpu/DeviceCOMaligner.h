// DeviceCOMaligner: ls1's COMaligner on the device: the centre of mass summed there, the move computed by
// the plugin, every owned molecule shifted there; the cells are rebuilt after a move
// (kernels/DeviceCOMaligner.cc).
#pragma once

#include "gpu/DevicePlugin.h"
#include "gpu/DevicePluginKernels.h"
#include "plugins/COMaligner.h"

namespace mardyn::gpu {

class DeviceCOMaligner : public DevicePlugin {
 public:
  DeviceCOMaligner(COMaligner& plugin, DevicePluginKernels& kernels) : _plugin(plugin), _k(kernels) {}
  void run(PluginHook hook, PluginStep& step, double drift) override;

 private:
  COMaligner& _plugin;
  DevicePluginKernels& _k;
};

}  // namespace mardyn::gpu
