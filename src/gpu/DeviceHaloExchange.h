// DeviceHaloExchange: the device's cells under MPI, one GPU per rank. When the cells are rebuilt
// (collective): the leavers move to their new owners (DeviceMigration), then, axis by axis, the entries of
// the owned layers next to each face are packed on the device and sent to the neighbour on that side,
// which appends them as halo entries (corners reach diagonal neighbours through later axes). Between
// rebuilds only the positions (and orientations) of the same entries travel: refresh queued on a queue of
// its own (pack, transfer, unpack, periodic images), so that the interior forces run meanwhile and the
// boundary forces wait for it. The bytes travel device to device where the hardware allows and through
// pinned host buffers otherwise (HaloTransport). Along axes where the process is its own neighbour the
// periodic images are made on the device (CellBuilder::addImages) as on one process.
#pragma once

#include "gpu/DeviceMigration.h"
#include "gpu/DeviceTimeStep.h"
#include "gpu/HaloTransport.h"
#include "gpu/PhaseProfile.h"

#include "compute/ComputeEvent.h"
#include "compute/ComputeQueue.h"
#include "parallel/DomainDecompBase.h"

#include <array>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mardyn::gpu {

class DeviceHaloExchange {
 public:
  /// Collective: chooses the transport with the other processes (`preference`, `peer`: HaloTransport::create).
  DeviceHaloExchange(DeviceTimeStep& step, const DomainDecompBase& decomp, HaloTransport::Preference preference,
                     PhaseProfile& phases, compute::PeerAccess* peer = nullptr);
  ~DeviceHaloExchange();

  /// The start-up line's sentence on the transport in use.
  const std::string& transportLine() const { return _transportLine; }
  /// Collective: migration, then the cells rebuilt with the neighbours' boundary layers as halo.
  void rebuild();
  /// Collective, after the step's results came: the migration's checks and counts (DeviceMigration::settle).
  void settleMigration(std::vector<unsigned long>& countPerComponent, std::vector<unsigned long>& rotDofPerComponent) {
    _migration->settle(countPerComponent, rotDofPerComponent);
  }
  /// The counts per component were made again after the last migration (DeviceMigration::countsRecounted).
  void migrationCountsRecounted() { _migration->countsRecounted(); }
  /// Between rebuilds: the halo will be refreshed from the positions the default queue's work so far leaves
  /// (a mark on the default queue; the work itself is queued by startRefresh()).
  void markRefresh();
  /// Collective: queues the marked refresh on the halo queue (on the staged path up to the first host wait);
  /// the host goes on. Nothing when none is marked or it was started already.
  void startRefresh();
  /// The rest of the marked refresh (on the staged path the message rounds), then `onHaloQueue` on the halo
  /// queue once the halo is in place (the boundary forces), then work queued later on the default queue
  /// waits for both. Without a marked refresh `onHaloQueue` runs on the default queue.
  void finishRefresh(const std::function<void()>& onHaloQueue = {});
  bool refreshPending() const { return _pending; }
  std::uint64_t deviceToDeviceBytes() const { return _transport->deviceToDeviceBytes(); }

 private:
  enum Channel { EntryStates, EntryTags, LeaverStates, LeaverTags };
  /// One face (axis, side): the slots sent (entries until the rebuild is finished) and the slots the
  /// entries received from the neighbour on this side went to.
  struct Face {
    compute::ComputeArray<int> sendList, recvList;
    int sendCount = 0, recvCount = 0, recvFirstEntry = 0;
    Vec3 shift;  ///< added to positions sent this way (a box length across the box's face)
    int code = 0;
  };
  void exchangeAxis(int axis);
  /// Runs the refresh from where it stopped; with stopAtHostWait it returns before a transfer whose
  /// receipt makes the host wait (the staged path), to be resumed by finishRefresh().
  void runRefresh(bool stopAtHostWait);
  void packFaces(int axis);
  void unpackFaces(int axis);
  std::vector<HaloTransport::Parcel> refreshParcels(int axis, bool received) const;

  DeviceTimeStep& _step;
  compute::ComputeContext& _context;
  const DomainDecompBase& _decomp;
  PhaseProfile& _phases;
  std::string _transportLine;
  std::unique_ptr<HaloTransport> _transport;
  std::unique_ptr<DeviceMigration> _migration;
  std::unique_ptr<compute::ComputeQueue> _queue;                 ///< the halo's own queue
  std::unique_ptr<compute::ComputeEvent> _defaultReady, _haloReady;  ///< the queues' hand-overs
  std::array<std::array<Face, 2>, 3> _faces;
  int _remote = 0;  ///< entries received so far in this rebuild
  int _withOrientation = 0;
  compute::ComputeArray<int> _lower, _upper;
  // Where a started refresh stands.
  bool _pending = false, _queued = false, _sent = false, _imagesStale = false;
  int _nextAxis = 0;
  std::size_t _transferPair = 0;
  std::unique_ptr<compute::ComputeKernel> _flagFace, _packFace, _append, _toSlots, _rangeToSlots, _packSlots,
      _unpackSlots;
};

}  // namespace mardyn::gpu
