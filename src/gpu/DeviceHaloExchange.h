// DeviceHaloExchange: the device's cells under MPI, one GPU per rank. Only what must travel crosses
// the host: when the cells are rebuilt, the owned molecules that left the region (migration through
// DomainDecompBase::routeLeavers) and, axis by axis, the entries of the owned layers next to each face
// that the neighbour needs as its halo (packed and unpacked on the device, sent with
// DomainDecompBase::shiftBytes); between rebuilds, the positions and orientations of the same entries.
// Along axes where the process is its own neighbour the periodic images are made on the device
// (CellBuilder::addImages) as on one process. Corners reach diagonal neighbours through later axes.
#pragma once

#include "gpu/DeviceTimeStep.h"
#include "gpu/GpuComponent.h"

#include "Domain.h"
#include "parallel/DomainDecompBase.h"

#include <array>
#include <memory>
#include <vector>

namespace mardyn::gpu {

class DeviceHaloExchange {
 public:
  explicit DeviceHaloExchange(DeviceTimeStep& step);
  ~DeviceHaloExchange();

  /// Collective: migration, then the cells rebuilt with the neighbours' boundary layers as halo.
  /// countPerComponent / rotDofPerComponent: this process's owned molecules, updated.
  void rebuild(DomainDecompBase& decomp, const Domain& domain, std::vector<unsigned long>& countPerComponent,
               std::vector<unsigned long>& rotDofPerComponent);
  /// Collective, between rebuilds: the halo entries take their originals' new positions and orientations.
  void refresh(DomainDecompBase& decomp);

 private:
  /// One side of one axis: what was sent (slots after the rebuild) and where the received entries went.
  struct Face {
    compute::ComputeArray<int> sendList, recvList;
    int sendCount = 0, recvCount = 0, recvFirstEntry = 0;
    Vec3 shift;  ///< added to positions sent this way (a box length across the box's face)
  };
  void migrate(DomainDecompBase& decomp, const Domain& domain, std::vector<unsigned long>& countPerComponent,
               std::vector<unsigned long>& rotDofPerComponent);
  void exchangeAxis(DomainDecompBase& decomp, int axis);

  DeviceTimeStep& _step;
  compute::ComputeContext& _context;
  std::array<std::array<Face, 2>, 3> _faces;
  int _remote = 0;  ///< entries received so far in this rebuild
  compute::ComputeArray<int> _flags;
  compute::PrecisionArray _packPos, _packQuat;
  compute::ComputeArray<int> _packType;
  compute::ComputeArray<std::uint64_t> _packId;
  std::unique_ptr<compute::ComputeKernel> _flagLeavers, _packLeavers, _flagFace, _packFace, _append, _toSlots,
      _rangeToSlots, _packSlots, _unpackSlots;
};

}  // namespace mardyn::gpu
