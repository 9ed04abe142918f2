// VerletLists: list sizes from the density, the build with its overflow check, the traversal launch.
#include "gpu/VerletLists.h"

#include "utils/MardynException.h"

#include <algorithm>
#include <cmath>

namespace mardyn::gpu {

namespace {
constexpr std::size_t warpBlock = 32;  // WARP_BLOCK of the program
}  // namespace

VerletLists::VerletLists(compute::ComputeContext& context, ComponentDescriptor& descriptor, const DeviceGrid& grid)
    : _context(context),
      _descriptor(descriptor),
      _grid(grid),
      _neighbours(context, 1, "verletNeighbours"),
      _counts(context, 1, "verletCounts"),
      _overflow(context, 1, "verletOverflow"),
      _flags(context, 1, "verletBoundaryFlags"),
      _interior(context, 1, "verletInterior"),
      _boundary(context, 1, "verletBoundary"),
      _stats(context, compute::PrecisionArray::Kind::Mixed, 2, 1, "verletMoleculeStats") {}

void VerletLists::createKernels(compute::ComputeProgram& program) {
  _build = program.createKernel("buildVerletLists");
  _process = program.createKernel("processVerletLists");
  _flagBoundary = program.createKernel("flagBoundaryMolecules");
  _split = program.createKernel("splitMolecules");
}

void VerletLists::build(MoleculeStorage& storage) {
  _boundaryCount = -1;
  const std::size_t owned = storage.numOwned();
  if (_capacity == 0) {
    // First guess: the partners a molecule has at the mean density of the grid, with room to spare.
    const Vec3 region = _grid.regionMax - _grid.regionMin;
    const double density = static_cast<double>(owned) / std::max(region.x * region.y * region.z, 1e-300);
    const double reach = _descriptor.cutoff() + _grid.skin;
    const double expected = density * 4.18879 * reach * reach * reach;
    _capacity = std::max(32, static_cast<int>(std::ceil(1.3 * expected / 8.0)) * 8);  // whole groups of 8
  }
  runBuild(storage);
  int longest = 0;
  _overflow.downloadBytes(&longest, 0, sizeof(int));
  if (longest > _capacity) {
    _capacity = (longest + longest / 4 + 7) / 8 * 8;
    runBuild(storage);
  }
}

void VerletLists::runBuild(MoleculeStorage& storage) {
  const std::size_t owned = storage.numOwned();
  _stride = static_cast<int>(std::max<std::size_t>(owned, 1));
  const std::size_t entries = static_cast<std::size_t>(_stride) * static_cast<std::size_t>(_capacity);
  if (_neighbours.size() < entries) _neighbours.resize(entries);
  if (_counts.size() < owned) _counts.resize(owned + owned / 8 + 16);
  _stats.grow(owned);
  _overflow.zero();
  if (owned == 0) return;
  const double reach = (_descriptor.cutoff() + _grid.skin) * (1.0 + 1e-6);
  const int h = _grid.haloLayers;
  const int ownedCells = (_grid.dims[0] - 2 * h) * (_grid.dims[1] - 2 * h) * (_grid.dims[2] - 2 * h);
  _build->call()
      .arg(ownedCells)
      .arg(storage.cellStart())
      .arg(storage.ownedIndex())
      .arg(storage.positions().array())
      .arg(_grid.dimsAndHalo())
      .mixedArg(reach * reach)
      .arg(_capacity)
      .arg(_stride)
      .arg(_neighbours)
      .arg(_counts)
      .arg(_overflow)
      .blockShape(warpBlock)
      .executeBlocks(static_cast<std::size_t>(ownedCells));
}

void VerletLists::partition(MoleculeStorage& storage, compute::DeviceScan& scan) {
  const int owned = static_cast<int>(storage.numOwned());
  const std::size_t n = static_cast<std::size_t>(owned) + 1;
  for (auto* a : {&_flags, &_interior, &_boundary})
    if (a->size() < n) a->resize(n + n / 8 + 16);
  _flagBoundary->call()
      .arg(owned)
      .arg(storage.ownedSlots())
      .arg(storage.positions().array())
      .arg(_grid.dimsAndHalo())
      .arg(_flags)
      .execute(static_cast<std::size_t>(owned));
  _boundaryCount = scan.exclusiveTotal(_flags, owned, _flags);
  _split->call().arg(owned).arg(_flags).arg(_interior).arg(_boundary).execute(static_cast<std::size_t>(owned));
}

void VerletLists::process(MoleculeStorage& storage, std::size_t blockSize, Part part) {
  const std::size_t owned = storage.numOwned();
  if (part != Part::All && _boundaryCount < 0)
    throw MardynException("VerletLists: a part of the molecules computed before partition()");
  const std::size_t count = part == Part::All ? owned
                            : part == Part::Boundary ? static_cast<std::size_t>(_boundaryCount)
                                                     : owned - static_cast<std::size_t>(_boundaryCount);
  if (count == 0) return;
  _process->call()
      .arg(static_cast<int>(count))
      .arg(part == Part::Boundary ? _boundary : _interior)
      .arg(part == Part::All ? 0 : 1)
      .arg(storage.ownedSlots())
      .arg(_neighbours)
      .arg(_counts)
      .arg(_stride)
      .arg(storage.positions().array())
      .arg(storage.rotations().array())
      .arg(storage.componentTypes())
      .arg(_descriptor.sites().array())
      .arg(_descriptor.counts())
      .arg(_descriptor.ljParameters().array())
      .arg(storage.forces().array())
      .arg(storage.torques().array())
      .arg(_stats.array())
      .blockShape(blockSize)
      .execute(count);
}

}  // namespace mardyn::gpu
