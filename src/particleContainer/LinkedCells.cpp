// LinkedCells: grid construction, sorting of molecules into cells, halo bookkeeping and the
// traversal of every cell and every neighbouring cell pair exactly once.
#include "particleContainer/LinkedCells.h"

#include "utils/MardynException.h"
#include "utils/MemoryLimit.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace mardyn {

namespace {
std::string vecString(const Vec3& v) {
  std::ostringstream os;
  os.precision(17);
  os << v;
  return os.str();
}
}  // namespace

LinkedCells::LinkedCells(const Vec3& boxMin, const Vec3& boxMax, double cutoff, int cellsInCutoffRadius)
    : _boxMin(boxMin), _boxMax(boxMax), _cutoff(cutoff), _haloLayers(cellsInCutoffRadius) {
  if (!(cutoff > 0.0)) throw MardynException("LinkedCells: cutoff must be positive, got " + std::to_string(cutoff));
  if (cellsInCutoffRadius < 1)
    throw MardynException("LinkedCells: cellsInCutoffRadius must be >= 1, got " + std::to_string(cellsInCutoffRadius));
  buildGrid();
}

double LinkedCells::haloWidth() const { return _cutoff; }

void LinkedCells::buildGrid() {
  const int n = _haloLayers;
  // Sizes in floating point first: a huge region must not overflow the cell counts.
  double cells = 1.0;
  for (int d = 0; d < 3; ++d) {
    const double len = _boxMax[d] - _boxMin[d];
    cells *= std::max<double>(n, std::floor(len / (_cutoff / n) * (1.0 + 1e-14))) + 2.0 * n;
  }
  const double bytes = cells * sizeof(ParticleCell);
  if (!(cells < 2e9) || !MemoryLimit::fits(bytes))
    throw MardynException("LinkedCells: region " + vecString(_boxMin) + " - " + vecString(_boxMax) + " with cutoff " +
                          std::to_string(_cutoff) + " needs " + std::to_string(cells) + " cells (" +
                          MemoryLimit::format(bytes) + "), more than fit in the " +
                          MemoryLimit::format(MemoryLimit::availableBytes()) + " of memory available");
  for (int d = 0; d < 3; ++d) {
    const double len = _boxMax[d] - _boxMin[d];
    if (!(len >= _cutoff))
      throw MardynException("LinkedCells: region " + vecString(_boxMin) + " - " + vecString(_boxMax) +
                            " is narrower than the cutoff " + std::to_string(_cutoff));
    const int inner = std::max(n, static_cast<int>(std::floor(len / (_cutoff / n) * (1.0 + 1e-14))));
    _cellLength[d] = len / inner;
    _cellsPerDim[d] = inner + 2 * n;
    _haloMin[d] = _boxMin[d] - n * _cellLength[d];
    _haloMax[d] = _boxMax[d] + n * _cellLength[d];
  }
  _cells.clear();
  _cells.reserve(static_cast<std::size_t>(_cellsPerDim[0]) * _cellsPerDim[1] * _cellsPerDim[2]);
  for (int z = 0; z < _cellsPerDim[2]; ++z)
    for (int y = 0; y < _cellsPerDim[1]; ++y)
      for (int x = 0; x < _cellsPerDim[0]; ++x) {
        const std::array<int, 3> c{x, y, z};
        bool halo = false;
        Vec3 lo, hi;
        for (int d = 0; d < 3; ++d) {
          halo = halo || c[d] < n || c[d] >= _cellsPerDim[d] - n;
          lo[d] = _boxMin[d] + (c[d] - n) * _cellLength[d];
          hi[d] = lo[d] + _cellLength[d];
        }
        _cells.emplace_back(_cells.size(), c, halo, lo, hi);
      }
  _forwardOffsets.clear();
  const double rc2 = _cutoff * _cutoff;
  for (int dz = -n; dz <= n; ++dz)
    for (int dy = -n; dy <= n; ++dy)
      for (int dx = -n; dx <= n; ++dx) {
        const bool forward = dz > 0 || (dz == 0 && (dy > 0 || (dy == 0 && dx > 0)));
        if (!forward) continue;
        const int off[3] = {dx, dy, dz};
        double d2 = 0.0;
        for (int d = 0; d < 3; ++d) {
          const double gap = std::max(std::abs(off[d]) - 1, 0) * _cellLength[d];
          d2 += gap * gap;
        }
        if (d2 <= rc2) _forwardOffsets.push_back({dx, dy, dz});
      }
}

