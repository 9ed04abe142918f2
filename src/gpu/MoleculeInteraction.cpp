// MoleculeInteraction: program assembly and the per-step sequence of the device traversal.
#include "gpu/MoleculeInteraction.h"

#include "compute/KernelSources.h"
#include "particleContainer/LinkedCells.h"
#include "utils/MardynException.h"

#include <algorithm>
#include <chrono>
#include <ostream>

namespace mardyn::gpu {

namespace {
constexpr int warpBlock = 32;

double secondsSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
}  // namespace

MoleculeInteraction::MoleculeInteraction(compute::ComputeContext& context, const std::vector<Component>& components,
                                         const InteractionParameters& params, const CellProcessorVariant& variant, int blockSize, std::ostream* debugLog,
                                         bool deterministic)
    : _context(context),
      _variant(variant),
      _blockSize(0),
      _deterministic(deterministic) {
  if (components.empty()) throw MardynException("GPU decorator: no components");
  _descriptor = std::make_unique<ComponentDescriptor>(context, components, params);
  _blockSize = chooseBlockSize(blockSize);
  _storage = std::make_unique<MoleculeStorage>(context);
  _traverser = std::make_unique<DomainTraverser>(context);
  _stats = std::make_unique<GlobalStats>(context);
  _conditions = std::make_unique<DeviceConditions>(context, *_storage);
  _storage->setCellStats(&_stats->cellStats());
  _storage->setOrientationFree(_descriptor->orientationFree());
  // Order of the per-step calls: the pair list and the statistics array before the storage (whose
  // clearing kernel also zeroes the statistics).
  _components = {_descriptor.get(), _traverser.get(), _stats.get(), _storage.get(), _conditions.get()};
  if (variant.mapping == CellProcessorVariant::Mapping::PersistentBlocks) {
    _scheduler = std::make_unique<WarpBlockScheduler>(context, variant.eachPairTwice,
                                                      deterministic && !variant.alwaysDeterministic);
    _components.push_back(_scheduler.get());
  }

  compute::ComputeContext::Defines defines;
  for (auto* c : _components) c->addDefines(defines);
  defines["BLOCK_SIZE"] = std::to_string(_blockSize);
  defines["WARP_BLOCK"] = std::to_string(warpBlock);
  std::string source = compute::KernelSources::withRequirements(variant.kernelFile);
  for (const char* file : {"gpu/kernels/MoleculeStorage.cc", "gpu/kernels/DeviceConditions.cc"})
    source += "#line 1 \"" + std::string(file) + "\"\n" + compute::KernelSources::get(file) + "\n";
  _program = context.compileProgram(source, defines, "gpu-" + variant.name);
  for (auto* c : _components) c->createKernels(*_program);
  _processor = _program->createKernel("processCellPairs");
  if (static_cast<std::size_t>(_blockSize) > _processor->maxBlockSize() &&
      variant.mapping != CellProcessorVariant::Mapping::ThreadPerCellPair)
    throw MardynException("GPU cell processor " + variant.name + ": block size " + std::to_string(_blockSize) +
                          " exceeds the device's limit of " + std::to_string(_processor->maxBlockSize()) +
                          " for this kernel");
  if (variant.mapping == CellProcessorVariant::Mapping::PersistentBlocks) {
    _residentBlocks = _processor->residentBlocks(static_cast<std::size_t>(_blockSize));
    if (_residentBlocks == 0)
      throw MardynException("GPU cell processor " + variant.name + ": no block of " + std::to_string(_blockSize) +
                            " threads fits on " + context.deviceInfo().describe() + " (registers or shared memory)");
  }
  for (auto* c : _components) c->uploadStaticData();
  if (debugLog) _descriptor->print(*debugLog);
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
                                  4 * _context.realSize() * static_cast<std::size_t>(_descriptor->sitesPerMolecule()) +
                                  sizeof(int);
    constexpr std::size_t limit = 48 * 1024;
    if (requested <= 0)
      while (size > warpBlock && perThread * static_cast<std::size_t>(size) > limit) size /= 2;
    const std::size_t bytes = perThread * static_cast<std::size_t>(size);
    if (bytes > limit)
      throw MardynException(what + ": block size " + std::to_string(size) + " needs " + std::to_string(bytes) +
                            " bytes of shared memory for molecules of " +
                            std::to_string(_descriptor->sitesPerMolecule()) + " site slots (at most " +
                            std::to_string(limit) + "); use a smaller blockSize");
  }
  return size;
}

void MoleculeInteraction::compute(LinkedCells& cells) {
  auto t0 = std::chrono::steady_clock::now();
  for (auto* c : _components) c->preInteraction(cells);
  _context.synchronize();
  _timings.upload = secondsSince(t0);

  t0 = std::chrono::steady_clock::now();
  launchProcessor();
  _context.synchronize();
  _timings.kernels = secondsSince(t0);

  t0 = std::chrono::steady_clock::now();
  _storage->downloadResults();
  for (auto* c : _components) c->postInteraction(cells);
  _timings.download = secondsSince(t0);
}

void MoleculeInteraction::addMoleculeArguments(compute::KernelCall& call) {
  call.arg(_storage->cellStart())
      .arg(_storage->cellIsHalo())
      .arg(_storage->positions().array())
      .arg(_storage->rotations().array())
      .arg(_storage->componentTypes())
      .arg(_descriptor->sites().array())
      .arg(_descriptor->counts())
      .arg(_descriptor->ljParameters().array())
      .arg(_storage->forces().array())
      .arg(_storage->torques().array());
}

void MoleculeInteraction::launchProcessor() {
  using M = CellProcessorVariant::Mapping;
  if (_variant.mapping == M::PersistentBlocks) {
    launchPersistent();
    return;
  }
  for (const auto& launch : _traverser->launches()) {
    auto call = _processor->call();
    call.arg(_traverser->cellPairs()).arg(launch.first).arg(launch.count);
    addMoleculeArguments(call);
    call.arg(_stats->cellStats().array()).blockShape(static_cast<std::size_t>(_blockSize));
    const std::size_t pairs = static_cast<std::size_t>(launch.count);
    if (_variant.mapping == M::ThreadPerCellPair)
      call.execute(pairs);  // one thread per pair
    else
      call.executeBlocks(pairs);  // one block per pair
  }
}

void MoleculeInteraction::launchPersistent() {
  _scheduler->buildJobs(*_traverser, *_storage);
  const int warpsPerBlock = _blockSize / warpBlock;
  const std::size_t wanted = static_cast<std::size_t>((_scheduler->numJobs() + warpsPerBlock - 1) / warpsPerBlock);
  const std::size_t grid = std::max<std::size_t>(1, std::min(_residentBlocks, wanted));
  const int deterministic = _deterministic ? 1 : 0;
  const auto& launches = _traverser->launches();
  for (std::size_t index = 0; index < launches.size(); ++index) {
    const auto& launch = launches[index];
    auto call = _processor->call();
    call.arg(_traverser->cellPairs())
        .arg(_scheduler->jobs())
        .arg(_scheduler->jobStart())
        .arg(launch.first)
        .arg(launch.count)
        .arg(_scheduler->queueCounters())
        .arg(static_cast<int>(index));
    addMoleculeArguments(call);
    call.arg(_scheduler->moleculeStats().array())
        .arg(_scheduler->cellLocks())
        .arg(deterministic)
        .blockShape(static_cast<std::size_t>(_blockSize))
        .executeBlocks(grid);
  }
  _scheduler->reduceStats(*_storage, _stats->cellStats());
}

}  // namespace mardyn::gpu
