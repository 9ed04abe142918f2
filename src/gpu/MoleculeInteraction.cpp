// MoleculeInteraction: program assembly and the launches of one traversal.
#include "gpu/MoleculeInteraction.h"

#include "compute/KernelSources.h"
#include "utils/MardynException.h"

#include <algorithm>
#include <chrono>

namespace mardyn::gpu {

namespace {
constexpr int warpBlock = 32;
}  // namespace

MoleculeInteraction::MoleculeInteraction(compute::ComputeContext& context, ComponentDescriptor& descriptor,
                                         const DeviceGrid& grid, const CellProcessorVariant& variant, int blockSize,
                                         bool deterministic)
    : _context(context),
      _descriptor(descriptor),
      _grid(grid),
      _variant(variant),
      _blockSize(0),
      _deterministic(deterministic) {
  using M = CellProcessorVariant::Mapping;
  _blockSize = chooseBlockSize(blockSize);
  std::vector<GpuComponent*> components{&_descriptor};
  if (variant.mapping == M::PersistentBlocks) {
    _scheduler = std::make_unique<WarpBlockScheduler>(context, variant.eachPairTwice,
                                                      deterministic && !variant.alwaysDeterministic);
    components.push_back(_scheduler.get());
  }
  if (variant.mapping == M::VerletList) {
    _lists = std::make_unique<VerletLists>(context, descriptor, grid);
    components.push_back(_lists.get());
  }
  compute::ComputeContext::Defines defines;
  for (auto* c : components) c->addDefines(defines);
  defines["BLOCK_SIZE"] = std::to_string(_blockSize);
  defines["WARP_BLOCK"] = std::to_string(warpBlock);
  const std::string source =
      compute::KernelSources::withRequirements(std::vector<std::string>{variant.kernelFile, "gpu/kernels/MoleculeStorage.cc"});
  _program = context.compileProgram(source, defines, "gpu-" + variant.name);
  for (auto* c : components)
    if (c != &_descriptor) c->createKernels(*_program);
  _clear = _program->createKernel("clearAccumulators");
  _processor = _program->createKernel(variant.mapping == M::VerletList ? "processVerletLists" : "processCellPairs");
  if (static_cast<std::size_t>(_blockSize) > _processor->maxBlockSize() && variant.mapping != M::ThreadPerCellPair)
    throw MardynException("GPU cell processor " + variant.name + ": block size " + std::to_string(_blockSize) +
                          " exceeds the device's limit of " + std::to_string(_processor->maxBlockSize()) +
                          " for this kernel");
  if (variant.mapping == M::PersistentBlocks) {
    _residentBlocks = _processor->residentBlocks(static_cast<std::size_t>(_blockSize));
    if (_residentBlocks == 0)
      throw MardynException("GPU cell processor " + variant.name + ": no block of " + std::to_string(_blockSize) +
                            " threads fits on " + context.deviceInfo().describe() + " (registers or shared memory)");
  }
}

int MoleculeInteraction::chooseBlockSize(int requested) const {
  using M = CellProcessorVariant::Mapping;
  const auto& info = _context.deviceInfo();
  const std::string what = "GPU cell processor " + _variant.name;
  int size = requested > 0 ? requested : _variant.defaultBlockSize;
  if (_variant.mapping == M::PersistentBlocks) {
    // A warp is WARP_BLOCK threads that wait for each other at SYNC_WARPS and run independently of the
    // other warps (spinning on locks and turns that other warps release). CUDA warps are that. An
    // OpenCL work-group may run its sub-groups one after another, so there a work-group is one warp.
    if (info.backend == "cuda" && info.simtWidth != warpBlock)
      throw MardynException(what + " needs warps of " + std::to_string(warpBlock) + " threads; " + info.describe() +
                            " has " + std::to_string(info.simtWidth));
    if (info.backend != "cuda") {
      if (requested > 0 && requested != warpBlock)
        throw MardynException(what + " on " + info.describe() + ": block size " + std::to_string(requested) +
                              " is not possible; an OpenCL work-group runs one warp of " + std::to_string(warpBlock) +
                              " work-items, since OpenCL does not promise that the sub-groups of a work-group "
                              "progress independently (use blockSize " + std::to_string(warpBlock) + ")");
      size = warpBlock;
    }
  }
  if (_variant.needsWarpBlocks && (size < warpBlock || (size & (size - 1)) != 0))
    throw MardynException(what + ": block size " + std::to_string(size) + " must be a power of two and at least " +
                          std::to_string(warpBlock));
  if (_variant.sharedMixed4 > 0 || _variant.sharedMixed2 > 0) {
    // Shared memory of the block processors: mixed4/mixed2 entries, the sites (real4 each) and the
    // component (int) of one molecule per thread; 48 KiB is what every target offers.
    const std::size_t perThread = static_cast<std::size_t>(_variant.sharedMixed4) * 4 * _context.mixedSize() +
                                  static_cast<std::size_t>(_variant.sharedMixed2) * 2 * _context.mixedSize() +
                                  4 * _context.realSize() * static_cast<std::size_t>(_descriptor.sitesPerMolecule()) +
                                  sizeof(int);
    constexpr std::size_t limit = 48 * 1024;
    if (requested <= 0)
      while (size > warpBlock && perThread * static_cast<std::size_t>(size) > limit) size /= 2;
    const std::size_t bytes = perThread * static_cast<std::size_t>(size);
    if (bytes > limit)
      throw MardynException(what + ": block size " + std::to_string(size) + " needs " + std::to_string(bytes) +
                            " bytes of shared memory for molecules of " +
                            std::to_string(_descriptor.sitesPerMolecule()) + " site slots (at most " +
                            std::to_string(limit) + "); use a smaller blockSize");
  }
  return size;
}

void MoleculeInteraction::prepare(TraversalTarget& target) {
  using M = CellProcessorVariant::Mapping;
  MoleculeStorage& storage = target.storage;
  if (_builtFor == storage.structureVersion()) return;
  _builtFor = storage.structureVersion();
  if (_variant.mapping == M::VerletList) {
    _lists->build(storage);
    if (_split) _lists->partition(storage, target.scan);
  }
  if (_variant.mapping == M::PersistentBlocks) _scheduler->buildJobs(target.traverser, storage);
}

void MoleculeInteraction::computeInterior(TraversalTarget& target) {
  if (!_split) throw MardynException("MoleculeInteraction: computeInterior without split");
  prepare(target);
  _lists->process(target.storage, static_cast<std::size_t>(_blockSize), VerletLists::Part::Interior);
}

void MoleculeInteraction::computeBoundary(TraversalTarget& target) {
  if (!_split) throw MardynException("MoleculeInteraction: computeBoundary without split");
  _lists->process(target.storage, static_cast<std::size_t>(_blockSize), VerletLists::Part::Boundary);
}

void MoleculeInteraction::sumParts(TraversalTarget& target) {
  target.stats.reduce(_lists->stats(), target.storage.numOwned(), target.results, 0);
}

void MoleculeInteraction::compute(TraversalTarget& target) {
  using M = CellProcessorVariant::Mapping;
  MoleculeStorage& storage = target.storage;
  if (_timed) _context.synchronize();
  const auto t0 = std::chrono::steady_clock::now();
  prepare(target);
  if (_variant.mapping == M::VerletList) {
    _lists->process(storage, static_cast<std::size_t>(_blockSize));
    target.stats.reduce(_lists->stats(), storage.numOwned(), target.results, 0);
  } else {
    compute::PrecisionArray& cellStats = target.stats.cellStats(storage.numCells());
    const int slots = static_cast<int>(storage.numSlots()), cells = static_cast<int>(storage.numCells());
    _clear->call()
        .arg(storage.forces().array())
        .arg(storage.torques().array())
        .arg(slots)
        .arg(cellStats.array())
        .arg(cells)
        .execute(static_cast<std::size_t>(std::max({slots, cells, 1})));
    if (_variant.mapping == M::PersistentBlocks) {
      launchPersistent(target);
    } else {
      launchPerPair(target);
    }
    target.stats.reduce(cellStats, storage.numCells(), target.results, 0);
  }
  if (_timed) {
    _context.synchronize();
    _timings.kernels = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
}

void MoleculeInteraction::addMoleculeArguments(compute::KernelCall& call, MoleculeStorage& storage) {
  call.arg(storage.cellStart())
      .arg(storage.cellIsHalo())
      .arg(storage.positions().array())
      .arg(storage.rotations().array())
      .arg(storage.componentTypes())
      .arg(_descriptor.sites().array())
      .arg(_descriptor.counts())
      .arg(_descriptor.ljParameters().array())
      .arg(storage.forces().array())
      .arg(storage.torques().array());
}

void MoleculeInteraction::launchPerPair(TraversalTarget& target) {
  for (const auto& launch : target.traverser.launches()) {
    auto call = _processor->call();
    call.arg(target.traverser.cellPairs()).arg(launch.first).arg(launch.count);
    addMoleculeArguments(call, target.storage);
    call.arg(target.stats.cellStats().array()).blockShape(static_cast<std::size_t>(_blockSize));
    const std::size_t pairs = static_cast<std::size_t>(launch.count);
    if (_variant.mapping == CellProcessorVariant::Mapping::ThreadPerCellPair)
      call.execute(pairs);  // one thread per pair
    else
      call.executeBlocks(pairs);  // one block per pair
  }
}

void MoleculeInteraction::launchPersistent(TraversalTarget& target) {
  _scheduler->resetQueues(target.traverser, target.storage);
  const int warpsPerBlock = _blockSize / warpBlock;
  const std::size_t wanted = static_cast<std::size_t>((_scheduler->numJobs() + warpsPerBlock - 1) / warpsPerBlock);
  const std::size_t grid = std::max<std::size_t>(1, std::min(_residentBlocks, wanted));
  const int deterministic = _deterministic ? 1 : 0;
  const auto& launches = target.traverser.launches();
  for (std::size_t index = 0; index < launches.size(); ++index) {
    const auto& launch = launches[index];
    auto call = _processor->call();
    call.arg(target.traverser.cellPairs())
        .arg(_scheduler->jobs())
        .arg(_scheduler->jobStart())
        .arg(launch.first)
        .arg(launch.count)
        .arg(_scheduler->queueCounters())
        .arg(static_cast<int>(index));
    addMoleculeArguments(call, target.storage);
    call.arg(_scheduler->moleculeStats().array())
        .arg(_scheduler->cellLocks())
        .arg(deterministic)
        .blockShape(static_cast<std::size_t>(_blockSize))
        .executeBlocks(grid);
  }
  _scheduler->reduceStats(target.storage, target.stats.cellStats());
}

}  // namespace mardyn::gpu
