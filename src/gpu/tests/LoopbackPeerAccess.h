// LoopbackPeerAccess: a test double of compute::PeerAccess for one process (the loop-back decomposition
// is its own neighbour): "exported" arrays are opened as themselves, copies are device copies of the
// context, a flag is raised by writing it and a wait checks (on the host, behind the queue's work) that the
// flag has reached the value waited for, so that the peer transport's bookkeeping (buffers re-opened after
// they grew, sequence numbers, offsets) runs on every backend.
#pragma once

#include "compute/ComputeException.h"
#include "compute/PeerAccess.h"

#include <cstdint>
#include <cstring>
#include <string>

namespace mardyn::gpu::testing {

class LoopbackPeerAccess : public compute::PeerAccess {
 public:
  std::string name() const override { return "loop-back copies"; }

  std::vector<char> exportArray(const compute::ArrayInterface& array) override {
    const Description d{&const_cast<compute::ArrayInterface&>(array).backendArray(), array.byteSize()};
    std::vector<char> bytes(sizeof d);
    std::memcpy(bytes.data(), &d, sizeof d);
    ++exports;
    return bytes;
  }
  std::unique_ptr<compute::PeerArray> openArray(const std::vector<char>& description) override {
    Description d{};
    if (description.size() != sizeof d) throw compute::ComputeException("loop-back peer: a description of wrong size");
    std::memcpy(&d, description.data(), sizeof d);
    return std::make_unique<Opened>(d);
  }
  void copy(const compute::ArrayInterface& source, std::size_t sourceOffset, compute::PeerArray& destination,
            std::size_t destinationOffset, std::size_t bytes) override {
    auto& to = dynamic_cast<Opened&>(destination);
    if (destinationOffset + bytes > to.d.bytes)
      throw compute::ComputeException("loop-back peer: a copy beyond the end of the opened array");
    source.copyBytesTo(*to.d.array, sourceOffset, destinationOffset, bytes);
    copied += bytes;
  }
  void signal(compute::PeerArray& flags, std::size_t index, std::uint32_t value) override {
    dynamic_cast<Opened&>(flags).d.array->uploadBytes(&value, 4 * index, 4);
    ++signals;
  }
  void wait(const compute::ArrayInterface& flags, std::size_t index, std::uint32_t value) override {
    std::uint32_t now = 0;
    flags.downloadBytes(&now, 4 * index, 4);
    if (static_cast<std::int32_t>(now - value) < 0)
      throw compute::ComputeException("loop-back peer: waits for flag " + std::to_string(index) + " to reach " +
                                      std::to_string(value) + ", it is " + std::to_string(now));
    ++waits;
  }

  std::uint64_t copied = 0;
  unsigned long exports = 0, signals = 0, waits = 0;

 private:
  struct Description {
    compute::ArrayInterface* array;
    std::size_t bytes;
  };
  struct Opened : compute::PeerArray {
    explicit Opened(Description description) : d(description) {}
    std::size_t byteSize() const override { return d.bytes; }
    Description d;
  };
};

}  // namespace mardyn::gpu::testing