bool LinkedCells::inOwnedRegion(const Vec3& r) const {
  return r.x >= _boxMin.x && r.x < _boxMax.x && r.y >= _boxMin.y && r.y < _boxMax.y && r.z >= _boxMin.z &&
         r.z < _boxMax.z;
}

std::size_t LinkedCells::cellIndexOf(const Vec3& r) const {
  int c[3];
  for (int d = 0; d < 3; ++d) {
    if (!(r[d] >= _haloMin[d] && r[d] < _haloMax[d]))
      throw MardynException("LinkedCells: position " + vecString(r) + " lies outside the region and its halo " +
                            vecString(_haloMin) + " - " + vecString(_haloMax));
    c[d] = static_cast<int>(std::floor((r[d] - _boxMin[d]) / _cellLength[d])) + _haloLayers;
    // Rounding must not move a position across the owned/halo border.
    int lo = _haloLayers, hi = _cellsPerDim[d] - _haloLayers - 1;
    if (r[d] < _boxMin[d]) {
      lo = 0;
      hi = _haloLayers - 1;
    } else if (r[d] >= _boxMax[d]) {
      lo = _cellsPerDim[d] - _haloLayers;
      hi = _cellsPerDim[d] - 1;
    }
    c[d] = std::clamp(c[d], lo, hi);
  }
  return cellIndex(c[0], c[1], c[2]);
}

void LinkedCells::rebuild(const Vec3& boxMin, const Vec3& boxMax) {
  std::vector<Molecule> owned;
  forEach([&owned](const Molecule& m) { owned.push_back(m); });
  _boxMin = boxMin;
  _boxMax = boxMax;
  buildGrid();
  for (const auto& m : owned) {
    if (inOwnedRegion(m.r())) addParticle(m);
    else _leaving.push_back(m);
  }
}

void LinkedCells::addParticle(const Molecule& m) {
  if (!inOwnedRegion(m.r()))
    throw MardynException("LinkedCells: molecule " + std::to_string(m.id()) + " at " + vecString(m.r()) +
                          " is outside the owned region " + vecString(_boxMin) + " - " + vecString(_boxMax));
  _cells[cellIndexOf(m.r())].add(m);
}

void LinkedCells::addHaloParticle(const Molecule& m) {
  if (inOwnedRegion(m.r()))
    throw MardynException("LinkedCells: halo copy of molecule " + std::to_string(m.id()) + " at " + vecString(m.r()) +
                          " lies inside the owned region");
  _cells[cellIndexOf(m.r())].add(m);
}

void LinkedCells::deleteHaloParticles() {
  for (auto& c : _cells)
    if (c.isHalo()) c.clear();
}

void LinkedCells::update() {
  std::vector<Molecule> moved;
  for (auto& cell : _cells) {
    if (cell.isHalo()) continue;
    auto& mols = cell.molecules();
    for (std::size_t i = 0; i < mols.size();) {
      const Vec3& r = mols[i].r();
      bool stays = true;
      for (int d = 0; d < 3; ++d) stays = stays && r[d] >= cell.boxMin()[d] && r[d] < cell.boxMax()[d];
      if (stays) {
        ++i;
        continue;
      }
      if (inOwnedRegion(r)) moved.push_back(mols[i]);
      else _leaving.push_back(mols[i]);
      mols[i] = mols.back();
      mols.pop_back();
    }
  }
  for (const auto& m : moved) _cells[cellIndexOf(m.r())].add(m);
}

std::vector<Molecule> LinkedCells::extractLeavingParticles() {
  std::vector<Molecule> out;
  out.swap(_leaving);
  return out;
}

