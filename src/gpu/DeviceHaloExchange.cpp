// DeviceHaloExchange: migration and boundary layers between the devices of neighbouring processes.
#include "gpu/DeviceHaloExchange.h"

#include "utils/MardynException.h"

#include <algorithm>
#include <cstring>

namespace mardyn::gpu {

namespace {
void growInts(compute::ComputeArray<int>& a, std::size_t n) {
  if (a.size() < n) a.resize(n + n / 8 + 16);
}

/// Appends `bytes` raw bytes to a message.
void append(std::vector<char>& message, const void* data, std::size_t bytes) {
  const char* p = static_cast<const char*>(data);
  message.insert(message.end(), p, p + bytes);
}
}  // namespace

DeviceHaloExchange::DeviceHaloExchange(DeviceTimeStep& step)
    : _step(step),
      _context(step.context()),
      _flags(step.context(), 1, "haloFlags"),
      _packPos(step.context(), compute::PrecisionArray::Kind::Mixed, 4, 1, "haloPackPositions"),
      _packQuat(step.context(), compute::PrecisionArray::Kind::Mixed, 4, 1, "haloPackQuaternions"),
      _packType(step.context(), 1, "haloPackTypes"),
      _packId(step.context(), 1, "haloPackIds") {
  for (auto& axis : _faces)
    for (auto& face : axis) {
      face.sendList.initialize(_context, 1, "haloSendList");
      face.recvList.initialize(_context, 1, "haloRecvList");
    }
  auto& program = step.program();
  _flagLeavers = program.createKernel("flagLeavers");
  _packLeavers = program.createKernel("packLeavers");
  _flagFace = program.createKernel("flagFaceEntries");
  _packFace = program.createKernel("packFaceEntries");
  _append = program.createKernel("appendReceivedEntries");
  _toSlots = program.createKernel("entriesToSlots");
  _rangeToSlots = program.createKernel("entryRangeToSlots");
  _packSlots = program.createKernel("packFaceSlots");
  _unpackSlots = program.createKernel("unpackFaceSlots");
}

DeviceHaloExchange::~DeviceHaloExchange() = default;

void DeviceHaloExchange::rebuild(DomainDecompBase& decomp, const Domain& domain,
                                 std::vector<unsigned long>& countPerComponent,
                                 std::vector<unsigned long>& rotDofPerComponent) {
  migrate(decomp, domain, countPerComponent, rotDofPerComponent);
  CellBuilder& builder = _step.cellBuilder();
  builder.beginRebuild();
  _remote = 0;
  const DeviceGrid& grid = _step.grid();
  for (int axis = 0; axis < 3; ++axis) {
    if (grid.selfPeriodic[axis])
      builder.addImages(axis);
    else
      exchangeAxis(decomp, axis);
  }
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

void DeviceHaloExchange::migrate(DomainDecompBase& decomp, const Domain& domain,
                                 std::vector<unsigned long>& countPerComponent,
                                 std::vector<unsigned long>& rotDofPerComponent) {
  MoleculeStorage& s = _step.storage();
  const DeviceGrid& grid = _step.grid();
  const int slots = static_cast<int>(s.numSlots());
  growInts(_flags, static_cast<std::size_t>(slots) + 1);
  const Vec3 &lo = grid.regionMin, &hi = grid.regionMax;
  _flagLeavers->call()
      .arg(slots)
      .arg(s.haloSource())
      .arg(s.positions().array())
      .mixed4Arg(lo.x, lo.y, lo.z)
      .mixed4Arg(hi.x, hi.y, hi.z)
      .arg(compute::mm_int4{!grid.selfPeriodic[0], !grid.selfPeriodic[1], !grid.selfPeriodic[2], 0})
      .arg(_flags)
      .execute(std::max(slots, 1));
  const int leaving = _step.scan().exclusiveTotal(_flags, slots, _flags);
  std::vector<Molecule> leavers;
  if (leaving > 0) {
    _packPos.grow(4 * static_cast<std::size_t>(leaving));
    if (_packType.size() < static_cast<std::size_t>(leaving)) _packType.resize(leaving);
    if (_packId.size() < static_cast<std::size_t>(leaving)) _packId.resize(leaving);
    _packLeavers->call()
        .arg(slots)
        .arg(_flags)
        .arg(s.haloSource())
        .arg(s.positions().array())
        .arg(s.velocities().array())
        .arg(s.quaternions().array())
        .arg(s.angularMomenta().array())
        .arg(s.componentTypes())
        .arg(s.ids())
        .arg(_packPos.array())
        .arg(_packType)
        .arg(_packId)
        .execute(slots);
    std::vector<double> v;
    _packPos.downloadPrefix(v, 4 * static_cast<std::size_t>(leaving));
    std::vector<int> types(leaving);
    std::vector<std::uint64_t> ids(leaving);
    _packType.downloadBytes(types.data(), 0, types.size() * sizeof(int));
    _packId.downloadBytes(ids.data(), 0, ids.size() * sizeof(std::uint64_t));
    const auto& components = _step.components();
    for (int k = 0; k < leaving; ++k) {
      const double* p = &v[16 * static_cast<std::size_t>(k)];
      const Component& c = components.at(static_cast<std::size_t>(types[k]));
      leavers.emplace_back(ids[k], &c, Vec3{p[0], p[1], p[2]}, Vec3{p[4], p[5], p[6]},
                           Quaternion(p[8], p[9], p[10], p[11]), Vec3{p[12], p[13], p[14]});
      --countPerComponent[c.id()];
      rotDofPerComponent[c.id()] -= c.rotationalDegreesOfFreedom();
    }
  }
  const std::vector<Molecule> arrivals = decomp.routeLeavers(std::move(leavers), domain);
  for (const Molecule& m : arrivals) {
    ++countPerComponent[m.componentId()];
    rotDofPerComponent[m.componentId()] += m.component().rotationalDegreesOfFreedom();
  }
  if (!arrivals.empty()) s.appendOwned(arrivals);
}

void DeviceHaloExchange::exchangeAxis(DomainDecompBase& decomp, int axis) {
  MoleculeStorage& s = _step.storage();
  CellBuilder& builder = _step.cellBuilder();
  const DeviceGrid& grid = _step.grid();
  const int entries = builder.numEntries();
  const std::size_t m = _context.mixedSize();
  const int codeStep = axis == 0 ? 1 : (axis == 1 ? 3 : 9);
  std::array<std::vector<char>, 2> messages;
  // Both faces are packed before anything is received (the received entries are not sent on this axis).
  for (int side = 0; side < 2; ++side) {
    Face& face = _faces[axis][side];
    // Across the box's own face a molecule is sent shifted by a box length.
    face.shift = Vec3{};
    int code = 0;
    if (side == 0 && grid.regionMin[axis] <= grid.boxMin[axis]) {
      face.shift[axis] = grid.box[axis];
      code = codeStep;
    }
    if (side == 1 && grid.regionMax[axis] >= grid.boxMin[axis] + grid.box[axis]) {
      face.shift[axis] = -grid.box[axis];
      code = -codeStep;
    }
    growInts(_flags, static_cast<std::size_t>(entries) + 1);
    _flagFace->call().arg(entries).arg(s.entryCoords()).arg(axis).arg(side).arg(grid.dimsAndHalo()).arg(_flags).execute(
        std::max(entries, 1));
    const int count = _step.scan().exclusiveTotal(_flags, entries, _flags);
    face.sendCount = count;
    growInts(face.sendList, static_cast<std::size_t>(std::max(count, 1)));
    _packPos.grow(std::max(count, 1));
    _packQuat.grow(std::max(count, 1));
    if (_packType.size() < static_cast<std::size_t>(count)) _packType.resize(count);
    if (_packId.size() < static_cast<std::size_t>(count)) _packId.resize(count);
    if (count > 0)
      _packFace->call()
          .arg(entries)
          .arg(_flags)
          .mixed4Arg(face.shift.x, face.shift.y, face.shift.z)
          .arg(code)
          .arg(s.entryPositions().array())
          .arg(s.entryQuaternions().array())
          .arg(s.entryTypes())
          .arg(s.entryIds())
          .arg(s.entryCode())
          .arg(_packPos.array())
          .arg(_packQuat.array())
          .arg(_packType)
          .arg(_packId)
          .arg(face.sendList)
          .execute(entries);
    std::vector<char>& msg = messages[side];
    const long long n = count;
    append(msg, &n, sizeof n);
    const auto pos = _packPos.downloadRaw(0, count), quat = _packQuat.downloadRaw(0, count);
    msg.insert(msg.end(), pos.begin(), pos.end());
    msg.insert(msg.end(), quat.begin(), quat.end());
    std::vector<int> types(count);
    std::vector<std::uint64_t> ids(count);
    if (count > 0) {
      _packType.downloadBytes(types.data(), 0, types.size() * sizeof(int));
      _packId.downloadBytes(ids.data(), 0, ids.size() * sizeof(std::uint64_t));
    }
    append(msg, types.data(), types.size() * sizeof(int));
    append(msg, ids.data(), ids.size() * sizeof(std::uint64_t));
  }
  for (int side = 0; side < 2; ++side) {
    // What the lower face sends goes down; it comes back from the upper neighbour (and vice versa).
    const std::vector<char> in = decomp.shiftBytes(messages[side], axis, side == 0 ? -1 : +1);
    Face& receivedFrom = _faces[axis][1 - side];  // side 0's message comes from the upper neighbour
    long long n = 0;
    if (in.size() < sizeof n) throw MardynException("GPU halo exchange: a truncated message");
    std::memcpy(&n, in.data(), sizeof n);
    const std::size_t expected = sizeof n + static_cast<std::size_t>(n) * (8 * m + sizeof(int) + sizeof(std::uint64_t));
    if (n < 0 || in.size() != expected) throw MardynException("GPU halo exchange: a message of unexpected size");
    const int count = static_cast<int>(n);
    const int first = builder.numEntries();
    receivedFrom.recvCount = count;
    receivedFrom.recvFirstEntry = first;
    if (count == 0) continue;
    _packPos.grow(count);
    _packQuat.grow(count);
    if (_packType.size() < static_cast<std::size_t>(count)) _packType.resize(count);
    if (_packId.size() < static_cast<std::size_t>(count)) _packId.resize(count);
    const char* p = in.data() + sizeof n;
    _packPos.uploadRaw(p, 0, count);
    p += 4 * m * count;
    _packQuat.uploadRaw(p, 0, count);
    p += 4 * m * count;
    _packType.uploadBytes(p, 0, count * sizeof(int));
    p += count * sizeof(int);
    _packId.uploadBytes(p, 0, count * sizeof(std::uint64_t));
    s.reserveEntries(static_cast<std::size_t>(first + count));
    const Vec3 &o = grid.origin, &len = grid.cellLength;
    _append->call()
        .arg(count)
        .arg(first)
        .arg(_remote)
        .arg(_packPos.array())
        .arg(_packQuat.array())
        .arg(_packType)
        .arg(_packId)
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

void DeviceHaloExchange::refresh(DomainDecompBase& decomp) {
  MoleculeStorage& s = _step.storage();
  const DeviceGrid& grid = _step.grid();
  const std::size_t m = _context.mixedSize();
  // Orientations travel only where they matter (not for single-centre models).
  const int withOrientation = _step.descriptor().orientationFree() ? 0 : 1;
  const std::size_t perMolecule = (withOrientation ? 8 : 4) * m;
  for (int axis = 0; axis < 3; ++axis) {
    if (grid.selfPeriodic[axis]) {
      // Images of every axis so far (their sources are owned or already refreshed).
      _step.refreshImages();
      continue;
    }
    std::array<std::vector<char>, 2> messages;
    for (int side = 0; side < 2; ++side) {
      Face& face = _faces[axis][side];
      const int count = face.sendCount;
      _packPos.grow(std::max(count, 1));
      _packQuat.grow(std::max(count, 1));
      if (count > 0)
        _packSlots->call()
            .arg(count)
            .arg(face.sendList)
            .mixed4Arg(face.shift.x, face.shift.y, face.shift.z)
            .arg(withOrientation)
            .arg(s.positions().array())
            .arg(s.quaternions().array())
            .arg(_packPos.array())
            .arg(_packQuat.array())
            .execute(count);
      messages[side] = _packPos.downloadRaw(0, count);
      if (withOrientation) {
        const auto quat = _packQuat.downloadRaw(0, count);
        messages[side].insert(messages[side].end(), quat.begin(), quat.end());
      }
    }
    for (int side = 0; side < 2; ++side) {
      const std::vector<char> in = decomp.shiftBytes(messages[side], axis, side == 0 ? -1 : +1);
      Face& receivedFrom = _faces[axis][1 - side];
      const int count = receivedFrom.recvCount;
      if (in.size() != perMolecule * static_cast<std::size_t>(count))
        throw MardynException("GPU halo exchange: the neighbour sent " + std::to_string(in.size()) +
                              " bytes, expected " + std::to_string(perMolecule * count));
      if (count == 0) continue;
      _packPos.grow(count);
      _packQuat.grow(count);
      _packPos.uploadRaw(in.data(), 0, count);
      if (withOrientation) _packQuat.uploadRaw(in.data() + 4 * m * count, 0, count);
      _unpackSlots->call()
          .arg(count)
          .arg(receivedFrom.recvList)
          .arg(withOrientation)
          .arg(_packPos.array())
          .arg(_packQuat.array())
          .arg(s.positions().array())
          .arg(s.quaternions().array())
          .arg(s.rotations().array())
          .execute(count);
    }
  }
}

}  // namespace mardyn::gpu
