// HostRegionTransfer: carries the owned molecules of a region (a slab along y of some components) from the
// device to the host for a plugin's hook, as the host would see them there (wrapped as its exchange leaves
// them), and what the hook changed back: changed molecules into their slots, removed ones out of the owned
// list, new ones appended (kernels/DeviceHostRegion.cc).
#pragma once

#include "gpu/DevicePluginKernels.h"
#include "gpu/RegionContainer.h"
#include "plugins/PhysicsPlugin.h"

#include <cstdint>
#include <vector>

namespace mardyn::gpu {

class HostRegionTransfer {
 public:
  HostRegionTransfer(DevicePluginKernels& kernels, const std::vector<Component>& components);

  /// The owned molecules of `region` (in owned order), positions as the host sees them (drift: the time
  /// step before the exchange, else 0).
  std::vector<Molecule> download(const PluginRegion& region, double drift);

  struct Changes {
    bool positions = false;     ///< a position or the number of molecules changed (rebuild the cells)
    bool orientations = false;  ///< a quaternion changed (rotation matrices)
    bool components = false;    ///< a component changed
    bool removed = false, added = false;
  };
  /// Writes back what the hook did to the molecules of the last download (`region` holds them).
  Changes upload(const RegionContainer& region);

  /// Molecules carried and bytes moved so far (both ways).
  std::uint64_t molecules() const { return _molecules; }
  std::uint64_t bytes() const { return _bytes; }

 private:
  DevicePluginKernels& _k;
  const std::vector<Component>& _components;
  compute::ComputeArray<int> _flags, _offsets, _slots, _types;
  compute::ComputeArray<std::uint64_t> _ids;
  compute::PrecisionArray _data;  ///< 6 mixed4 per molecule: r, v, q, L, F, M
  std::vector<int> _hostSlots;
  std::vector<double> _original;  ///< the data as downloaded (device positions)
  std::vector<Molecule> _downloaded;  ///< as handed out
  std::uint64_t _molecules = 0, _bytes = 0;
};

}  // namespace mardyn::gpu
