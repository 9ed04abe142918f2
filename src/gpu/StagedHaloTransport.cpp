// StagedHaloTransport: downloads into pinned buffers, one message round per axis, uploads.
#include "gpu/StagedHaloTransport.h"

namespace mardyn::gpu {

StagedHaloTransport::StagedHaloTransport(compute::ComputeContext& context, const DomainDecompBase& decomp,
                                         std::vector<Channel> channels)
    : HaloTransport(context, decomp, std::move(channels)) {
  for (int axis = 0; axis < 3; ++axis) {
    _downloaded[axis] = context.createEvent();
    _uploaded[axis] = context.createEvent();
  }
}

StagedHaloTransport::~StagedHaloTransport() {
  try {
    _context.synchronize();  // no copy may still use the pinned buffers
  } catch (...) {
  }
}

void StagedHaloTransport::ensure(compute::PinnedHostBuffer& buffer, std::size_t bytes, compute::ComputeEvent* pending,
                                 bool& recorded) {
  if (buffer.size() >= bytes && buffer.data()) return;
  if (recorded) pending->synchronize();
  recorded = false;
  buffer = compute::PinnedHostBuffer(_context, bytes + bytes / 4 + 4096);
}

void StagedHaloTransport::send(int axis, const std::vector<Parcel>& parcels) {
  for (int side = 0; side < 2; ++side) {
    std::size_t total = 0;
    for (const Parcel& p : parcels) total += bytes(p, side);
    ensure(_outgoing[axis][side], total, _downloaded[axis].get(), _downloadRecorded[axis]);
    char* host = static_cast<char*>(_outgoing[axis][side].data());
    std::size_t offset = 0;
    for (const Parcel& p : parcels) {
      const std::size_t n = bytes(p, side);
      if (n) out(p.channel, axis, side).downloadBytesAsync(host + offset, 0, n);
      offset += n;
    }
    _sentBytes[axis][side] = total;
  }
  _downloaded[axis]->record();
  _downloadRecorded[axis] = true;
}

void StagedHaloTransport::receive(int axis, const std::vector<Parcel>& parcels) {
  std::array<std::size_t, 2> expected{0, 0};
  for (int side = 0; side < 2; ++side) {
    for (const Parcel& p : parcels) expected[side] += bytes(p, side);
    ensure(_incoming[axis][side], expected[side], _uploaded[axis].get(), _uploadRecorded[axis]);
  }
  // The last uploads from these buffers must be done before the messages overwrite them.
  if (_uploadRecorded[axis]) _uploaded[axis]->synchronize();
  _downloaded[axis]->synchronize();
  // What the lower face sent goes down; what arrives from the upper neighbour is this process's side 1.
  _decomp.exchangeBytesAlong(axis, _outgoing[axis][0].data(), _sentBytes[axis][0], _outgoing[axis][1].data(),
                             _sentBytes[axis][1], _incoming[axis][1].data(), expected[1], _incoming[axis][0].data(),
                             expected[0]);
  for (int side = 0; side < 2; ++side) {
    const char* host = static_cast<const char*>(_incoming[axis][side].data());
    std::size_t offset = 0;
    for (const Parcel& p : parcels) {
      const std::size_t n = bytes(p, side);
      if (n) in(p.channel, axis, side).uploadBytesAsync(host + offset, 0, n);
      offset += n;
    }
  }
  _uploaded[axis]->record();
  _uploadRecorded[axis] = true;
}

}  // namespace mardyn::gpu
