// DevicePlugin: a physics plugin's hooks where the molecules live: kernels over the owned slots, and the
// plugin's own host code for what the kernels need (sums reduced over the ranks, factors, tables), so that
// the device does what the plugin does on the host.
#pragma once

#include "plugins/PhysicsPlugin.h"

namespace mardyn::gpu {

class DevicePlugin {
 public:
  virtual ~DevicePlugin() = default;
  /// The plugin's init (after the first exchange) where it needs the molecules; false: the plugin's own
  /// init runs (without molecules).
  virtual bool init(PluginStep& /*step*/) { return false; }
  /// The hook at this point of the step; drift: the time the molecules drifted since the last exchange
  /// (the time step before the exchange, else 0), so that positions are placed as the host sees them.
  virtual void run(PluginHook hook, PluginStep& step, double drift) = 0;
  /// Whether the hooks change components (the images then take their sources' components).
  virtual bool changesComponents() const { return false; }
  /// Whether the hooks change molecules at all (COMPARE_TO_CPU compares those that do).
  virtual bool changesMolecules() const { return true; }
  /// Whether the last hook removed molecules (the counts per component are then made again); resets it.
  virtual bool takeRemoved() { return false; }
};

}  // namespace mardyn::gpu