void LinkedCells::traverseCells(CellProcessor& processor) {
  if (!processor.setsForces())
    for (auto& cell : _cells)
      for (auto& m : cell.molecules()) m.clearFM();
  processor.initTraversal();
  for (auto& cell : _cells) processor.preprocessCell(cell);
  if (processor.usesCellPairs()) {
    const int nx = _cellsPerDim[0], ny = _cellsPerDim[1], nz = _cellsPerDim[2];
    for (auto& cell1 : _cells) {
      if (cell1.empty()) continue;
      if (!cell1.isHalo()) processor.processCell(cell1);
      const auto& c = cell1.coords();
      for (const auto& off : _forwardOffsets) {
        const int x = c[0] + off[0], y = c[1] + off[1], z = c[2] + off[2];
        if (x < 0 || y < 0 || z < 0 || x >= nx || y >= ny || z >= nz) continue;
        ParticleCell& cell2 = _cells[cellIndex(x, y, z)];
        if (cell2.empty() || (cell1.isHalo() && cell2.isHalo())) continue;
        processor.processCellPair(cell1, cell2);
      }
    }
  }
  for (auto& cell : _cells) processor.postprocessCell(cell);
  processor.endTraversal();
}

std::size_t LinkedCells::removeIf(const std::function<bool(Molecule&)>& remove) {
  std::size_t n = 0;
  for (auto& c : _cells) {
    if (c.isHalo()) continue;
    auto& mols = c.molecules();
    const auto end = std::remove_if(mols.begin(), mols.end(), remove);
    n += static_cast<std::size_t>(mols.end() - end);
    mols.erase(end, mols.end());
  }
  return n;
}

std::size_t LinkedCells::numOwnedParticles() const {
  std::size_t n = 0;
  for (const auto& c : _cells)
    if (!c.isHalo()) n += c.size();
  return n;
}

std::size_t LinkedCells::numHaloParticles() const {
  std::size_t n = 0;
  for (const auto& c : _cells)
    if (c.isHalo()) n += c.size();
  return n;
}

namespace {
bool visits(const ParticleCell& c, IterateOver which) {
  return which == IterateOver::OwnedAndHalo || (which == IterateOver::Halo) == c.isHalo();
}
}  // namespace

void LinkedCells::forEach(const std::function<void(Molecule&)>& f, IterateOver which) {
  for (auto& c : _cells)
    if (visits(c, which))
      for (auto& m : c.molecules()) f(m);
}

void LinkedCells::forEach(const std::function<void(const Molecule&)>& f, IterateOver which) const {
  for (const auto& c : _cells)
    if (visits(c, which))
      for (const auto& m : c.molecules()) f(m);
}

void LinkedCells::forEachRun(const std::function<void(Molecule* first, std::size_t n)>& f, IterateOver which) {
  for (auto& c : _cells)
    if (visits(c, which) && !c.molecules().empty()) f(c.molecules().data(), c.molecules().size());
}

void LinkedCells::forEachRun(const std::function<void(const Molecule* first, std::size_t n)>& f,
                             IterateOver which) const {
  for (const auto& c : _cells)
    if (visits(c, which) && !c.molecules().empty()) f(c.molecules().data(), c.molecules().size());
}

void LinkedCells::forEachInRegion(const Vec3& lo, const Vec3& hi, const std::function<void(const Molecule&)>& f,
                                  IterateOver which) const {
  int cmin[3], cmax[3];
  for (int d = 0; d < 3; ++d) {
    // Clamp in floating point first: the region may be unbounded.
    const double top = _cellsPerDim[d] - 1;
    cmin[d] = static_cast<int>(std::clamp(std::floor((lo[d] - _haloMin[d]) / _cellLength[d]), 0.0, top));
    cmax[d] = static_cast<int>(std::clamp(std::floor((hi[d] - _haloMin[d]) / _cellLength[d]), 0.0, top));
  }
  for (int z = cmin[2]; z <= cmax[2]; ++z)
    for (int y = cmin[1]; y <= cmax[1]; ++y)
      for (int x = cmin[0]; x <= cmax[0]; ++x) {
        const ParticleCell& c = _cells[cellIndex(x, y, z)];
        if (!visits(c, which)) continue;
        for (const auto& m : c.molecules()) {
          const Vec3& r = m.r();
          if (r.x >= lo.x && r.x < hi.x && r.y >= lo.y && r.y < hi.y && r.z >= lo.z && r.z < hi.z) f(m);
        }
      }
}

std::vector<std::size_t> LinkedCells::cellStartIndices() const {
  std::vector<std::size_t> start(_cells.size() + 1, 0);
  for (std::size_t i = 0; i < _cells.size(); ++i) start[i + 1] = start[i] + _cells[i].size();
  return start;
}

}  // namespace mardyn
