// DeviceTemperatureControl: ls1's regional thermostat on the device at the end of the step: the sums of
// every region's slabs measured there, the factors computed by the plugin (ramp, exponent, beta log), the
// velocities and angular momenta scaled there (kernels/DeviceTemperatureControl.cc).
#pragma once

#include "gpu/DevicePlugin.h"
#include "gpu/DevicePluginKernels.h"
#include "thermostats/TemperatureControl.h"

namespace mardyn::gpu {

class DeviceTemperatureControl : public DevicePlugin {
 public:
  DeviceTemperatureControl(TemperatureControl& plugin, DevicePluginKernels& kernels,
                           const std::vector<Component>& components);
  /// Andersen regions draw random numbers molecule by molecule in the host's order: through the host.
  static bool fits(const TemperatureControl& plugin) { return !plugin.hasAndersen(); }
  void run(PluginHook hook, PluginStep& step, double drift) override;

 private:
  /// The regions as they stand now (they follow DistControl on the host).
  void uploadRegions();
  TemperatureControl& _plugin;
  DevicePluginKernels& _k;
  std::string _tag;  ///< names this plugin's device tables
  compute::ArrayInterface* _rotDof = nullptr;
};

}  // namespace mardyn::gpu
