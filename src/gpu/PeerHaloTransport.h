// PeerHaloTransport: the faces' buffers travel from device to device (compute::PeerAccess, CUDA IPC within a
// node). Each process exports its incoming buffers to the neighbour that fills them (again when they grow:
// both sides know when from the exchanged counts, so the descriptions travel in one message round of known
// sizes) and a word of flags per face; send() copies into the neighbour's buffers on the current queue and
// raises its flag with a sequence number, receive() makes the current queue wait for this process's flags.
// No host waits for either: a step's halo refresh is queued and runs while the host goes on.
#pragma once

#include "gpu/HaloTransport.h"

#include "compute/ComputeArray.h"
#include "compute/PeerAccess.h"

namespace mardyn::gpu {

class PeerHaloTransport : public HaloTransport {
 public:
  PeerHaloTransport(compute::ComputeContext& context, const DomainDecompBase& decomp, std::vector<Channel> channels,
                    compute::PeerAccess& peer);
  ~PeerHaloTransport() override;

  /// Collective: every process passes its transport (nullptr where it has none) and exchanges its flags
  /// with its neighbours along every axis with several processes; false, with the reason in `why`, where
  /// this process could not open a neighbour's flags.
  static bool connect(PeerHaloTransport* transport, const DomainDecompBase& decomp, std::string& why);

  std::string name() const override { return "device to device (" + _peer.name() + ")"; }
  bool receiveWaitsOnHost() const override { return false; }
  void send(int axis, const std::vector<Parcel>& parcels) override;
  void receive(int axis, const std::vector<Parcel>& parcels) override;

 protected:
  void afterReserve(int axis, const std::vector<Parcel>& sent, const std::vector<Parcel>& received,
                    const std::vector<std::size_t>& reallocated) override;
  std::size_t minimumIncoming(int channel) const override {
    return (_peer.minimumExportBytes() + _channels.at(channel).elementBytes - 1) / _channels.at(channel).elementBytes;
  }

 private:
  compute::PeerAccess& _peer;
  /// flags[2 axis + side]: messages received so far from the neighbour on that side.
  compute::ComputeArray<std::uint32_t> _flags;
  /// The neighbours' flags (per axis and side) and incoming buffers (by index(): where out() goes).
  std::array<std::array<std::unique_ptr<compute::PeerArray>, 2>, 3> _neighbourFlags;
  std::vector<std::unique_ptr<compute::PeerArray>> _targets;
  std::vector<char> _announced;  ///< by index(): the incoming buffer as allocated now was exported
  std::array<std::array<std::uint32_t, 2>, 3> _sent{}, _received{};
};

}  // namespace mardyn::gpu
