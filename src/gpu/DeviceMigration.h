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

  /// Collective: moves the leavers; then every owned molecule lies in this process's region along the
  /// axes with several processes (else MardynException on every process: one moved farther than a
  /// region in a step). countPerComponent / rotDofPerComponent: the owned molecules before, updated by the
  /// components of those that left and arrived.
  void migrate(std::vector<unsigned long>& countPerComponent, std::vector<unsigned long>& rotDofPerComponent);

 private:
  void migrateAlong(int axis);

  DeviceTimeStep& _step;
  const DomainDecompBase& _decomp;
  HaloTransport& _transport;
  int _states, _tags;
  /// delta: arrivals minus departures per component, then 1 if an arrival lies outside the region
  compute::ComputeArray<int> _below, _above, _delta;
  std::unique_ptr<compute::ComputeKernel> _flagAlong, _flag, _pack, _append, _count;
};

}  // namespace mardyn::gpu
