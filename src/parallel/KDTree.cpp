// KDTree: recursive bisection of the cell grid; at each node the processes are split in two (every way
// for small nodes, else in halves) and the cuboid along an axis at the cell plane that evens the cost per
// process (per unit of speed, where the processes' speeds differ) of both sides, on the axes the rules
// allow; the most even split wins.
#include "parallel/KDTree.h"

#include "utils/MardynException.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace mardyn {

namespace {

/// Regions of at least m cells per axis that fit in a box (a grid of them).
long capacity(const KDTree::Box& box, int m) {
  long c = 1;
  for (int d = 0; d < 3; ++d) c *= (box.hi[d] - box.lo[d]) / m;
  return c;
}

std::size_t cellIndex(const KDTree::Cell& cells, int x, int y, int z) {
  return static_cast<std::size_t>(x) + static_cast<std::size_t>(cells[0]) *
                                           (static_cast<std::size_t>(y) + static_cast<std::size_t>(cells[1]) * z);
}

}  // namespace

KDTree KDTree::balance(const Cell& cells, const std::vector<double>& cost, int procs, const Rules& rules,
                       const std::vector<double>& speed) {
  if (procs < 1) throw MardynException("KDTree: no processes to place");
  const std::size_t n = static_cast<std::size_t>(cells[0]) * cells[1] * cells[2];
  if (cells[0] < 1 || cells[1] < 1 || cells[2] < 1 || cost.size() != n)
    throw MardynException("KDTree: " + std::to_string(cost.size()) + " costs for a grid of " + std::to_string(cells[0]) +
                          " x " + std::to_string(cells[1]) + " x " + std::to_string(cells[2]) + " cells");
  if (!speed.empty() && speed.size() != static_cast<std::size_t>(procs))
    throw MardynException("KDTree: " + std::to_string(speed.size()) + " speeds for " + std::to_string(procs) +
                          " processes");
  std::vector<double> speedBelow(static_cast<std::size_t>(procs) + 1, 0.0);
  for (int r = 0; r < procs; ++r) {
    const double s = speed.empty() ? 1.0 : speed[static_cast<std::size_t>(r)];
    if (!(s > 0.0) || !std::isfinite(s))
      throw MardynException("KDTree: speed " + std::to_string(s) + " of process " + std::to_string(r) +
                            " (expected a finite number > 0)");
    speedBelow[static_cast<std::size_t>(r) + 1] = speedBelow[static_cast<std::size_t>(r)] + s;
  }
  KDTree tree;
  tree._cells = cells;
  Box all;
  all.hi = cells;
  const int m = std::max(1, rules.minCellsPerDim);
  if (capacity(all, m) < procs)
    throw MardynException("KDDecomposition: a grid of " + std::to_string(cells[0]) + " x " + std::to_string(cells[1]) +
                          " x " + std::to_string(cells[2]) + " cells (cells at least the cutoff radius plus the Verlet "
                          "skin wide) cannot give " + std::to_string(procs) + " processes regions of at least " +
                          std::to_string(m) + " cells along each axis (minNumCellsPerDimension); run on fewer "
                          "processes or lower minNumCellsPerDimension");
  tree._regions.resize(static_cast<std::size_t>(procs));
  tree._nodes.emplace_back();
  tree.split(0, all, 0, procs, cost, rules, speedBelow);
  return tree;
}

