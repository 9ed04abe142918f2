// CellProcessorRegistry: the device cell processors by name. A processor is one kernel file with a
// `processCellPairs` kernel of its mapping's signature (kernels/ReferenceCellProcessor.cc for the
// per-pair mappings, kernels/WarpBlockCellProcessor.cc for persistent blocks; the Verlet-list mapping's
// kernels are those of kernels/VerletListCellProcessor.cc) plus one line in the table of
// CellProcessorRegistry.cpp saying how its launches are shaped.
#pragma once

#include <string>
#include <vector>

namespace mardyn::gpu {

struct CellProcessorVariant {
  /// How the cell pairs of a launch map onto threads.
  enum class Mapping {
    ThreadPerCellPair,  ///< one thread walks a whole cell pair
    BlockPerCellPair,   ///< one block per cell pair (grid = number of pairs)
    PersistentBlocks,   ///< as many blocks as stay resident; the kernel schedules the pairs itself
    VerletList          ///< one thread per owned molecule walks its list (built after every cell rebuild)
  };
  std::string name;            ///< as given on the command line / in XML
  std::string kernelFile;      ///< embedded path, e.g. "gpu/kernels/ThreadBlockCellProcessor.cc"
  Mapping mapping;
  int defaultBlockSize;        ///< threads per block
  bool needsWarpBlocks;        ///< block size must be a power of two, multiple of WARP_BLOCK
  /// Shared memory per thread: mixed4 and mixed2 entries beside one molecule's sites (real4 each) and
  /// component (int); 0 and 0: no shared memory.
  int sharedMixed4;
  int sharedMixed2;
  /// PersistentBlocks: jobs for both cells of a pair, each writing its own side (true), or for the
  /// pair's owned cell only, writing both sides under locks (false).
  bool eachPairTwice;
  /// Whether results are bitwise reproducible without MoleculeInteraction's deterministic flag.
  bool alwaysDeterministic;
  std::string description;
};

class CellProcessorRegistry {
 public:
  /// Every registered processor, in registration order.
  static const std::vector<CellProcessorVariant>& all();
  /// The processor of this name (case-insensitive); throws MardynException listing the names.
  static const CellProcessorVariant& find(const std::string& name);
};

}  // namespace mardyn::gpu
