// HaloTransport: moves what DeviceHaloExchange and DeviceMigration packed on the device to the neighbour
// processes along one axis of the process grid, both faces at once, on the compute context's current queue.
// Every face (axis, side) has an outgoing and an incoming device buffer per channel (the kinds of data:
// entry states, tags, ...); what this process packs into out(c, axis, s) arrives in in(c, axis, 1 - s) of
// the neighbour on side s. Two implementations: PeerHaloTransport (device to device, CUDA IPC) and
// StagedHaloTransport (pinned host buffers and messages); create() picks one, agreed by all processes.
#pragma once

#include "compute/ComputeContext.h"
#include "compute/PeerAccess.h"
#include "parallel/DomainDecompBase.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mardyn::gpu {

class HaloTransport {
 public:
  /// A kind of data that travels: bytes per element and a name for the device arrays.
  struct Channel {
    std::size_t elementBytes;
    std::string name;
  };
  /// Elements of one channel for the lower (0) and the upper (1) face.
  struct Parcel {
    int channel;
    std::array<std::size_t, 2> elements;
  };
  /// Which transport: "auto" (device to device where every process can, else staged), "peer" (device to
  /// device or an error naming why not), "staged".
  enum class Preference { Auto, Peer, Staged };

  /// Collective: the transport for `decomp` (all processes agree on one); `line` receives a sentence for
  /// the start-up line naming it (and, where the device path is not taken, why). peer: the peer access to
  /// use instead of the context's own (nullptr: the context's).
  static std::unique_ptr<HaloTransport> create(compute::ComputeContext& context, const DomainDecompBase& decomp,
                                               std::vector<Channel> channels, Preference preference,
                                               std::string& line, compute::PeerAccess* peer = nullptr);

  virtual ~HaloTransport();
  HaloTransport(const HaloTransport&) = delete;
  HaloTransport& operator=(const HaloTransport&) = delete;

  /// "device to device (CUDA IPC)" or "pinned host buffers and MPI messages".
  virtual std::string name() const = 0;
  /// Whether receive() makes the host wait for the device and the neighbours (the staged path).
  virtual bool receiveWaitsOnHost() const = 0;

  compute::ArrayInterface& out(int channel, int axis, int side) { return *_out.at(index(channel, axis, side)); }
  compute::ArrayInterface& in(int channel, int axis, int side) { return *_in.at(index(channel, axis, side)); }

  /// Collective along `axis`: room for the parcels this process sends and receives (their elements known
  /// to both sides: the counts were exchanged before). The incoming buffers keep no contents.
  void reserve(int axis, const std::vector<Parcel>& sent, const std::vector<Parcel>& received);
  /// Queues on the current queue, after the work queued there so far (the packing), the parcels'
  /// elements of out() to the neighbours.
  virtual void send(int axis, const std::vector<Parcel>& parcels) = 0;
  /// Work queued on the current queue after this call sees the parcels' elements in in(). Collective
  /// along `axis`, after send() of the same axis.
  virtual void receive(int axis, const std::vector<Parcel>& parcels) = 0;

  /// Bytes copied from this device into the neighbours' devices so far.
  std::uint64_t deviceToDeviceBytes() const { return _peerBytes; }

 protected:
  HaloTransport(compute::ComputeContext& context, const DomainDecompBase& decomp, std::vector<Channel> channels);
  /// Called by reserve() on every process after the buffers grew (`reallocated`: the indices of incoming
  /// buffers with new contents and addresses): the peer transport tells the neighbours. Collective along
  /// `axis`.
  virtual void afterReserve(int axis, const std::vector<Parcel>& sent, const std::vector<Parcel>& received,
                            const std::vector<std::size_t>& reallocated);
  /// Elements an incoming buffer of `channel` holds at least once it receives anything (the peer transport:
  /// arrays it exports must not share an allocation block).
  virtual std::size_t minimumIncoming(int /*channel*/) const { return 0; }
  std::size_t bytes(const Parcel& parcel, int side) const {
    return parcel.elements[side] * _channels.at(parcel.channel).elementBytes;
  }
  std::size_t index(int channel, int axis, int side) const {
    return (static_cast<std::size_t>(channel) * 3 + static_cast<std::size_t>(axis)) * 2 + static_cast<std::size_t>(side);
  }
  int numChannels() const { return static_cast<int>(_channels.size()); }

  compute::ComputeContext& _context;
  const DomainDecompBase& _decomp;
  std::vector<Channel> _channels;
  std::vector<std::unique_ptr<compute::ArrayInterface>> _out, _in;
  std::uint64_t _peerBytes = 0;
};

}  // namespace mardyn::gpu
