// DeviceDistControl: ls1's DistControl with its sample taken on the device (the counts per bin travel, not
// the molecules); the plugin evaluates the interfaces and moves the regions and mirrors that follow them
// (kernels/DeviceDistControl.cc).
#pragma once

#include "gpu/DevicePlugin.h"
#include "gpu/DevicePluginKernels.h"
#include "plugins/DistControl.h"

namespace mardyn::gpu {

class DeviceDistControl : public DevicePlugin {
 public:
  DeviceDistControl(DistControl& plugin, DevicePluginKernels& kernels, std::size_t numComponents)
      : _plugin(plugin), _k(kernels), _numComponents(numComponents) {}
  bool init(PluginStep& step) override;
  bool changesMolecules() const override { return false; }
  void run(PluginHook hook, PluginStep& step, double drift) override;

 private:
  void sample(double drift);
  DistControl& _plugin;
  DevicePluginKernels& _k;
  std::size_t _numComponents;
};

}  // namespace mardyn::gpu
