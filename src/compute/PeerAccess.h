// PeerAccess: device memory shared between the processes of one node (CUDA IPC), so that halo layers travel
// from device to device without the host: a process exports an array, a neighbour process opens it and copies
// into it on its current queue, then raises a flag word in the owner's memory that the owner's queue waits
// for. Backends without it return none from ComputeContext::peerAccess (the caller stages through the host).
#pragma once

#include "compute/ArrayInterface.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mardyn::compute {

/// Another process's array, opened in this one (closed with the object). It refers to the allocation that was
/// exported: after the owner resizes the array, it must be exported and opened again.
class PeerArray {
 public:
  virtual ~PeerArray() = default;
  virtual std::size_t byteSize() const = 0;
};

class PeerAccess {
 public:
  virtual ~PeerAccess() = default;

  /// What carries the bytes, for the start-up line ("CUDA IPC").
  virtual std::string name() const = 0;
  /// The least size of an array to export: smaller allocations may share the block another process maps
  /// with another array (CUDA: 2 MiB pages), and a block is opened once.
  virtual std::size_t minimumExportBytes() const { return 0; }
  /// A description of `array` as allocated now that a process on the same node passes to openArray().
  virtual std::vector<char> exportArray(const ArrayInterface& array) = 0;
  /// Opens an array another process exported (or this one: then the array itself). Throws ComputeException
  /// naming the reason where that is not possible (another node, no peer access between the devices).
  virtual std::unique_ptr<PeerArray> openArray(const std::vector<char>& description) = 0;
  /// On the current queue: bytes [sourceOffset, sourceOffset + bytes) of `source` into `destination` at
  /// destinationOffset.
  virtual void copy(const ArrayInterface& source, std::size_t sourceOffset, PeerArray& destination,
                    std::size_t destinationOffset, std::size_t bytes) = 0;
  /// On the current queue, once the copies queued before it have landed: element `index` of the opened
  /// uint32 array `flags` becomes `value`.
  virtual void signal(PeerArray& flags, std::size_t index, std::uint32_t value) = 0;
  /// Work queued later on the current queue waits until element `index` of this process's uint32 array
  /// `flags` has reached `value` (cyclic: (int32_t)(flag - value) >= 0).
  virtual void wait(const ArrayInterface& flags, std::size_t index, std::uint32_t value) = 0;
};

}  // namespace mardyn::compute
