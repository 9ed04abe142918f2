// CUDA IPC between the processes of one node: an array is exported as an IPC memory handle with the node,
// process and device it lives on; a neighbour opens it (cuIpcOpenMemHandle, peer access enabled as needed;
// in the exporting process itself it is the array) and copies into it on its current stream; flags are
// raised with stream memory operations (cuStreamWriteValue32 into the peer's memory, where the driver
// refuses that: a copy of a word) and waited for with cuStreamWaitValue32, so no host waits for either.
#pragma once

#include <cuda.h>

#include <map>
#include <memory>
#include <string>

#include "compute/ComputeArray.h"
#include "compute/PeerAccess.h"

namespace mardyn::cuda {

class CudaContext;

class CudaPeerAccess : public compute::PeerAccess {
 public:
  /// Throws ComputeException naming the reason when the device cannot wait on memory from a stream.
  explicit CudaPeerAccess(CudaContext& context);
  ~CudaPeerAccess() override;

  std::string name() const override { return "CUDA IPC"; }
  /// The driver places smaller allocations side by side in 2 MiB pages; an IPC handle maps the page, and a
  /// second handle into a page already opened fails (CUDA_ERROR_ALREADY_MAPPED).
  std::size_t minimumExportBytes() const override { return std::size_t(2) << 20; }
  std::vector<char> exportArray(const compute::ArrayInterface& array) override;
  std::unique_ptr<compute::PeerArray> openArray(const std::vector<char>& description) override;
  void copy(const compute::ArrayInterface& source, std::size_t sourceOffset, compute::PeerArray& destination,
            std::size_t destinationOffset, std::size_t bytes) override;
  void signal(compute::PeerArray& flags, std::size_t index, std::uint32_t value) override;
  void wait(const compute::ArrayInterface& flags, std::size_t index, std::uint32_t value) override;

  /// The identity of this node (host name and boot id) as written into descriptions.
  static std::string nodeIdentity();

 private:
  CudaContext& _context;
  std::string _busId;          ///< PCI bus id of this context's device
  bool _writeValueWorks = true;  ///< false once the driver refused cuStreamWriteValue32 on peer memory
  /// Words copied into peers' flags where cuStreamWriteValue32 is refused: one per (flags, index).
  std::map<std::pair<const compute::PeerArray*, std::size_t>, std::unique_ptr<compute::ComputeArray<std::uint32_t>>>
      _signalWords;
};

}  // namespace mardyn::cuda