void KDTree::split(int node, const Box& box, int firstRank, int procs, const std::vector<double>& cost,
                   const Rules& rules, const std::vector<double>& speedBelow) {
  if (procs == 1) {
    _nodes[static_cast<std::size_t>(node)].rank = firstRank;
    _regions[static_cast<std::size_t>(firstRank)] = box;
    return;
  }
  const int m = std::max(1, rules.minCellsPerDim);
  int longest = 0;
  for (int d = 1; d < 3; ++d)
    if (box.hi[d] - box.lo[d] > box.hi[longest] - box.lo[longest]) longest = d;
  std::vector<int> lefts;
  if (procs <= rules.fullSearchThreshold)
    for (int p = 1; p < procs; ++p) lefts.push_back(p);
  else
    lefts.push_back(procs / 2);
  struct Choice {
    int axis = -1, at = 0, left = 0;
    double worst = std::numeric_limits<double>::infinity();  // the larger cost per speed of the two sides
    double shape = std::numeric_limits<double>::infinity();  // how far the cells split from the processes
  };
  // The best split along each axis: the most even costs, then the most even split of the cells.
  const auto bestAlong = [&](int axis) {
    Choice best;
    const int ext = box.hi[axis] - box.lo[axis];
    if (ext < 2 * m) return best;
    // Cost of each slice of the box across the axis, summed from the low end.
    std::vector<double> below(static_cast<std::size_t>(ext) + 1, 0.0);
    for (int z = box.lo[2]; z < box.hi[2]; ++z)
      for (int y = box.lo[1]; y < box.hi[1]; ++y)
        for (int x = box.lo[0]; x < box.hi[0]; ++x) {
          const int c[3] = {x, y, z};
          below[static_cast<std::size_t>(c[axis] - box.lo[axis]) + 1] += cost[cellIndex(_cells, x, y, z)];
        }
    for (int k = 1; k <= ext; ++k) below[static_cast<std::size_t>(k)] += below[static_cast<std::size_t>(k) - 1];
    const double total = below[static_cast<std::size_t>(ext)];
    // The summed speeds of the processes of each side (their numbers where all are equal).
    const auto speedOf = [&](int first, int count) {
      return speedBelow[static_cast<std::size_t>(first + count)] - speedBelow[static_cast<std::size_t>(first)];
    };
    const double speedAll = speedOf(firstRank, procs);
    for (int left : lefts) {
      const int right = procs - left;
      const double speedLeft = speedOf(firstRank, left), speedRight = speedOf(firstRank + left, right);
      for (int k = m; k <= ext - m; ++k) {
        Box lo = box, hi = box;
        lo.hi[axis] = box.lo[axis] + k;
        hi.lo[axis] = box.lo[axis] + k;
        if (capacity(lo, m) < left || capacity(hi, m) < right) continue;
        const double costLow = below[static_cast<std::size_t>(k)];
        const double worst = std::max(costLow / speedLeft, (total - costLow) / speedRight);
        const double shape = std::abs(static_cast<double>(k) / ext - speedLeft / speedAll);
        const double tolerance = 1e-12 * std::max(std::abs(worst), std::abs(best.worst));
        if (best.axis < 0 || worst < best.worst - tolerance || (worst <= best.worst + tolerance && shape < best.shape - 1e-12))
          best = {axis, box.lo[axis] + k, left, worst, shape};
      }
    }
    return best;
  };
  // ls1's splitBiggestDimension: the longest side only. Otherwise the side that balances best; of the
  // sides within 2 % of it the longest, so that the regions stay close to cubes (a smaller halo).
  const auto choose = [&](bool onlyLongest) {
    Choice along[3];
    double bestWorst = std::numeric_limits<double>::infinity();
    for (int axis = 0; axis < 3; ++axis) {
      if (onlyLongest && axis != longest) continue;
      along[axis] = bestAlong(axis);
      if (along[axis].axis >= 0) bestWorst = std::min(bestWorst, along[axis].worst);
    }
    Choice chosen;
    for (int axis = 0; axis < 3; ++axis) {
      const Choice& c = along[axis];
      if (c.axis < 0 || c.worst > bestWorst * (1.0 + 0.02) + 1e-300) continue;
      if (chosen.axis < 0 || box.hi[axis] - box.lo[axis] > box.hi[chosen.axis] - box.lo[chosen.axis]) chosen = c;
    }
    return chosen;
  };
  Choice best = choose(rules.splitBiggestDimension || procs > rules.splitThreshold);
  if (best.axis < 0) best = choose(false);  // the longest side cannot be split for these processes: any side
  if (best.axis < 0)
    throw MardynException("KDDecomposition: a region of " + std::to_string(box.hi[0] - box.lo[0]) + " x " +
                          std::to_string(box.hi[1] - box.lo[1]) + " x " + std::to_string(box.hi[2] - box.lo[2]) +
                          " cells cannot be split over " + std::to_string(procs) + " processes with at least " +
                          std::to_string(m) + " cells along each axis");
  Box lo = box, hi = box;
  lo.hi[best.axis] = best.at;
  hi.lo[best.axis] = best.at;
  const int leftNode = static_cast<int>(_nodes.size());
  _nodes.emplace_back();
  const int rightNode = static_cast<int>(_nodes.size());
  _nodes.emplace_back();
  Node& self = _nodes[static_cast<std::size_t>(node)];
  self.axis = best.axis;
  self.split = best.at;
  self.left = leftNode;
  self.right = rightNode;
  split(leftNode, lo, firstRank, best.left, cost, rules, speedBelow);
  split(rightNode, hi, firstRank + best.left, procs - best.left, cost, rules, speedBelow);
}

int KDTree::owner(const Cell& cell) const {
  std::size_t n = 0;
  while (_nodes[n].axis >= 0) n = static_cast<std::size_t>(cell[_nodes[n].axis] < _nodes[n].split ? _nodes[n].left : _nodes[n].right);
  return _nodes[n].rank;
}

std::vector<double> KDTree::regionCosts(const std::vector<double>& cost) const {
  std::vector<double> sums(_regions.size(), 0.0);
  for (std::size_t r = 0; r < _regions.size(); ++r) {
    const Box& b = _regions[r];
    for (int z = b.lo[2]; z < b.hi[2]; ++z)
      for (int y = b.lo[1]; y < b.hi[1]; ++y)
        for (int x = b.lo[0]; x < b.hi[0]; ++x) sums[r] += cost[cellIndex(_cells, x, y, z)];
  }
  return sums;
}

}  // namespace mardyn
