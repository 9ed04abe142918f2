// DevicePlanarLongRange: ls1's planar long-range correction on the device: the profile of the sites counted
// there, the slab terms computed by the correction itself (smoothing, reduction over the ranks, frequency),
// the forces, torques and the energy and virial sums there (kernels/DevicePlanarLongRange.cc).
#pragma once

#include "PlanarLongRange.h"
#include "gpu/DevicePlugin.h"
#include "gpu/DevicePluginKernels.h"

namespace mardyn::gpu {

class DevicePlanarLongRange : public DevicePlugin {
 public:
  DevicePlanarLongRange(PlanarLongRange& plugin, DevicePluginKernels& kernels, std::size_t numComponents);
  void run(PluginHook hook, PluginStep& step, double drift) override;

 private:
  PlanarLongRange& _plugin;
  DevicePluginKernels& _k;
  std::string _tag;
  compute::ArrayInterface* _typeOf = nullptr;  ///< per component: (first LJ type, dipole type or -1)
  compute::ArrayInterface* _table = nullptr;   ///< the slab terms as last uploaded
  unsigned long _version = 0;                  ///< PlanarLongRange::termsVersion() of _table
};

}  // namespace mardyn::gpu
