// DeviceHaloExchange: the boundary layers between the devices of neighbouring processes, at rebuilds and
// between them.
#include "gpu/DeviceHaloExchange.h"

#include "utils/MardynException.h"

#include <algorithm>

namespace mardyn::gpu {

namespace {
void growInts(compute::ComputeArray<int>& a, std::size_t n) {
  if (a.size() < n) a.resize(n + n / 8 + 16);
}
}  // namespace

DeviceHaloExchange::DeviceHaloExchange(DeviceTimeStep& step, const DomainDecompBase& decomp,
                                       HaloTransport::Preference preference, PhaseProfile& phases,
                                       compute::PeerAccess* peer)
    : _step(step),
      _context(step.context()),
      _decomp(decomp),
      _phases(phases),
      _lower(step.context(), 1, "faceLower"),
      _upper(step.context(), 1, "faceUpper") {
  const std::size_t state = 4 * _context.mixedSize(), tag = sizeof(std::uint64_t);
  _transport = HaloTransport::create(_context, decomp,
                                     {{state, "haloEntryStates"}, {tag, "haloEntryTags"}, {state, "haloLeaverStates"},
                                      {tag, "haloLeaverTags"}},
                                     preference, _transportLine, peer);
  _migration = std::make_unique<DeviceMigration>(step, decomp, *_transport, LeaverStates, LeaverTags);
  _queue = _context.createQueue();
  _defaultReady = _context.createEvent();
  _haloReady = _context.createEvent();
  // Orientations travel only where they matter (not for single-centre models).
  _withOrientation = step.descriptor().orientationFree() ? 0 : 1;
  for (auto& axis : _faces)
    for (auto& face : axis) {
      face.sendList.initialize(_context, 1, "haloSendList");
      face.recvList.initialize(_context, 1, "haloRecvList");
    }
  auto& program = step.program();
  _flagFace = program.createKernel("flagFaceEntries");
  _packFace = program.createKernel("packFaceEntries");
  _append = program.createKernel("appendReceivedEntries");
  _toSlots = program.createKernel("entriesToSlots");
  _rangeToSlots = program.createKernel("entryRangeToSlots");
  _packSlots = program.createKernel("packFaceSlots");
  _unpackSlots = program.createKernel("unpackFaceSlots");
}

DeviceHaloExchange::~DeviceHaloExchange() = default;

void DeviceHaloExchange::rebuild(std::vector<unsigned long>& countPerComponent,
                                 std::vector<unsigned long>& rotDofPerComponent) {
  if (_pending) throw MardynException("DeviceHaloExchange: a rebuild while a halo refresh is under way");
  {
    auto migration = _phases.scope(PhaseProfile::Migration);
    _migration->migrate(countPerComponent, rotDofPerComponent);
  }
  CellBuilder& builder = _step.cellBuilder();
  {
    auto cells = _phases.scope(PhaseProfile::Cells);
    builder.beginRebuild();
  }
  _remote = 0;
  const DeviceGrid& grid = _step.grid();
  for (int axis = 0; axis < 3; ++axis) {
    if (grid.selfPeriodic[axis]) {
      auto cells = _phases.scope(PhaseProfile::Cells);
      builder.addImages(axis);
    } else {
      auto layers = _phases.scope(PhaseProfile::Layers);
      exchangeAxis(axis);
    }
  }
  auto cells = _phases.scope(PhaseProfile::Cells);
  builder.finishRebuild();
  // The lists now name slots.
  for (int axis = 0; axis < 3; ++axis) {
    if (grid.selfPeriodic[axis]) continue;
    for (Face& face : _faces[axis]) {
      if (face.sendCount > 0)
        _toSlots->call().arg(face.sendCount).arg(face.sendList).arg(builder.slotOfEntry()).execute(face.sendCount);
      growInts(face.recvList, static_cast<std::size_t>(std::max(face.recvCount, 1)));
      if (face.recvCount > 0)
        _rangeToSlots->call()
            .arg(face.recvCount)
            .arg(face.recvFirstEntry)
            .arg(face.recvList)
            .arg(builder.slotOfEntry())
            .execute(face.recvCount);
    }
  }
}

void DeviceHaloExchange::exchangeAxis(int axis) {
  MoleculeStorage& s = _step.storage();
  CellBuilder& builder = _step.cellBuilder();
  const DeviceGrid& grid = _step.grid();
  const int entries = builder.numEntries();
  const int codeStep = axis == 0 ? 1 : (axis == 1 ? 3 : 9);
  growInts(_lower, static_cast<std::size_t>(entries) + 1);
  growInts(_upper, static_cast<std::size_t>(entries) + 1);
  _flagFace->call().arg(entries).arg(s.entryCoords()).arg(axis).arg(grid.dimsAndHalo()).arg(_lower).arg(_upper).execute(
      entries);
  const auto totals = _step.scan().exclusiveTotals(_lower, _upper, entries);
  const long long sending[2] = {totals[0], totals[1]};
  long long receiving[2] = {0, 0};
  _decomp.exchangeBytesAlong(axis, &sending[0], sizeof(long long), &sending[1], sizeof(long long), &receiving[1],
                             sizeof(long long), &receiving[0], sizeof(long long));
  const auto n = [](long long v) { return static_cast<std::size_t>(v); };
  const std::vector<HaloTransport::Parcel> sent{{EntryStates, {2 * n(sending[0]), 2 * n(sending[1])}},
                                                {EntryTags, {2 * n(sending[0]), 2 * n(sending[1])}}};
  const std::vector<HaloTransport::Parcel> received{{EntryStates, {2 * n(receiving[0]), 2 * n(receiving[1])}},
                                                    {EntryTags, {2 * n(receiving[0]), 2 * n(receiving[1])}}};
  _transport->reserve(axis, sent, received);
  // Both faces are packed before anything is appended (the received entries are not sent on this axis).
  for (int side = 0; side < 2; ++side) {
    Face& face = _faces[axis][side];
    // Across the box's own face a molecule is sent shifted by a box length.
    face.shift = Vec3{};
    face.code = 0;
    if (side == 0 && grid.regionMin[axis] <= grid.boxMin[axis]) {
      face.shift[axis] = grid.box[axis];
      face.code = codeStep;
    }
    if (side == 1 && grid.regionMax[axis] >= grid.boxMin[axis] + grid.box[axis]) {
      face.shift[axis] = -grid.box[axis];
      face.code = -codeStep;
    }
    face.sendCount = static_cast<int>(sending[side]);
    growInts(face.sendList, static_cast<std::size_t>(std::max(face.sendCount, 1)));
    if (face.sendCount > 0)
      _packFace->call()
          .arg(entries)
          .arg(side == 0 ? _lower : _upper)
          .mixed4Arg(face.shift.x, face.shift.y, face.shift.z)
          .arg(face.code)
          .arg(s.entryPositions().array())
          .arg(s.entryQuaternions().array())
          .arg(s.entryTypes())
          .arg(s.entryIds())
          .arg(s.entryCode())
          .arg(_transport->out(EntryStates, axis, side))
          .arg(_transport->out(EntryTags, axis, side))
          .arg(face.sendList)
          .execute(entries);
  }
  _transport->send(axis, sent);
  _transport->receive(axis, received);
  const Vec3 &o = grid.origin, &len = grid.cellLength;
  for (int side : {1, 0}) {
    Face& face = _faces[axis][side];  // what came from the neighbour on this side
    const int count = static_cast<int>(receiving[side]);
    const int first = builder.numEntries();
    face.recvCount = count;
    face.recvFirstEntry = first;
    if (count == 0) continue;
    s.reserveEntries(static_cast<std::size_t>(first + count));
    _append->call()
        .arg(count)
        .arg(first)
        .arg(_remote)
        .arg(_transport->in(EntryStates, axis, side))
        .arg(_transport->in(EntryTags, axis, side))
        .arg(grid.dimsAndHalo())
        .mixed4Arg(o.x, o.y, o.z)
        .mixed4Arg(len.x, len.y, len.z)
        .arg(s.entryPositions().array())
        .arg(s.entryVelocities().array())
        .arg(s.entryQuaternions().array())
        .arg(s.entryAngularMomenta().array())
        .arg(s.entryTypes())
        .arg(s.entryIds())
        .arg(s.entrySource())
        .arg(s.entryCode())
        .arg(s.entryCoords())
        .execute(count);
    builder.addEntries(count);
    _remote += count;
  }
}

// ---- between rebuilds ----

std::vector<HaloTransport::Parcel> DeviceHaloExchange::refreshParcels(int axis, bool received) const {
  const auto& f = _faces[axis];
  const std::size_t per = _withOrientation ? 2 : 1;
  const auto count = [&](const Face& face) { return per * static_cast<std::size_t>(received ? face.recvCount : face.sendCount); };
  return {{EntryStates, {count(f[0]), count(f[1])}}};
}

void DeviceHaloExchange::markRefresh() {
  if (_pending) throw MardynException("DeviceHaloExchange: a halo refresh marked twice");
  // The halo queue starts after the default queue's work so far (the drift of the owned molecules).
  _defaultReady->record();
  _pending = true;
  _queued = false;
}

void DeviceHaloExchange::startRefresh() {
  if (!_pending || _queued) return;
  {
    compute::QueueScope onHalo(_context, _queue.get());
    _defaultReady->enqueueWait();
  }
  _queued = true;
  _sent = false;
  _imagesStale = false;
  _nextAxis = 0;
  runRefresh(true);
}

void DeviceHaloExchange::finishRefresh(const std::function<void()>& onHaloQueue) {
  if (!_pending) {
    if (onHaloQueue) onHaloQueue();
    return;
  }
  startRefresh();
  runRefresh(false);
  {
    compute::QueueScope onHalo(_context, _queue.get());
    if (onHaloQueue) onHaloQueue();
    _haloReady->record();
  }
  _haloReady->enqueueWait();  // on the default queue
  _pending = false;
}

void DeviceHaloExchange::runRefresh(bool stopAtHostWait) {
  compute::QueueScope onHalo(_context, _queue.get());
  const DeviceGrid& grid = _step.grid();
  for (; _nextAxis < 3; ++_nextAxis) {
    const int axis = _nextAxis;
    if (grid.selfPeriodic[axis]) {
      _imagesStale = true;  // refreshed before the next axis's packing or at the end
      continue;
    }
    if (!_sent) {
      if (_imagesStale) {
        auto images = _phases.scope(PhaseProfile::Images);
        _step.refreshImages();
        _imagesStale = false;
      }
      packFaces(axis);
      _transferPair = _phases.begin(PhaseProfile::Transfer);
      _transport->send(axis, refreshParcels(axis, false));
      _sent = true;
    }
    if (stopAtHostWait && _transport->receiveWaitsOnHost()) return;
    _transport->receive(axis, refreshParcels(axis, true));
    _phases.end(_transferPair);
    _sent = false;
    unpackFaces(axis);
  }
  if (_imagesStale) {
    auto images = _phases.scope(PhaseProfile::Images);
    _step.refreshImages();
    _imagesStale = false;
  }
}

void DeviceHaloExchange::packFaces(int axis) {
  auto pack = _phases.scope(PhaseProfile::Pack);
  MoleculeStorage& s = _step.storage();
  for (int side = 0; side < 2; ++side) {
    Face& face = _faces[axis][side];
    if (face.sendCount == 0) continue;
    _packSlots->call()
        .arg(face.sendCount)
        .arg(face.sendList)
        .mixed4Arg(face.shift.x, face.shift.y, face.shift.z)
        .arg(_withOrientation)
        .arg(s.positions().array())
        .arg(s.quaternions().array())
        .arg(_transport->out(EntryStates, axis, side))
        .execute(face.sendCount);
  }
}

void DeviceHaloExchange::unpackFaces(int axis) {
  auto unpack = _phases.scope(PhaseProfile::Unpack);
  MoleculeStorage& s = _step.storage();
  for (int side = 0; side < 2; ++side) {
    Face& face = _faces[axis][side];
    if (face.recvCount == 0) continue;
    _unpackSlots->call()
        .arg(face.recvCount)
        .arg(face.recvList)
        .arg(_withOrientation)
        .arg(_transport->in(EntryStates, axis, side))
        .arg(s.positions().array())
        .arg(s.quaternions().array())
        .arg(s.rotations().array())
        .execute(face.recvCount);
  }
}

}  // namespace mardyn::gpu
