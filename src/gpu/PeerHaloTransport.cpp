// PeerHaloTransport: exporting and opening the faces' buffers, copies and flags between the devices.
#include "gpu/PeerHaloTransport.h"

#include "utils/MardynException.h"

#include <algorithm>
#include <cstring>

namespace mardyn::gpu {

namespace {
/// Descriptions travel as records of fixed size: the channel, the length, the bytes (padded).
constexpr std::size_t descriptionRoom = 512;
constexpr std::size_t recordBytes = 2 * sizeof(long long) + descriptionRoom;

void put(std::vector<char>& message, int channel, const std::vector<char>& description) {
  if (description.size() > descriptionRoom)
    throw MardynException("GPU halo exchange: a description of " + std::to_string(description.size()) + " bytes");
  const long long header[2] = {channel, static_cast<long long>(description.size())};
  const std::size_t at = message.size();
  message.resize(at + recordBytes, 0);
  std::memcpy(message.data() + at, header, sizeof header);
  std::memcpy(message.data() + at + sizeof header, description.data(), description.size());
}

std::vector<std::pair<int, std::vector<char>>> entries(const std::vector<char>& message) {
  std::vector<std::pair<int, std::vector<char>>> out;
  for (std::size_t at = 0; at + recordBytes <= message.size(); at += recordBytes) {
    long long header[2];
    std::memcpy(header, message.data() + at, sizeof header);
    if (header[1] < 0 || static_cast<std::size_t>(header[1]) > descriptionRoom)
      throw MardynException("GPU halo exchange: a damaged description");
    const char* d = message.data() + at + sizeof header;
    out.emplace_back(static_cast<int>(header[0]), std::vector<char>(d, d + header[1]));
  }
  return out;
}

int direction(int side) { return side == 0 ? -1 : +1; }
}  // namespace

PeerHaloTransport::PeerHaloTransport(compute::ComputeContext& context, const DomainDecompBase& decomp,
                                     std::vector<Channel> channels, compute::PeerAccess& peer)
    : HaloTransport(context, decomp, std::move(channels)),
      _peer(peer),
      _flags(context, std::max<std::size_t>(6, peer.minimumExportBytes() / sizeof(std::uint32_t)), "haloFlags") {
  _flags.zero();
  // Done before the flags are exported: a neighbour's first signal must not meet a zeroing still queued.
  _context.synchronize();
  _targets.resize(_out.size());
  _announced.assign(_in.size(), 0);
}

PeerHaloTransport::~PeerHaloTransport() {
  try {
    _context.synchronize();  // no copy into a neighbour may still be running when the mappings close
  } catch (...) {
  }
}

bool PeerHaloTransport::connect(PeerHaloTransport* transport, const DomainDecompBase& decomp, std::string& why) {
  bool ok = transport != nullptr;
  for (int axis = 0; axis < 3; ++axis) {
    if (decomp.processesAlong(axis) == 1) continue;
    for (int side = 0; side < 2; ++side) {
      // This process's flags go to the neighbour on `side`; the one on the other side sends its own.
      std::vector<char> message;
      if (ok) {
        try {
          message = transport->_peer.exportArray(transport->_flags);
        } catch (const std::exception& e) {
          ok = false;
          why = e.what();
        }
      }
      const std::vector<char> received = decomp.shiftBytes(message, axis, direction(side));
      if (!ok) continue;
      if (received.empty()) {
        ok = false;
        why = "a neighbour process has no device-to-device path";
        continue;
      }
      try {
        transport->_neighbourFlags[axis][1 - side] = transport->_peer.openArray(received);
      } catch (const std::exception& e) {
        ok = false;
        why = e.what();
      }
    }
  }
  return ok;
}

void PeerHaloTransport::afterReserve(int axis, const std::vector<Parcel>& sent, const std::vector<Parcel>& received,
                                     const std::vector<std::size_t>& reallocated) {
  for (std::size_t i : reallocated) _announced[i] = 0;
  // in(c, axis, side) is filled by the neighbour on `side`: it learns of a new allocation that will receive
  // something. It predicts the same from the counts and the size of what it opened last, so both sides
  // know every message's size.
  std::array<std::vector<char>, 2> announce, expected;
  for (const Parcel& p : received)
    for (int side = 0; side < 2; ++side) {
      const std::size_t i = index(p.channel, axis, side);
      if (p.elements[side] == 0 || _announced[i]) continue;
      put(announce[side], p.channel, _peer.exportArray(in(p.channel, axis, side)));
      _announced[i] = 1;
    }
  for (const Parcel& p : sent)
    for (int side = 0; side < 2; ++side) {
      auto& target = _targets[index(p.channel, axis, side)];
      const std::size_t need = bytes(p, side);
      if (need > 0 && (!target || need > target->byteSize())) {
        expected[side].resize(expected[side].size() + recordBytes);
        target.reset();  // closed before any new one is opened
      }
    }
  _decomp.exchangeBytesAlong(axis, announce[0].data(), announce[0].size(), announce[1].data(), announce[1].size(),
                             expected[1].data(), expected[1].size(), expected[0].data(), expected[0].size());
  for (int side = 0; side < 2; ++side)
    for (auto& [channel, description] : entries(expected[side])) {
      if (channel < 0 || channel >= numChannels())
        throw MardynException("GPU halo exchange: a description of channel " + std::to_string(channel));
      _targets[index(channel, axis, side)] = _peer.openArray(description);
    }
}

void PeerHaloTransport::send(int axis, const std::vector<Parcel>& parcels) {
  for (int side = 0; side < 2; ++side) {
    for (const Parcel& p : parcels) {
      const std::size_t n = bytes(p, side);
      if (n == 0) continue;
      auto& target = _targets[index(p.channel, axis, side)];
      if (!target) throw MardynException("GPU halo exchange: no buffer of the neighbour for " + out(p.channel, axis, side).name());
      _peer.copy(out(p.channel, axis, side), 0, *target, 0, n);
      _peerBytes += n;
    }
    // The neighbour on `side` sees this process on its side 1 - side.
    _peer.signal(*_neighbourFlags[axis][side], static_cast<std::size_t>(2 * axis + 1 - side), ++_sent[axis][side]);
  }
}

void PeerHaloTransport::receive(int axis, const std::vector<Parcel>& /*parcels*/) {
  for (int side = 0; side < 2; ++side) _peer.wait(_flags, static_cast<std::size_t>(2 * axis + side), ++_received[axis][side]);
}

}  // namespace mardyn::gpu
