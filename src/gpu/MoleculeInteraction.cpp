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
constexpr int schedulerStateSize = 64;

double secondsSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
}  // namespace

MoleculeInteraction::MoleculeInteraction(compute::ComputeContext& context, const std::vector<Component>& components,
                                         const InteractionParameters& params, const CellProcessorVariant& variant, int blockSize, std::ostream* debugLog,
                                         bool deterministic)
    : _context(context),
      _variant(variant),
      _blockSize(blockSize > 0 ? blockSize : variant.defaultBlockSize),
      _deterministic(deterministic),
      _schedulerState(context, schedulerStateSize, "schedulerState") {
  if (variant.needsWarpBlocks && (_blockSize < warpBlock || (_blockSize & (_blockSize - 1)) != 0))
    throw MardynException("GPU cell processor " + variant.name + ": block size " + std::to_string(_blockSize) +
                          " must be a power of two and at least " + std::to_string(warpBlock));
  if (components.empty()) throw MardynException("GPU decorator: no components");
  _descriptor = std::make_unique<ComponentDescriptor>(context, components, params);
  if (variant.mapping == CellProcessorVariant::Mapping::BlockPerCellPair) {
    // Shared memory of the block processors: centre, force, torque (mixed4), sites (real4 each),
    // component (int) and statistics (mixed2) per thread; 48 KiB is what every target offers.
    const std::size_t perThread = 3 * 4 * context.mixedSize() + 4 * context.realSize() * _descriptor->sitesPerMolecule() +
                                  sizeof(int) + 2 * context.mixedSize();
    const std::size_t bytes = perThread * static_cast<std::size_t>(_blockSize);
    if (bytes > 48 * 1024)
      throw MardynException("GPU cell processor " + variant.name + ": block size " + std::to_string(_blockSize) + " needs " +
                            std::to_string(bytes) + " bytes of shared memory for molecules of " +
                            std::to_string(_descriptor->sitesPerMolecule()) + " site slots (at most 49152); use a "
                            "smaller blockSize");
  }
  _storage = std::make_unique<MoleculeStorage>(context);
  _traverser = std::make_unique<DomainTraverser>(context);
  _stats = std::make_unique<GlobalStats>(context);
  _conditions = std::make_unique<DeviceConditions>(context, *_storage);
  _storage->setCellStats(&_stats->cellStats());
  _storage->setOrientationFree(_descriptor->orientationFree());
  // Order of the per-step calls: the pair list and the statistics array before the storage (whose
  // clearing kernel also zeroes the statistics).
  _components = {_descriptor.get(), _traverser.get(), _stats.get(), _storage.get(), _conditions.get()};

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
  for (auto* c : _components) c->uploadStaticData();
  if (debugLog) _descriptor->print(*debugLog);
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

void MoleculeInteraction::launchProcessor() {
  using M = CellProcessorVariant::Mapping;
  const std::size_t persistentBlocks =
      static_cast<std::size_t>(std::max(1, _context.deviceInfo().computeUnits)) * 4;
  for (const auto& launch : _traverser->launches()) {
    auto call = _processor->call();
    call.arg(_traverser->cellPairs())
        .arg(launch.first)
        .arg(launch.count)
        .arg(_storage->cellStart())
        .arg(_storage->cellIsHalo())
        .arg(_storage->positions().array())
        .arg(_storage->rotations().array())
        .arg(_storage->componentTypes())
        .arg(_descriptor->sites().array())
        .arg(_descriptor->counts())
        .arg(_descriptor->ljParameters().array())
        .arg(_storage->forces().array())
        .arg(_storage->torques().array())
        .arg(_stats->cellStats().array())
        .arg(_schedulerState);
    const std::size_t pairs = static_cast<std::size_t>(launch.count);
    switch (_variant.mapping) {
      case M::ThreadPerCellPair:
        call.blockShape(static_cast<std::size_t>(_blockSize)).execute(pairs);
        break;
      case M::BlockPerCellPair:
        call.blockShape(static_cast<std::size_t>(_blockSize)).executeBlocks(pairs);
        break;
      case M::PersistentBlocks:
        _schedulerState.zero();
        call.blockShape(static_cast<std::size_t>(_blockSize)).executeBlocks(std::min(pairs, persistentBlocks));
        break;
    }
  }
}

}  // namespace mardyn::gpu
