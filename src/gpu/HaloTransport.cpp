// HaloTransport: the faces' device buffers, their growth, and the choice of the transport all processes use.
#include "gpu/HaloTransport.h"

#include "gpu/PeerHaloTransport.h"
#include "gpu/StagedHaloTransport.h"

#include "compute/PeerAccess.h"
#include "utils/MardynException.h"

#include <algorithm>

namespace mardyn::gpu {

HaloTransport::HaloTransport(compute::ComputeContext& context, const DomainDecompBase& decomp,
                             std::vector<Channel> channels)
    : _context(context), _decomp(decomp), _channels(std::move(channels)) {
  _out.resize(_channels.size() * 6);
  _in.resize(_channels.size() * 6);
  for (int c = 0; c < numChannels(); ++c)
    for (int axis = 0; axis < 3; ++axis)
      for (int side = 0; side < 2; ++side) {
        const std::string face = "[" + std::to_string(axis) + "][" + std::to_string(side) + "]";
        _out[index(c, axis, side)] = context.createArrayImpl(1, _channels[c].elementBytes, _channels[c].name + "Out" + face);
        _in[index(c, axis, side)] = context.createArrayImpl(1, _channels[c].elementBytes, _channels[c].name + "In" + face);
      }
}

HaloTransport::~HaloTransport() = default;

void HaloTransport::reserve(int axis, const std::vector<Parcel>& sent, const std::vector<Parcel>& received) {
  // Buffers grow with room to spare and never shrink; contents are not kept (the packing follows).
  const auto grow = [&](std::unique_ptr<compute::ArrayInterface>& a, int channel, std::size_t n, const std::string& name) {
    if (a->size() >= n) return false;
    a = _context.createArrayImpl(n + n / 4 + 64, _channels.at(channel).elementBytes, name);
    return true;
  };
  for (const Parcel& p : sent)
    for (int side = 0; side < 2; ++side) {
      auto& a = _out.at(index(p.channel, axis, side));
      grow(a, p.channel, p.elements[side], a->name());
    }
  std::vector<std::size_t> reallocated;
  for (const Parcel& p : received)
    for (int side = 0; side < 2; ++side) {
      auto& a = _in.at(index(p.channel, axis, side));
      const std::size_t want = p.elements[side] == 0 ? 0 : std::max(p.elements[side], minimumIncoming(p.channel));
      if (grow(a, p.channel, want, a->name())) reallocated.push_back(index(p.channel, axis, side));
    }
  afterReserve(axis, sent, received, reallocated);
}

void HaloTransport::afterReserve(int /*axis*/, const std::vector<Parcel>& /*sent*/, const std::vector<Parcel>& /*received*/,
                                 const std::vector<std::size_t>& /*reallocated*/) {}

std::unique_ptr<HaloTransport> HaloTransport::create(compute::ComputeContext& context, const DomainDecompBase& decomp,
                                                     std::vector<Channel> channels, Preference preference,
                                                     std::string& line, compute::PeerAccess* peer) {
  std::string why;
  if (preference == Preference::Staged) {
    auto staged = std::make_unique<StagedHaloTransport>(context, decomp, std::move(channels));
    line = "GPU halo exchange: " + staged->name() + " (asked for)";
    return staged;
  }
  // Every process tries; the set-up exchanges are collective, so a process that cannot still takes part.
  if (!peer) peer = context.peerAccess(why);
  std::unique_ptr<PeerHaloTransport> direct;
  if (peer) direct = std::make_unique<PeerHaloTransport>(context, decomp, channels, *peer);
  const bool connected = PeerHaloTransport::connect(direct.get(), decomp, why);
  if (!decomp.anyTrue(!connected)) {
    line = "GPU halo exchange: " + direct->name() + ", on a stream of its own" +
           (decomp.deviceAwareMessages() ? " (the MPI library is CUDA-aware too; not needed within a node)"
                                         : " (the MPI library is not CUDA-aware; not needed within a node)");
    return direct;
  }
  if (connected) why = "another process has no device-to-device path to its neighbours";
  if (preference == Preference::Peer)
    throw MardynException("GPU halo exchange: haloTransfer=peer, but no device-to-device path: " + why);
  direct.reset();
  auto staged = std::make_unique<StagedHaloTransport>(context, decomp, std::move(channels));
  line = "GPU halo exchange: " + staged->name() + " (no device-to-device path: " + why + ")";
  return staged;
}

}  // namespace mardyn::gpu
