// DeviceGrid: the linked-cell grid of the device's own cells: the owned region split into cells of at
// least (cutoff + skin) / cellsInCutoffRadius, surrounded by that many halo layers (the grid of the
// LinkedCells the decorator wraps), the periodic box, and along which axes the process is its own
// periodic neighbour (where halo images are made on the device).
#pragma once

#include "particleContainer/LinkedCells.h"
#include "utils/Vec3.h"

#include "compute/VectorTypes.h"

#include <array>
#include <cmath>
#include <vector>

namespace mardyn::gpu {

struct DeviceGrid {
  std::array<int, 3> dims{0, 0, 0};  ///< cells per axis, halo layers included
  int haloLayers = 1;
  Vec3 origin;                       ///< lower corner of the grid (halo layers included)
  Vec3 cellLength;
  Vec3 regionMin, regionMax;         ///< the owned region
  Vec3 boxMin;                       ///< the periodic box is [boxMin, boxMin + box)
  Vec3 box;
  std::array<bool, 3> selfPeriodic{true, true, true};  ///< the process is its own neighbour along the axis
  double skin = 0.0;                 ///< rebuild when a molecule moved more than skin / 2
  std::vector<char> isHalo;          ///< per cell
  std::vector<std::array<int, 3>> forwardOffsets;  ///< neighbour stencil, one of each +- pair

  /// The grid of `cells` (built with cutoff + skin) in the periodic box [boxMin, boxMin + box).
  static DeviceGrid of(const LinkedCells& cells, const Vec3& box, double skin,
                       std::array<bool, 3> selfPeriodic = {true, true, true}, const Vec3& boxMin = {}) {
    DeviceGrid g;
    g.dims = cells.cellsPerDim();
    g.haloLayers = cells.cellsInCutoffRadius();
    g.cellLength = cells.cellLength();
    g.regionMin = cells.boundingBoxMin();
    g.regionMax = cells.boundingBoxMax();
    g.origin = g.regionMin - g.cellLength * static_cast<double>(g.haloLayers);
    g.box = box;
    g.boxMin = boxMin;
    g.selfPeriodic = selfPeriodic;
    g.skin = skin;
    for (const auto& c : cells.cells()) g.isHalo.push_back(c.isHalo() ? 1 : 0);
    g.forwardOffsets = cells.forwardNeighbourOffsets();
    return g;
  }
  std::size_t numCells() const { return isHalo.size(); }
  compute::mm_int4 dimsAndHalo() const { return {dims[0], dims[1], dims[2], haloLayers}; }
  compute::mm_int4 selfPeriodicFlags() const { return {selfPeriodic[0], selfPeriodic[1], selfPeriodic[2], 0}; }
  /// The periodic image of x along `axis` nearest to `near` (x itself where that is x).
  double imageNear(int axis, double x, double near) const {
    const double k = std::round((near - x) / box[axis]);
    return k == 0 ? x : x + k * box[axis];
  }
};

}  // namespace mardyn::gpu
