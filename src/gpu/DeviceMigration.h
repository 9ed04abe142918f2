// DeviceMigration: the owned molecules that left the process's region move to their new owners' devices,
// axis by axis (those that crossed an edge or a corner travel on along the later axes), when the cells
// are rebuilt: flagged and packed on the device, carried by the HaloTransport, appended as owned slots on
// the other side with the position wrapped along the axis they travelled. Only their counts pass through
// the host.
#pragma once

#include "gpu/DeviceTimeStep.h"
#include "gpu/HaloTransport.h"

#include "compute/ComputeArray.h"
#include "compute/ComputeKernel.h"
#include "parallel/DomainDecompBase.h"

#include <memory>
#include <vector>

namespace mardyn::gpu {

class DeviceMigration {
 public:
  /// states, tags: the transport's channels for the leavers (four mixed4 and two 64-bit words each).
  DeviceMigration(DeviceTimeStep& step, const DomainDecompBase& decomp, HaloTransport& transport, int states, int tags);

  /// Collective: moves the leavers (the storage's owned count follows at once). Whether every arrival lies in
  /// this process's region, and the counts per component, come back with the step's other results: settle().
  void migrate();
  /// Collective, after a wait for the device that followed migrate() (the step's results): MardynException
  /// on every process if an arrival lies outside its new region (it moved farther than a region in a step);
  /// countPerComponent / rotDofPerComponent (the owned molecules before) updated by the components of
  /// those that left and arrived. Nothing without a migration since the last settle().
  void settle(std::vector<unsigned long>& countPerComponent, std::vector<unsigned long>& rotDofPerComponent);
  /// The counts per component were made again from the owned molecules after migrate() (a plugin removed
  /// molecules): settle() leaves them as they are and only checks.
  void countsRecounted() { _recounted = _unsettled; }

 private:
  void migrateAlong(int axis);

  DeviceTimeStep& _step;
  const DomainDecompBase& _decomp;
  HaloTransport& _transport;
  int _states, _tags;
  /// delta: arrivals minus departures per component, then 1 if an arrival lies outside the region
  compute::ComputeArray<int> _below, _above, _delta;
  compute::PinnedHostBuffer _deltaHost;
  bool _unsettled = false;
  bool _recounted = false;  ///< the counts already include the migration (countsRecounted)
  std::unique_ptr<compute::ComputeKernel> _flagAlong, _flag, _pack, _append, _count;
};

}  // namespace mardyn::gpu
