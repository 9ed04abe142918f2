// PeerHaloTransport: exporting and opening the faces' buffers, copies and flags between the devices.
#include "gpu/PeerHaloTransport.h"

#include "utils/MardynException.h"

#include <cstring>

namespace mardyn::gpu {

namespace {
/// Messages of descriptions: per entry the channel, the length and the bytes.
void put(std::vector<char>& message, int channel, const std::vector<char>& description) {
  const long long header[2] = {channel, static_cast<long long>(description.size())};
  const char* h = reinterpret_cast<const char*>(header);
  message.insert(message.end(), h, h + sizeof header);
  message.insert(message.end(), description.begin(), description.end());
}

std::vector<std::pair<int, std::vector<char>>> entries(const std::vector<char>& message) {
  std::vector<std::pair<int, std::vector<char>>> out;
  std::size_t at = 0;
  while (at < message.size()) {
    long long header[2];
    if (message.size() - at < sizeof header) throw MardynException("GPU halo exchange: a truncated description");
    std::memcpy(header, message.data() + at, sizeof header);
    at += sizeof header;
    const auto n = static_cast<std::size_t>(header[1]);
    if (header[1] < 0 || message.size() - at < n) throw MardynException("GPU halo exchange: a truncated description");
    out.emplace_back(static_cast<int>(header[0]), std::vector<char>(message.begin() + static_cast<long>(at),
                                                                    message.begin() + static_cast<long>(at + n)));
    at += n;
  }
  return out;
}

int direction(int side) { return side == 0 ? -1 : +1; }
}  // namespace

PeerHaloTransport::PeerHaloTransport(compute::ComputeContext& context, const DomainDecompBase& decomp,
                                     std::vector<Channel> channels, compute::PeerAccess& peer)
    : HaloTransport(context, decomp, std::move(channels)), _peer(peer), _flags(context, 6, "haloFlags") {
  _flags.zero();
  // Done before the flags are exported: a neighbour's first signal must not meet a zeroing still queued.
  _context.synchronize();
  _targets.resize(_out.size());
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

void PeerHaloTransport::incomingReallocated(int axis, const std::vector<std::pair<int, int>>& channelAndSide) {
  for (int side = 0; side < 2; ++side) {
    // in(c, axis, side) is filled by the neighbour on `side`; the neighbour on the other side sends the
    // descriptions of its buffers that this process fills through out(c, axis, 1 - side).
    std::vector<char> message;
    for (const auto& [channel, s] : channelAndSide)
      if (s == side) put(message, channel, _peer.exportArray(in(channel, axis, side)));
    for (auto& [channel, description] : entries(_decomp.shiftBytes(message, axis, direction(side)))) {
      if (channel < 0 || channel >= numChannels()) throw MardynException("GPU halo exchange: a description of channel " + std::to_string(channel));
      _targets[index(channel, axis, 1 - side)] = _peer.openArray(description);
    }
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
