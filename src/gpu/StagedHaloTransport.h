// StagedHaloTransport: the faces' buffers travel through pinned host memory: downloaded on the current
// queue, exchanged with the neighbours by DomainDecompBase::exchangeBytesAlong (MPI), uploaded on the
// current queue. The host waits for the downloads (receive()); the path of every backend and of processes
// on different nodes.
#pragma once

#include "gpu/HaloTransport.h"

#include "compute/ComputeEvent.h"

namespace mardyn::gpu {

class StagedHaloTransport : public HaloTransport {
 public:
  StagedHaloTransport(compute::ComputeContext& context, const DomainDecompBase& decomp, std::vector<Channel> channels);
  ~StagedHaloTransport() override;

  std::string name() const override { return "pinned host buffers and MPI messages"; }
  bool receiveWaitsOnHost() const override { return true; }
  void send(int axis, const std::vector<Parcel>& parcels) override;
  void receive(int axis, const std::vector<Parcel>& parcels) override;

 private:
  /// Pinned memory of at least `bytes`; `pending`, if recorded, must pass before the old one is released.
  void ensure(compute::PinnedHostBuffer& buffer, std::size_t bytes, compute::ComputeEvent* pending, bool& recorded);

  std::array<std::array<compute::PinnedHostBuffer, 2>, 3> _outgoing, _incoming;
  std::array<std::array<std::size_t, 2>, 3> _sentBytes{};
  std::array<std::unique_ptr<compute::ComputeEvent>, 3> _downloaded, _uploaded;
  std::array<bool, 3> _downloadRecorded{}, _uploadRecorded{};
};

}  // namespace mardyn::gpu
